import {
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_CODES,
  INDUSTRIES,
  JOB_TYPE_LABELS,
  SUPPORT_FUNCTIONS,
  functionByKey,
  titleAt,
} from './catalog.js';
import { placeRef } from './geo.js';
import type { Places } from './places.js';
import { Rand, uniqueValue } from './rng.js';
import { DAY_MS } from './time.js';
import type { Company, ExperienceLevel, Job, JobTypeCode, WorkplaceType } from './types.js';
import { jobUrl } from './urls.js';

const LEVEL_WEIGHTS: Record<ExperienceLevel, number> = {
  internship: 6,
  entry: 22,
  associate: 20,
  'mid-senior': 36,
  director: 11,
  executive: 5,
};

/** Yearly base pay in thousands (local currency) by level. */
const PAY_K: Record<ExperienceLevel, [number, number]> = {
  internship: [25, 45],
  entry: [45, 75],
  associate: [60, 95],
  'mid-senior': [90, 160],
  director: [150, 230],
  executive: [200, 350],
};

const CURRENCY: Record<string, string> = { US: '$', CA: 'CA$', GB: '£', IN: '₹', AU: 'A$', JP: '¥', CH: 'CHF ', SG: 'S$' };
const EURO = new Set(['DE', 'FR', 'NL', 'ES', 'IE', 'IT', 'PT', 'AT', 'FI', 'BE']);

export function generateJobs(rand: Rand, count: number, companies: readonly Company[], places: Places, epochMs: number): Job[] {
  const ids = new Set<string>();
  const weighted = companies.filter((c) => c.sizeCode !== 'A').map((c) => [c, 1 + Math.log10(c.employeeCount)] as const);
  const levels = EXPERIENCE_LEVELS.map((l) => [l, LEVEL_WEIGHTS[l]] as const);
  const jobs: Job[] = [];
  for (let i = 0; i < count; i++) {
    const company = rand.weighted(weighted);
    const industry = INDUSTRIES.find((x) => x.name === company.industry) ?? INDUSTRIES[0]!;
    const fn = functionByKey(rand.chance(0.7) ? rand.pick(industry.functions) : rand.pick(SUPPORT_FUNCTIONS));
    const level = rand.weighted(levels);
    const title = titleAt(level, fn, rand.pick(fn.titles), (xs) => rand.pick(xs));
    const workplaceType = rand.weighted<WorkplaceType>([['on-site', 50], ['hybrid', 30], ['remote', 20]]);
    const hqCountry = company.headquarters.countryCode;
    const place = workplaceType === 'remote' && rand.chance(0.6)
      ? places.country(hqCountry)
      : rand.chance(0.6)
        ? places.randomCityIn(rand, hqCountry) // an office near headquarters
        : places.randomCity(rand);
    const jobType: JobTypeCode = level === 'internship'
      ? 'I'
      : rand.weighted<JobTypeCode>([['F', 80], ['C', 9], ['P', 6], ['T', 5]]);
    const jobId = uniqueValue(ids, () => `4${rand.digits(9)}`);
    const easyApply = rand.chance(0.45);
    const postedAtMs = epochMs - Math.floor(Math.pow(rand.next(), 1.5) * 30 * DAY_MS);
    const skills = rand.sample(fn.skills, rand.int(3, 6));
    const cityName = place.name;
    const ageDays = (epochMs - postedAtMs) / DAY_MS;
    jobs.push({
      jobId,
      jobUrl: jobUrl(jobId),
      title,
      companyId: company.companyId,
      companyName: company.name,
      companyLogo: company.logoUrl,
      location: placeRef(place),
      jobType,
      experienceLevel: level,
      experienceLevelCode: EXPERIENCE_LEVEL_CODES[level],
      workplaceType,
      isRemote: workplaceType === 'remote',
      isHybrid: workplaceType === 'hybrid',
      easyApply,
      applyUrl: easyApply ? null : `${company.websiteUrl}/careers/${jobId}`,
      salary: rand.chance(place.countryCode === 'US' ? 0.55 : 0.3) ? salaryText(rand, level, jobType, place.countryCode) : null,
      postedAtMs,
      description: [
        `${company.name} is hiring a ${title} (${JOB_TYPE_LABELS[jobType].toLowerCase()}, ${workplaceType}) in ${cityName}.`,
        `You will join our ${fn.department} team to ${rand.faker.company.buzzPhrase()}.`,
        `${company.headline}. ${rand.faker.company.catchPhrase()}.`,
      ].join(' '),
      requirements: requirementsOf(rand, level, skills, fn.fields),
      skills,
      applicants: rand.logNormal(Math.max(1, ageDays * 6), 0.9, 0, 5_000),
    });
  }
  return jobs.sort((a, b) => b.postedAtMs - a.postedAtMs || a.jobId.localeCompare(b.jobId));
}

function salaryText(rand: Rand, level: ExperienceLevel, jobType: JobTypeCode, countryCode: string): string {
  const symbol = CURRENCY[countryCode] ?? (EURO.has(countryCode) ? '€' : '$');
  const [lo, hi] = PAY_K[level];
  const low = rand.int(lo, hi);
  const high = low + rand.int(10, 40);
  if (jobType === 'F' || jobType === 'I') return `${symbol}${low}K/yr - ${symbol}${high}K/yr`;
  const hourly = (k: number) => Math.round((k * 1000) / 2080);
  return `${symbol}${hourly(low)}/hr - ${symbol}${hourly(high)}/hr`;
}

function requirementsOf(rand: Rand, level: ExperienceLevel, skills: string[], fields: string[]): string[] {
  const years = { internship: 0, entry: 1, associate: 2, 'mid-senior': 5, director: 8, executive: 12 }[level];
  const out = [
    years === 0 ? `Currently enrolled in a degree in ${rand.pick(fields)} or a related field` : `${years}+ years of relevant experience`,
    `Hands-on experience with ${skills.slice(0, 2).join(' and ')}`,
    `Bachelor's degree in ${rand.pick(fields)} or equivalent practical experience`,
    'Clear written and verbal communication',
  ];
  if (skills[2]) out.push(`Familiarity with ${skills[2]} is a plus`);
  return out;
}
