/**
 * Domain vocabulary the fake-data library does not have: the network's
 * industries, job families with real titles and skills, schools, degrees.
 * Names and prose come from Faker; this keeps titles and skills coherent so
 * that a search for "engineer" finds engineers.
 */
import type { CompanySizeCode, ExperienceLevel, ExperienceLevelCode, JobTypeCode } from './types.js';

export interface JobFunction {
  key: string;
  /** Name used in "Director of …", "VP of …". */
  department: string;
  titles: string[];
  skills: string[];
  fields: string[];
  hashtags: string[];
}

export const JOB_FUNCTIONS: readonly JobFunction[] = [
  {
    key: 'engineering',
    department: 'Engineering',
    titles: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'Full Stack Developer', 'DevOps Engineer', 'Site Reliability Engineer', 'Mobile Developer', 'QA Engineer', 'Machine Learning Engineer', 'Solutions Architect'],
    skills: ['TypeScript', 'JavaScript', 'Python', 'Java', 'Go', 'Kubernetes', 'AWS', 'React', 'Node.js', 'SQL', 'Docker', 'Microservices', 'CI/CD', 'System Design'],
    fields: ['Computer Science', 'Software Engineering', 'Electrical Engineering', 'Mathematics'],
    hashtags: ['#softwareengineering', '#programming', '#cloud', '#devops', '#ai', '#opensource'],
  },
  {
    key: 'data',
    department: 'Data',
    titles: ['Data Scientist', 'Data Analyst', 'Data Engineer', 'Business Intelligence Analyst', 'Analytics Engineer'],
    skills: ['Python', 'SQL', 'Machine Learning', 'Statistics', 'Tableau', 'Power BI', 'Spark', 'dbt', 'Data Visualization', 'Pandas'],
    fields: ['Statistics', 'Data Science', 'Computer Science', 'Economics'],
    hashtags: ['#datascience', '#analytics', '#machinelearning', '#ai', '#bigdata'],
  },
  {
    key: 'product',
    department: 'Product',
    titles: ['Product Manager', 'Product Owner', 'Product Designer', 'UX Designer', 'UX Researcher'],
    skills: ['Product Management', 'Roadmapping', 'User Research', 'Figma', 'Agile', 'A/B Testing', 'Product Strategy', 'Prototyping'],
    fields: ['Human-Computer Interaction', 'Design', 'Business Administration', 'Psychology'],
    hashtags: ['#productmanagement', '#ux', '#design', '#startups'],
  },
  {
    key: 'sales',
    department: 'Sales',
    titles: ['Account Executive', 'Sales Development Representative', 'Business Development Manager', 'Account Manager', 'Customer Success Manager', 'Sales Engineer'],
    skills: ['B2B Sales', 'Salesforce', 'Negotiation', 'Lead Generation', 'Account Management', 'Cold Calling', 'Social Selling', 'SaaS'],
    fields: ['Business Administration', 'Marketing', 'Communications'],
    hashtags: ['#sales', '#b2b', '#socialselling', '#saas', '#customersuccess'],
  },
  {
    key: 'marketing',
    department: 'Marketing',
    titles: ['Marketing Manager', 'Content Strategist', 'Digital Marketing Specialist', 'Growth Marketer', 'Brand Manager', 'SEO Specialist', 'Communications Manager'],
    skills: ['Digital Marketing', 'SEO', 'Content Marketing', 'Google Analytics', 'Copywriting', 'Social Media Marketing', 'HubSpot', 'Brand Strategy'],
    fields: ['Marketing', 'Communications', 'Journalism'],
    hashtags: ['#marketing', '#contentmarketing', '#branding', '#growth', '#seo'],
  },
  {
    key: 'hr',
    department: 'People',
    titles: ['Recruiter', 'Technical Recruiter', 'Talent Acquisition Specialist', 'HR Business Partner', 'People Operations Manager'],
    skills: ['Recruiting', 'Talent Acquisition', 'Employer Branding', 'Onboarding', 'HRIS', 'Interviewing', 'Employee Relations'],
    fields: ['Human Resources', 'Psychology', 'Business Administration'],
    hashtags: ['#hiring', '#recruiting', '#hr', '#futureofwork', '#leadership'],
  },
  {
    key: 'finance',
    department: 'Finance',
    titles: ['Financial Analyst', 'Accountant', 'Controller', 'Investment Analyst', 'Risk Analyst', 'Auditor'],
    skills: ['Financial Modeling', 'Excel', 'Accounting', 'Forecasting', 'Risk Management', 'IFRS', 'Budgeting', 'Valuation'],
    fields: ['Finance', 'Accounting', 'Economics'],
    hashtags: ['#finance', '#fintech', '#investing', '#accounting'],
  },
  {
    key: 'operations',
    department: 'Operations',
    titles: ['Operations Manager', 'Project Manager', 'Program Manager', 'Supply Chain Analyst', 'Logistics Coordinator'],
    skills: ['Project Management', 'Operations Management', 'Lean Six Sigma', 'Supply Chain Management', 'Process Improvement', 'Scrum', 'Stakeholder Management'],
    fields: ['Operations Management', 'Industrial Engineering', 'Business Administration'],
    hashtags: ['#operations', '#projectmanagement', '#supplychain', '#leadership'],
  },
  {
    key: 'healthcare',
    department: 'Clinical Operations',
    titles: ['Registered Nurse', 'Physician', 'Clinical Research Coordinator', 'Pharmacist', 'Healthcare Administrator'],
    skills: ['Patient Care', 'Clinical Research', 'Healthcare Management', 'Electronic Medical Records', 'GCP', 'Public Health'],
    fields: ['Nursing', 'Medicine', 'Public Health', 'Pharmacy'],
    hashtags: ['#healthcare', '#medicine', '#nursing', '#healthtech'],
  },
  {
    key: 'education',
    department: 'Academics',
    titles: ['Teacher', 'Professor', 'Lecturer', 'Instructional Designer', 'Academic Advisor'],
    skills: ['Curriculum Development', 'Teaching', 'E-Learning', 'Research', 'Public Speaking', 'Mentoring'],
    fields: ['Education', 'English', 'History', 'Physics'],
    hashtags: ['#education', '#edtech', '#learning', '#teaching'],
  },
  {
    key: 'consulting',
    department: 'Consulting',
    titles: ['Consultant', 'Strategy Consultant', 'Business Analyst', 'Management Consultant'],
    skills: ['Strategy', 'Business Analysis', 'Change Management', 'Stakeholder Management', 'PowerPoint', 'Digital Transformation'],
    fields: ['Business Administration', 'Economics', 'Engineering'],
    hashtags: ['#consulting', '#strategy', '#digitaltransformation', '#leadership'],
  },
  {
    key: 'legal',
    department: 'Legal',
    titles: ['Attorney', 'Paralegal', 'Legal Counsel', 'Compliance Officer'],
    skills: ['Contract Law', 'Compliance', 'Corporate Law', 'Legal Research', 'GDPR', 'Litigation'],
    fields: ['Law'],
    hashtags: ['#legal', '#compliance', '#law'],
  },
];

