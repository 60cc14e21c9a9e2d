import {
  CAREER_YEARS,
  DEGREES,
  EXPERIENCE_LEVELS,
  INDUSTRIES,
  SCHOOLS,
  SUPPORT_FUNCTIONS,
  functionByKey,
  titleAt,
  type JobFunction,
} from './catalog.js';
import { placeRef } from './geo.js';
import type { Places } from './places.js';
import { Rand, WeightedTable, uniqueValue } from './rng.js';
import { slugify } from './text.js';
import type { Company, Education, Experience, ExperienceLevel, Person, Propensity } from './types.js';
import { mediaUrl, profileUrl } from './urls.js';

const LEVEL_WEIGHTS: Record<ExperienceLevel, number> = {
  internship: 4,
  entry: 15,
  associate: 22,
  'mid-senior': 38,
  director: 13,
  executive: 8,
};

const SOFT_SKILLS = ['Leadership', 'Communication', 'Teamwork', 'Public Speaking', 'Problem Solving', 'Mentoring'];
const URN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export function generatePeople(rand: Rand, count: number, companies: readonly Company[], places: Places, epochMs: number): Person[] {
  const slugs = new Set<string>();
  const urns = new Set<string>();
  const memberIds = new Set<string>();
  const epoch = new Date(epochMs);
  const epochYear = epoch.getUTCFullYear();
  const byCountry = groupBy(companies, (c) => c.headquarters.countryCode);
  const companyWeight = (c: Company) => 1 + Math.log10(c.employeeCount);
  const anyCompany = new WeightedTable(companies.map((c) => [c, companyWeight(c)] as const));
  const weightedByCountry = new Map([...byCountry].map(([k, cs]) => [k, new WeightedTable(cs.map((c) => [c, companyWeight(c)] as const))]));
  const levelWeights = EXPERIENCE_LEVELS.map((l) => [l, LEVEL_WEIGHTS[l]] as const);

  const staff = new Map<string, number>();
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const city = places.randomCity(rand);
    const local = weightedByCountry.get(city.countryCode);
    // Small companies hold no more world people than their employee count.
    let company = local && rand.chance(0.75) ? local.draw(rand) : anyCompany.draw(rand);
    while ((staff.get(company.companyId) ?? 0) >= company.employeeCount) company = anyCompany.draw(rand);
    staff.set(company.companyId, (staff.get(company.companyId) ?? 0) + 1);
    const industry = INDUSTRIES.find((x) => x.name === company.industry) ?? INDUSTRIES[0]!;
    const fn = functionByKey(rand.chance(0.65) ? rand.pick(industry.functions) : rand.pick(SUPPORT_FUNCTIONS));
    const level = rand.weighted(levelWeights);
    const baseTitle = rand.pick(fn.titles);
    const title = titleAt(level, fn, baseTitle, (xs) => rand.pick(xs));

    const sex = rand.pick(['female', 'male'] as const);
    const firstName = rand.faker.person.firstName(sex);
    const lastName = rand.faker.person.lastName();
    const plain = slugify(`${firstName} ${lastName}`);
    const profileId = uniqueValue(slugs, () =>
      slugs.has(plain) ? `${plain}-${rand.faker.string.hexadecimal({ length: 8, casing: 'lower', prefix: '' })}` : plain,
    );
    const urnTail = uniqueValue(urns, () => `ACoAA${rand.chars(URN_CHARS, 34)}`);
    const memberId = uniqueValue(memberIds, () => rand.digits(rand.int(8, 9)));

    const years = rand.int(...CAREER_YEARS[level]);
    const careerStartYear = epochYear - years;
    const experience = careerOf(rand, { title, company, level, fn, baseTitle, careerStartYear, epoch, companies });
    const education = educationOf(rand, fn, city.countryCode, careerStartYear, level === 'internship');
    const skills = [...rand.sample(fn.skills, rand.int(3, 8)), ...rand.sample(SOFT_SKILLS, rand.int(0, 2))];

    const isPremium = rand.chance(0.18);
    const isOpenToWork = rand.chance(level === 'entry' || level === 'internship' ? 0.25 : 0.07);
    const connections = rand.logNormal(level === 'executive' ? 1500 : 350, 0.9, 3, 30_000);
    const headline = headlineOf(rand, title, company.name, skills, isOpenToWork);
    const hasEmail = rand.chance(0.6);

    people.push({
      id: `p-${String(i + 1).padStart(6, '0')}`,
      profileId,
      profileUrn: `urn:li:fsd_profile:${urnTail}`,
      memberId,
      memberUrn: `urn:li:member:${memberId}`,
      profileUrl: profileUrl(profileId),
      firstName,
      lastName,
      headline,
      location: placeRef(city),
      industry: company.industry,
      jobFunction: fn.key,
      experienceLevel: level,
      currentPosition: { title, companyId: company.companyId, companyName: company.name },
      experience,
      education,
      skills,
      email: hasEmail ? rand.faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase() : null,
      phone: hasEmail && rand.chance(0.4) ? rand.faker.phone.number({ style: 'international' }) : null,
      isPremium,
      isVerified: rand.chance(0.35),
      isOpenToWork,
      isOpenProfile: isPremium && rand.chance(0.6),
      profilePicture: mediaUrl('profile-photo', urnTail, 200),
      connections,
      followers: connections + rand.logNormal(60, 1.2, 0, 2_000_000),
      propensity: propensityOf(rand, level, isOpenToWork),
      connectionIds: [],
    });
  }
  connect(rand, people);
  return people;
}

