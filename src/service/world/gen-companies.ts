import { COMPANY_SIZES, INDUSTRIES, sizeRangeText } from './catalog.js';
import { placeRef } from './geo.js';
import type { Places } from './places.js';
import { Rand, uniqueValue } from './rng.js';
import { slugify } from './text.js';
import type { Company, CompanySizeCode, CompanyType } from './types.js';
import { companyUrl, mediaUrl } from './urls.js';

export function generateCompanies(rand: Rand, count: number, places: Places, epochMs: number): Company[] {
  const ids = new Set<string>();
  const slugs = new Set<string>();
  const names = new Set<string>();
  const epochYear = new Date(epochMs).getUTCFullYear();
  const companies: Company[] = [];
  for (let i = 0; i < count; i++) {
    const companyId = uniqueValue(ids, () => rand.digits(rand.int(4, 8)));
    const name = uniqueValue(names, () => rand.faker.company.name());
    const universalName = uniqueValue(slugs, () => slugify(name) + (slugs.has(slugify(name)) ? `-${rand.int(2, 999)}` : ''));
    const industry = rand.pick(INDUSTRIES);
    const size = rand.weighted(COMPANY_SIZES.map((s) => [s, s.weight] as const));
    const employeeCount = size.max === null
      ? rand.logNormal(30_000, 0.9, size.min, 600_000)
      : rand.int(size.min, size.max);
    const hq = places.randomCity(rand);
    const companyType = typeFor(rand, industry.name, size.code);
    const foundedYear = epochYear - (size.code <= 'C' ? rand.int(1, 12) : rand.int(5, 120));
    const followerCount = rand.logNormal(Math.max(30, employeeCount * 4), 0.8, 5, 40_000_000);
    const city = hq.name.split(', ')[0] as string;
    const headline = rand.faker.company.catchPhrase();
    const description = [
      `${name} is a ${companyTypeWord(companyType)} in ${industry.name.toLowerCase()}, headquartered in ${city}.`,
      `We ${rand.faker.company.buzzPhrase()} for customers around the world.`,
      `Founded in ${foundedYear}, our team of ${employeeCount.toLocaleString('en-US')} works to ${rand.faker.company.buzzPhrase()}.`,
    ].join(' ');
    companies.push({
      companyId,
      entityUrn: `urn:li:organization:${companyId}`,
      name,
      universalName,
      companyUrl: companyUrl(universalName),
      headline,
      description,
      industry: industry.name,
      sizeCode: size.code,
      sizeRange: sizeRangeText(size.code),
      employeeCount,
      headquarters: placeRef(hq),
      specialties: rand.sample(industry.specialties, rand.int(2, industry.specialties.length)),
      companyType,
      foundedYear,
      followerCount,
      visitorsCount: Math.max(1, Math.round(followerCount * (0.01 + rand.next() * 0.05))),
      logoUrl: mediaUrl('company-logo', companyId, 200),
      coverImageUrl: mediaUrl('company-cover', companyId),
      websiteUrl: `https://www.${universalName}.example.com`,
      pageType: 'COMPANY',
    });
  }
  return companies;
}

function typeFor(rand: Rand, industry: string, size: CompanySizeCode): CompanyType {
  if (industry === 'Non-profit Organizations') return 'nonprofit';
  if (industry === 'Government Administration') return 'government';
  if (industry === 'Higher Education') return 'educational';
  if (size === 'A') return 'self_employed';
  if (size >= 'G' && rand.chance(0.55)) return 'public';
  if (industry === 'Legal Services' || industry === 'Business Consulting and Services') {
    if (rand.chance(0.4)) return 'partnership';
  }
  return 'private';
}

function companyTypeWord(t: CompanyType): string {
  switch (t) {
    case 'public':
      return 'publicly traded company';
    case 'nonprofit':
      return 'nonprofit organization';
    case 'educational':
      return 'educational institution';
    case 'government':
      return 'government agency';
    case 'partnership':
      return 'partnership';
    case 'self_employed':
      return 'independent practice';
    case 'private':
      return 'privately held company';
  }
}