export interface Industry {
  name: string;
  /** Job families this industry mostly employs. */
  functions: string[];
  specialties: string[];
}

export const INDUSTRIES: readonly Industry[] = [
  { name: 'Software Development', functions: ['engineering', 'product', 'data'], specialties: ['SaaS', 'Cloud Computing', 'Developer Tools', 'APIs', 'Artificial Intelligence'] },
  { name: 'IT Services and IT Consulting', functions: ['engineering', 'consulting'], specialties: ['Systems Integration', 'Managed Services', 'Cloud Migration', 'Cybersecurity'] },
  { name: 'Financial Services', functions: ['finance', 'data'], specialties: ['Payments', 'Wealth Management', 'Lending', 'Fintech'] },
  { name: 'Banking', functions: ['finance', 'operations'], specialties: ['Retail Banking', 'Investment Banking', 'Corporate Banking'] },
  { name: 'Hospitals and Health Care', functions: ['healthcare', 'operations'], specialties: ['Patient Care', 'Telehealth', 'Clinical Research'] },
  { name: 'Pharmaceutical Manufacturing', functions: ['healthcare', 'operations', 'data'], specialties: ['Drug Development', 'Clinical Trials', 'Biologics'] },
  { name: 'Higher Education', functions: ['education'], specialties: ['Research', 'Online Learning', 'Continuing Education'] },
  { name: 'E-Learning Providers', functions: ['education', 'engineering', 'product'], specialties: ['Online Courses', 'Learning Platforms', 'Certification'] },
  { name: 'Marketing Services', functions: ['marketing', 'sales'], specialties: ['Digital Marketing', 'Brand Strategy', 'Performance Marketing', 'Content Production'] },
  { name: 'Staffing and Recruiting', functions: ['hr', 'sales'], specialties: ['Executive Search', 'Contract Staffing', 'RPO', 'Tech Recruiting'] },
  { name: 'Retail', functions: ['operations', 'marketing', 'sales'], specialties: ['E-commerce', 'Omnichannel Retail', 'Merchandising'] },
  { name: 'Manufacturing', functions: ['operations', 'engineering'], specialties: ['Industrial Automation', 'Lean Manufacturing', 'Quality Control'] },
  { name: 'Telecommunications', functions: ['engineering', 'operations', 'sales'], specialties: ['5G', 'Fiber Networks', 'Unified Communications'] },
  { name: 'Real Estate', functions: ['sales', 'finance', 'operations'], specialties: ['Commercial Real Estate', 'Property Management', 'PropTech'] },
  { name: 'Business Consulting and Services', functions: ['consulting', 'finance'], specialties: ['Strategy Consulting', 'Operations Consulting', 'M&A Advisory'] },
  { name: 'Insurance', functions: ['finance', 'data', 'sales'], specialties: ['Life Insurance', 'Property and Casualty', 'InsurTech'] },
  { name: 'Motor Vehicle Manufacturing', functions: ['engineering', 'operations'], specialties: ['Electric Vehicles', 'Autonomous Driving', 'Powertrain'] },
  { name: 'Government Administration', functions: ['operations', 'legal'], specialties: ['Public Policy', 'Digital Government', 'Public Services'] },
  { name: 'Non-profit Organizations', functions: ['operations', 'marketing'], specialties: ['Fundraising', 'Community Development', 'Advocacy'] },
  { name: 'Entertainment Providers', functions: ['marketing', 'product'], specialties: ['Streaming', 'Gaming', 'Live Events'] },
  { name: 'Biotechnology Research', functions: ['healthcare', 'data'], specialties: ['Genomics', 'Gene Therapy', 'Diagnostics'] },
  { name: 'Renewable Energy Power Generation', functions: ['engineering', 'operations'], specialties: ['Solar Energy', 'Wind Energy', 'Energy Storage'] },
  { name: 'Transportation, Logistics, Supply Chain and Storage', functions: ['operations'], specialties: ['Freight', 'Last-Mile Delivery', 'Warehousing'] },
  { name: 'Legal Services', functions: ['legal'], specialties: ['Corporate Law', 'Intellectual Property', 'Litigation'] },
  { name: 'Computer and Network Security', functions: ['engineering', 'consulting'], specialties: ['Threat Intelligence', 'Identity and Access Management', 'Zero Trust'] },
];