interface CareerInput {
  title: string;
  company: Company;
  level: ExperienceLevel;
  fn: JobFunction;
  baseTitle: string;
  careerStartYear: number;
  epoch: Date;
  companies: readonly Company[];
}

/** Current position first, then earlier ones back to the start of the career. */
function careerOf(rand: Rand, c: CareerInput): Experience[] {
  const epochMonths = c.epoch.getUTCFullYear() * 12 + c.epoch.getUTCMonth();
  const startMonths = c.careerStartYear * 12 + rand.int(0, 11);
  let end = epochMonths;
  let start = Math.max(startMonths, end - rand.int(1, 72));
  const out: Experience[] = [
    { title: c.title, companyName: c.company.name, companyId: c.company.companyId, start: ym(start), end: null, description: duty(rand, c.title) },
  ];
  let levelIndex = EXPERIENCE_LEVELS.indexOf(c.level);
  while (start - startMonths >= 12 && out.length < 5) {
    end = start - rand.int(0, 2);
    start = Math.max(startMonths, end - rand.int(12, 60));
    levelIndex = Math.max(1, levelIndex - (rand.chance(0.6) ? 1 : 0));
    const title = titleAt(EXPERIENCE_LEVELS[levelIndex]!, c.fn, c.baseTitle, (xs) => rand.pick(xs));
    const inWorld = rand.chance(0.8);
    const company = inWorld ? rand.pick(c.companies) : null;
    out.push({
      title,
      companyName: company ? company.name : rand.faker.company.name(),
      companyId: company ? company.companyId : null,
      start: ym(start),
      end: ym(end),
      description: duty(rand, title),
    });
  }
  return out;
}

function duty(rand: Rand, title: string): string {
  return `As ${title}, I helped the team ${rand.faker.company.buzzPhrase()}.`;
}

function ym(months: number): string {
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
}

function educationOf(rand: Rand, fn: JobFunction, countryCode: string, careerStartYear: number, studying: boolean): Education[] {
  const local = SCHOOLS.filter((s) => s.countryCode === countryCode);
  const school = () => (local.length > 0 && rand.chance(0.7) ? rand.pick(local) : rand.pick(SCHOOLS)).name;
  const bachelors = DEGREES.filter((d) => d.name.startsWith('Bachelor'));
  const advanced = DEGREES.filter((d) => !d.name.startsWith('Bachelor'));
  const out: Education[] = [];
  let end = studying ? careerStartYear + 1 : careerStartYear;
  if (!studying && rand.chance(0.3)) {
    const d = rand.pick(advanced);
    out.push({ school: school(), degree: d.name, field: rand.pick(fn.fields), start: end - d.years, end });
    end -= d.years;
  }
  const b = rand.pick(bachelors);
  out.push({ school: school(), degree: b.name, field: rand.pick(fn.fields), start: end - b.years, end });
  return out;
}

function headlineOf(rand: Rand, title: string, companyName: string, skills: string[], openToWork: boolean): string {
  const base = rand.chance(0.6)
    ? `${title} at ${companyName}`
    : `${title} | ${skills.slice(0, 3).join(' | ')}`;
  return openToWork && rand.chance(0.5) ? `${base} | Open to new opportunities` : base;
}

function propensityOf(rand: Rand, level: ExperienceLevel, openToWork: boolean): Propensity {
  const seniorityDrag = level === 'executive' ? 0.2 : level === 'director' ? 0.1 : 0;
  const clamp = (v: number) => Math.round(Math.min(0.95, Math.max(0.02, v)) * 1000) / 1000;
  return {
    acceptProbability: clamp(0.35 + rand.next() * 0.45 - seniorityDrag + (openToWork ? 0.15 : 0)),
    acceptDelayHours: rand.logNormal(20, 1, 1, 24 * 21),
    replyProbability: clamp(0.15 + rand.next() * 0.5 - seniorityDrag + (openToWork ? 0.2 : 0)),
    replyDelayHours: rand.logNormal(8, 1.1, 1, 24 * 14),
  };
}

/**
 * The connection graph inside the world: colleagues, classmates, neighbours
 * and a few random ties; symmetric, about ten ties per person.
 */
function connect(rand: Rand, people: Person[]): void {
  const ties = people.map(() => new Set<number>());
  const link = (a: number, b: number) => {
    if (a === b) return;
    ties[a]!.add(b);
    ties[b]!.add(a);
  };
  const linkWithin = (groups: Map<string, number[]>, perPerson: number) => {
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      for (const m of members) for (const other of rand.sample(members, perPerson)) link(m, other);
    }
  };
  const indexes = people.map((_, i) => i);
  linkWithin(groupBy(indexes, (i) => people[i]!.currentPosition.companyId), 3);
  linkWithin(groupBy(indexes, (i) => people[i]!.education[0]?.school ?? ''), 1);
  linkWithin(groupBy(indexes, (i) => people[i]!.location.geoId), 2);
  for (const i of indexes) for (const j of rand.sample(indexes, 2)) link(i, j);
  people.forEach((p, i) => {
    p.connectionIds = [...ties[i]!].sort((a, b) => a - b).map((j) => people[j]!.id);
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