/** Functions every industry also employs. */
export const SUPPORT_FUNCTIONS = ['sales', 'marketing', 'hr', 'finance', 'operations'];

export const functionByKey = (key: string): JobFunction => {
  const f = JOB_FUNCTIONS.find((j) => j.key === key);
  if (!f) throw new Error(`unknown job function ${key}`);
  return f;
};

// ---------------------------------------------------------------- experience levels

export const EXPERIENCE_LEVELS: readonly ExperienceLevel[] = ['internship', 'entry', 'associate', 'mid-senior', 'director', 'executive'];

/** The network's codes for experience levels (1 = internship … 6 = executive). */
export const EXPERIENCE_LEVEL_CODES: Record<ExperienceLevel, ExperienceLevelCode> = {
  internship: '1',
  entry: '2',
  associate: '3',
  'mid-senior': '4',
  director: '5',
  executive: '6',
};

/** Years in the workforce by level: [min, max]. */
export const CAREER_YEARS: Record<ExperienceLevel, [number, number]> = {
  internship: [0, 0],
  entry: [0, 2],
  associate: [2, 5],
  'mid-senior': [5, 15],
  director: [10, 22],
  executive: [15, 30],
};

/** A title at a level, e.g. "Senior Software Engineer", "Director of Sales". */
export function titleAt(level: ExperienceLevel, fn: JobFunction, base: string, pick: <T>(xs: readonly T[]) => T): string {
  switch (level) {
    case 'internship':
      return `${base} Intern`;
    case 'entry':
      return pick([`Junior ${base}`, base, `Associate ${base}`]);
    case 'associate':
      return base;
    case 'mid-senior':
      return pick([`Senior ${base}`, `Lead ${base}`, `Senior ${base}`, `Staff ${base}`, `Principal ${base}`]);
    case 'director':
      return pick([`Director of ${fn.department}`, `Head of ${fn.department}`, `Senior Director of ${fn.department}`]);
    case 'executive':
      return pick([`VP of ${fn.department}`, `Chief ${fn.department} Officer`, 'Chief Executive Officer', 'Founder', 'Co-Founder', 'Managing Director']);
  }
}

// ---------------------------------------------------------------- companies

/** Spec G2 size codes with their ranges; `max` null means open-ended. */
export const COMPANY_SIZES: readonly { code: CompanySizeCode; min: number; max: number | null; weight: number }[] = [
  { code: 'A', min: 1, max: 1, weight: 2 },
  { code: 'B', min: 2, max: 10, weight: 10 },
  { code: 'C', min: 11, max: 50, weight: 16 },
  { code: 'D', min: 51, max: 200, weight: 18 },
  { code: 'E', min: 201, max: 500, weight: 14 },
  { code: 'F', min: 501, max: 1000, weight: 10 },
  { code: 'G', min: 1001, max: 5000, weight: 12 },
  { code: 'H', min: 5001, max: 10000, weight: 8 },
  { code: 'I', min: 10001, max: null, weight: 10 },
];

/** "51-200 employees", "10,001+ employees", "1 employee". */
export function sizeRangeText(code: CompanySizeCode): string {
  const s = COMPANY_SIZES.find((c) => c.code === code);
  if (!s) throw new Error(`unknown size code ${code}`);
  const fmt = (n: number) => n.toLocaleString('en-US');
  if (s.max === null) return `${fmt(s.min)}+ employees`;
  if (s.min === s.max) return `${fmt(s.min)} employee${s.min === 1 ? '' : 's'}`;
  return `${fmt(s.min)}-${fmt(s.max)} employees`;
}

// ---------------------------------------------------------------- jobs

export const JOB_TYPE_LABELS: Record<JobTypeCode, string> = {
  F: 'Full-time',
  P: 'Part-time',
  C: 'Contract',
  T: 'Temporary',
  I: 'Internship',
};

// ---------------------------------------------------------------- education

export const SCHOOLS: readonly { name: string; countryCode: string }[] = [
  { name: 'Stanford University', countryCode: 'US' },
  { name: 'Massachusetts Institute of Technology', countryCode: 'US' },
  { name: 'University of California, Berkeley', countryCode: 'US' },
  { name: 'Harvard University', countryCode: 'US' },
  { name: 'University of Michigan', countryCode: 'US' },
  { name: 'University of Texas at Austin', countryCode: 'US' },
  { name: 'Georgia Institute of Technology', countryCode: 'US' },
  { name: 'New York University', countryCode: 'US' },
  { name: 'University of Washington', countryCode: 'US' },
  { name: 'Carnegie Mellon University', countryCode: 'US' },
  { name: 'University of Oxford', countryCode: 'GB' },
  { name: 'University of Cambridge', countryCode: 'GB' },
  { name: 'Imperial College London', countryCode: 'GB' },
  { name: 'University of Edinburgh', countryCode: 'GB' },
  { name: 'Technical University of Munich', countryCode: 'DE' },
  { name: 'Humboldt University of Berlin', countryCode: 'DE' },
  { name: 'Sorbonne University', countryCode: 'FR' },
  { name: 'HEC Paris', countryCode: 'FR' },
  { name: 'University of Toronto', countryCode: 'CA' },
  { name: 'McGill University', countryCode: 'CA' },
  { name: 'University of British Columbia', countryCode: 'CA' },
  { name: 'Indian Institute of Technology Bombay', countryCode: 'IN' },
  { name: 'Indian Institute of Technology Delhi', countryCode: 'IN' },
  { name: 'University of Delhi', countryCode: 'IN' },
  { name: 'University of Melbourne', countryCode: 'AU' },
  { name: 'University of Sydney', countryCode: 'AU' },
  { name: 'Delft University of Technology', countryCode: 'NL' },
  { name: 'University of Amsterdam', countryCode: 'NL' },
  { name: 'Universidad Complutense de Madrid', countryCode: 'ES' },
  { name: 'Universidade de São Paulo', countryCode: 'BR' },
  { name: 'University of Tokyo', countryCode: 'JP' },
  { name: 'National University of Singapore', countryCode: 'SG' },
  { name: 'Trinity College Dublin', countryCode: 'IE' },
  { name: 'KTH Royal Institute of Technology', countryCode: 'SE' },
  { name: 'ETH Zürich', countryCode: 'CH' },
  { name: 'Tecnológico de Monterrey', countryCode: 'MX' },
  { name: 'University of Warsaw', countryCode: 'PL' },
  { name: 'Politecnico di Milano', countryCode: 'IT' },
  { name: 'University of Cape Town', countryCode: 'ZA' },
  { name: 'University of Lagos', countryCode: 'NG' },
];

export const DEGREES: readonly { name: string; years: number }[] = [
  { name: 'Bachelor of Science', years: 4 },
  { name: 'Bachelor of Arts', years: 4 },
  { name: 'Bachelor of Engineering', years: 4 },
  { name: 'Master of Science', years: 2 },
  { name: 'Master of Business Administration (MBA)', years: 2 },
  { name: 'Doctor of Philosophy (PhD)', years: 4 },
];
