import { describe, expect, it } from 'vitest';
import {
  EXPERIENCE_LEVEL_CODES,
  findCompany,
  findGeo,
  findGroup,
  findJob,
  findPerson,
  findPost,
  groupMembers,
  listOrganizations,
  normalize,
  pageOf,
  searchCompanies,
  searchGeo,
  searchGroups,
  searchJobs,
  searchPeople,
  searchPosts,
  type Page,
  type PageRequest,
} from '../../../src/service/world/index.js';
import { allPages, smallWorld, viewOf } from './fixture.js';

const world = smallWorld();
const geoById = new Map(world.geo.map((g) => [g.geoId, g]));
const countryOf = (geoId: string) => geoById.get(geoId)!.countryCode;
const n = normalize;

/** Pages of every size concatenate to the full result, never overlap, and hasMore is exact. */
function expectExactPaging<T>(query: (page: PageRequest) => Page<T>, key: (item: T) => string): void {
  const full = query({ start: 0, count: 100_000 });
  expect(full.hasMore).toBe(false);
  expect(full.items.length).toBe(full.total);
  expect(full.total).toBeGreaterThan(3);
  for (const size of [1, 3, 7]) {
    const pages = allPages(query, size);
    const keys = pages.flatMap((p) => p.items.map(key));
    expect(keys).toEqual(full.items.map(key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(pages.slice(0, -1).every((p) => p.hasMore && p.items.length === size)).toBe(true);
    expect(pages.at(-1)!.hasMore).toBe(false);
  }
  const total = full.total;
  expect(query({ start: total - 2, count: 2 }).hasMore).toBe(false);
  expect(query({ start: total - 3, count: 2 }).hasMore).toBe(true);
  expect(query({ start: total, count: 5 })).toMatchObject({ items: [], hasMore: false });
}

describe('paging', () => {
  it('rejects a negative start or a fractional count', () => {
    expect(() => pageOf([1, 2], { start: -1 })).toThrow(/start/);
    expect(() => pageOf([1, 2], { count: 1.5 })).toThrow(/count/);
  });
});

describe('people search', () => {
  const view = viewOf();

  it('matches every keyword over name, headline, title and company', () => {
    const page = searchPeople(world, { keywords: 'Senior Engineer' }, { count: 1000 });
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.items) {
      const text = n(`${p.firstName} ${p.lastName} ${p.headline} ${p.currentPosition.title} ${p.currentPosition.companyName}`);
      expect(text).toContain('senior');
      expect(text).toContain('engineer');
    }
    const someone = world.people[42]!;
    const byName = searchPeople(world, { keywords: `${someone.firstName} ${someone.lastName}` }, { count: 1 });
    expect(byName.items[0]).toBe(someone);
  });

  it('filters by title, company id or name, school, industry and open to work', () => {
    const company = world.people[10]!.currentPosition;
    const byCompanyId = searchPeople(world, { companies: [company.companyId] }, { count: 1000 });
    expect(byCompanyId.total).toBeGreaterThan(0);
    for (const p of byCompanyId.items) expect(p.currentPosition.companyId).toBe(company.companyId);
    const byCompanyName = searchPeople(world, { companies: [company.companyName.toUpperCase()] }, { count: 1000 });
    for (const p of byCompanyName.items) expect(n(p.currentPosition.companyName)).toContain(n(company.companyName));
    expect(byCompanyName.total).toBeGreaterThanOrEqual(byCompanyId.total);

    const titles = searchPeople(world, { titles: ['recruiter', 'data scientist'] }, { count: 1000 });
    expect(titles.total).toBeGreaterThan(0);
    for (const p of titles.items) expect(/recruiter|data scientist/.test(n(p.currentPosition.title))).toBe(true);

    const school = searchPeople(world, { schools: ['Technical University of Munich'] }, { count: 1000 });
    expect(school.total).toBeGreaterThan(0);
    for (const p of school.items) expect(p.education.some((e) => e.school === 'Technical University of Munich')).toBe(true);

    const open = searchPeople(world, { openToWork: true, industries: ['software'] }, { count: 1000 });
    expect(open.total).toBeGreaterThan(0);
    for (const p of open.items) {
      expect(p.isOpenToWork).toBe(true);
      expect(p.industry).toBe('Software Development');
    }
    const first = world.people[5]!;
    for (const p of searchPeople(world, { firstName: first.firstName.toLowerCase() }, { count: 1000 }).items) expect(p.firstName).toBe(first.firstName);
  });

  it('filters by location geoId or name, covering places inside a country or region', () => {
    const germany = world.geo.find((g) => g.kind === 'country' && g.countryCode === 'DE')!;
    const byId = searchPeople(world, { locations: [germany.geoId] }, { count: 1000 });
    expect(byId.total).toBeGreaterThan(0);
    for (const p of byId.items) expect(p.location.countryCode).toBe('DE');
    expect(world.people.filter((p) => p.location.countryCode === 'DE')).toHaveLength(byId.total);
    const bavaria = searchPeople(world, { locations: ['bavaria'] }, { count: 1000 });
    for (const p of bavaria.items) expect(p.location.name).toMatch(/, Bavaria, Germany$/);
    expect(searchPeople(world, { locations: ['999999999'] }).total).toBe(0);
    expect(searchPeople(world, { locations: ['Atlantis'] }).total).toBe(0);
  });

  it('filters by network degree relative to the account', () => {
    for (const [code, degree] of [['F', 1], ['S', 2], ['O', 3]] as const) {
      const page = searchPeople(world, { networkDegrees: [code] }, { count: 5000 }, view);
      expect(page.total).toBeGreaterThan(0);
      for (const p of page.items) expect(view.degreeOf(p.id)).toBe(degree);
    }
    const firstOrSecond = searchPeople(world, { networkDegrees: ['F', 'S'] }, { count: 5000 }, view);
    expect(firstOrSecond.total).toBe(world.people.filter((p) => view.degreeOf(p.id) < 3).length);
    expect(() => searchPeople(world, { networkDegrees: ['F'] })).toThrow(/view/);
    // Without filters, 1st-degree connections come first.
    const ordered = searchPeople(world, {}, { count: 5000 }, view).items.map((p) => view.degreeOf(p.id));
    expect(ordered).toEqual([...ordered].sort());
  });

  it('pages exactly', () => {
    expectExactPaging((page) => searchPeople(world, { keywords: 'manager' }, page), (p) => p.id);
  });
});

describe('company search', () => {
  it('filters by size code, industry, headquarters and company type', () => {
    const page = searchCompanies(world, { sizeCodes: ['G', 'H', 'I'], companyTypes: ['public', 'private'] }, { count: 1000 });
    expect(page.total).toBeGreaterThan(0);
    for (const c of page.items) {
      expect(['G', 'H', 'I']).toContain(c.sizeCode);
      expect(['public', 'private']).toContain(c.companyType);
      expect(c.employeeCount).toBeGreaterThan(1000);
    }
    const sample = world.companies[5]!;
    const country = world.geo.find((g) => g.kind === 'country' && g.countryCode === sample.headquarters.countryCode)!;
    const local = searchCompanies(world, { locations: [country.name], industries: [sample.industry.toLowerCase()] }, { count: 1000 });
    expect(local.items).toContain(sample);
    for (const c of local.items) {
      expect(c.headquarters.countryCode).toBe(country.countryCode);
      expect(c.industry).toBe(sample.industry);
    }
    const nonprofit = searchCompanies(world, { companyTypes: ['nonprofit'] }, { count: 1000 });
    for (const c of nonprofit.items) expect(c.companyType).toBe('nonprofit');
  });

  it('finds a company by a word of its name, first', () => {
    const target = world.companies[3]!;
    const word = target.name.split(/[^A-Za-z]+/).find((w) => w.length > 3)!;
    const page = searchCompanies(world, { keywords: word }, { count: 1000 });
    expect(page.items).toContain(target);
    expect(n(page.items[0]!.name)).toContain(n(word));
  });

  it('pages exactly', () => {
    expectExactPaging((page) => searchCompanies(world, { sizeCodes: ['C', 'D', 'E'] }, page), (c) => c.companyId);
  });
});

describe('job search', () => {
  it('filters by type, experience level (name or code), workplace, easy apply and location', () => {
    const page = searchJobs(world, { jobTypes: ['F', 'C'], experienceLevels: ['mid-senior', '5'], workplaceTypes: ['remote', 'hybrid'], easyApply: true }, { count: 1000 });
    expect(page.total).toBeGreaterThan(0);
    for (const j of page.items) {
      expect(['F', 'C']).toContain(j.jobType);
      expect(['4', '5']).toContain(j.experienceLevelCode);
      expect(j.isRemote || j.isHybrid).toBe(true);
      expect(j.easyApply).toBe(true);
    }
    const byName = searchJobs(world, { experienceLevels: ['internship'] }, { count: 1000 });
    const byCode = searchJobs(world, { experienceLevels: [EXPERIENCE_LEVEL_CODES.internship] }, { count: 1000 });
    expect(byName.items).toEqual(byCode.items);
    for (const j of byName.items) expect(j.jobType).toBe('I');
    const onsite = searchJobs(world, { workplaceTypes: ['on-site'], locations: ['India'] }, { count: 1000 });
    expect(onsite.total).toBeGreaterThan(0);
    for (const j of onsite.items) {
      expect(j.isRemote || j.isHybrid).toBe(false);
      expect(countryOf(j.location.geoId)).toBe('IN');
    }
  });

  it('filters by keywords and posting date relative to now', () => {
    const nowMs = world.epochMs;
    const page = searchJobs(world, { keywords: 'analyst', datePosted: 'PAST_WEEK', nowMs }, { count: 1000 });
    expect(page.total).toBeGreaterThan(0);
    for (const j of page.items) {
      expect(j.postedAtMs).toBeGreaterThanOrEqual(nowMs - 7 * 86_400_000);
      expect(n(`${j.title} ${j.companyName} ${j.skills.join(' ')} ${j.description}`)).toContain('analyst');
    }
    expect(searchJobs(world, { datePosted: 'PAST_24H', nowMs: nowMs + 40 * 86_400_000 }).total).toBe(0);
    expect(() => searchJobs(world, { datePosted: 'PAST_24H' })).toThrow(/nowMs/);
  });

  it('pages exactly', () => {
    expectExactPaging((page) => searchJobs(world, { jobTypes: ['F'] }, page), (j) => j.jobId);
  });
});

describe('group search and members', () => {
  it('filters by keywords and member count bounds', () => {
    const page = searchGroups(world, { minMembers: 1000, maxMembers: 100_000 }, { count: 1000 });
    expect(page.total).toBeGreaterThan(0);
    for (const g of page.items) expect(g.memberCount >= 1000 && g.memberCount <= 100_000).toBe(true);
    const target = world.groups[0]!;
    const byName = searchGroups(world, { keywords: target.name }, { count: 1000 });
    expect(byName.items[0]).toBe(target);
    for (const g of byName.items) for (const t of n(target.name).split(' ')) expect(n(`${g.name} ${g.description}`)).toContain(t);
  });

  it('lists members by role and join date, and pages exactly', () => {
    const group = [...world.groups].sort((a, b) => b.members.length - a.members.length)[0]!;
    const owners = groupMembers(world, group.groupId, { roles: ['Owner'] })!;
    expect(owners.items).toHaveLength(1);
    expect(owners.items[0]!.role).toBe('Owner');
    const middle = group.members[Math.floor(group.members.length / 2)]!.joinedAtMs;
    const recent = groupMembers(world, group.groupId, { roles: ['Member', 'Manager'], joinedAfterMs: middle }, { count: 1000 })!;
    expect(recent.total).toBeGreaterThan(0);
    for (const m of recent.items) {
      expect(m.joinedAtMs).toBeGreaterThan(middle);
      expect(m.role).not.toBe('Owner');
    }
    expectExactPaging((page) => groupMembers(world, group.groupId, {}, page)!, (m) => m.personId);
    expect(groupMembers(world, 'nope', {})).toBeUndefined();
  });
});

describe('geo search', () => {
  it('matches place names case- and accent-insensitively, exact and prefix first', () => {
    const zurich = searchGeo(world, { query: 'ZURICH' }).items;
    expect(zurich.map((g) => g.name)).toEqual(expect.arrayContaining(['Zürich', 'Zurich']));
    const sao = searchGeo(world, { query: 'sao paulo', kinds: ['city'] }).items;
    expect(sao[0]!.fullName).toBe('São Paulo, São Paulo, Brazil');
    for (const g of sao) expect(g.kind === 'city' && n(g.fullName).includes('sao paulo')).toBe(true);
    const hits = searchGeo(world, { query: 'new' }, { count: 100 }).items;
    const firstContainsOnly = hits.findIndex((g) => !n(g.name).startsWith('new') && !n(g.fullName).startsWith('new'));
    expect(firstContainsOnly).toBeGreaterThan(0);
    for (const g of hits.slice(firstContainsOnly)) expect(n(g.name).startsWith('new')).toBe(false);
    for (const g of hits) expect(n(g.fullName)).toContain('new');
    const countries = searchGeo(world, { query: 'united', kinds: ['country'] }).items;
    expect(countries.map((g) => g.countryCode).sort()).toEqual(['AE', 'GB', 'US']);
    expect(searchGeo(world, { query: '  ' }).total).toBe(0);
  });

  it('returns geoIds that work as search filters and lookups', () => {
    const munich = searchGeo(world, { query: 'munich' }).items[0]!;
    expect(findGeo(world, munich.geoId)).toBe(munich);
    for (const c of searchCompanies(world, { locations: [munich.geoId] }, { count: 100 }).items) expect(c.headquarters.geoId).toBe(munich.geoId);
  });
});

describe('post search', () => {
  const nowMs = world.epochMs;

  it('filters by date range relative to now', () => {
    for (const [range, ms] of [['PAST_24H', 86_400_000], ['PAST_WEEK', 7 * 86_400_000], ['PAST_MONTH', 30 * 86_400_000]] as const) {
      const page = searchPosts(world, { dateRange: range }, { count: 5000 }, { nowMs });
      expect(page.total).toBeGreaterThan(0);
      for (const p of page.items) expect(p.createdAtMs).toBeGreaterThanOrEqual(nowMs - ms);
    }
    const later = searchPosts(world, { dateRange: 'PAST_24H' }, {}, { nowMs: nowMs + 3 * 86_400_000 });
    expect(later.total).toBe(0);
  });

  it('filters by keywords (string: all words; list: any entry) and author job titles', () => {
    const hiring = searchPosts(world, { keywords: '#hiring' }, { count: 5000 }, { nowMs });
    expect(hiring.total).toBeGreaterThan(0);
    for (const p of hiring.items) expect(n(p.content)).toContain('#hiring');
    const either = searchPosts(world, { keywords: ['#newjob', '#promotion'] }, { count: 5000 }, { nowMs });
    expect(either.total).toBeGreaterThan(0);
    for (const p of either.items) expect(/#newjob|#promotion/.test(p.content)).toBe(true);
    const byTitle = searchPosts(world, { authorJobTitles: ['engineer'] }, { count: 5000 }, { nowMs });
    expect(byTitle.total).toBeGreaterThan(0);
    for (const p of byTitle.items) {
      expect(p.author.type).toBe('person');
      if (p.author.type === 'person') expect(n(findPerson(world, p.author.personId)!.currentPosition.title)).toContain('engineer');
    }
  });

  it('sorts by recency or by relevance', () => {
    const recent = searchPosts(world, { keywords: 'team', sortBy: 'recency' }, { count: 5000 }, { nowMs }).items;
    for (let i = 1; i < recent.length; i++) expect(recent[i - 1]!.createdAtMs).toBeGreaterThanOrEqual(recent[i]!.createdAtMs);
    const relevant = searchPosts(world, { keywords: 'team' }, { count: 5000 }, { nowMs }).items;
    expect(new Set(relevant)).toEqual(new Set(recent));
  });

  it('shows connections-only posts only to 1st-degree connections of the author', () => {
    const view = viewOf();
    const anonymous = searchPosts(world, {}, { count: 10_000 }, { nowMs });
    expect(anonymous.items.every((p) => p.visibility === 'PUBLIC')).toBe(true);
    const seen = searchPosts(world, {}, { count: 10_000 }, { nowMs, view }).items.filter((p) => p.visibility === 'CONNECTIONS');
    for (const p of seen) expect(p.author.type === 'person' && view.degreeOf(p.author.personId)).toBe(1);
  });

  it('filters by member, organization and content type', () => {
    const company = world.posts.find((p) => p.author.type === 'company')!.author as { type: 'company'; companyId: string };
    const fromOrg = searchPosts(world, { fromOrganizations: [company.companyId] }, { count: 5000 }, { nowMs });
    expect(fromOrg.total).toBeGreaterThan(0);
    for (const p of fromOrg.items) expect(p.author).toEqual(company);
    const articles = searchPosts(world, { contentTypes: ['articles'] }, { count: 5000 }, { nowMs });
    expect(articles.total).toBeGreaterThan(0);
    for (const p of articles.items) expect(p.isArticle).toBe(true);
  });

  it('pages exactly', () => {
    expectExactPaging((page) => searchPosts(world, { dateRange: 'PAST_MONTH' }, page, { nowMs }), (p) => p.activityId);
  });
});

describe('organizations', () => {
  it('filters by size code or range text, industry and location', () => {
    const byCode = listOrganizations(world, { size: 'D' }, { count: 1000 });
    const byText = listOrganizations(world, { size: '51-200 employees' }, { count: 1000 });
    expect(byCode.total).toBeGreaterThan(0);
    expect(byText.items).toEqual(byCode.items);
    for (const o of byCode.items) expect(o.size).toBe('51-200 employees');
    for (const o of listOrganizations(world, { location: 'France', industry: 'software' }, { count: 1000 }).items) {
      expect(o.location).toMatch(/France$/);
      expect(o.industry).toBe('Software Development');
    }
  });
});

describe('lookups', () => {
  it('finds a person by id, slug, URL, URN, URN tail and member URN', () => {
    const p = world.people[123]!;
    for (const ref of [p.id, p.profileId, p.profileId.toUpperCase(), p.profileUrl, `${p.profileUrl}?trk=abc`, p.profileUrn, p.profileUrn.split(':').pop()!, p.memberUrn]) {
      expect(findPerson(world, ref)).toBe(p);
    }
    expect(findPerson(world, 'no-such-person')).toBeUndefined();
  });

  it('finds companies, jobs and groups by id, slug, URN and URL', () => {
    const c = world.companies[7]!;
    for (const ref of [c.companyId, c.universalName, c.entityUrn, c.companyUrl, c.name.toLowerCase(), `urn:li:fsd_company:${c.companyId}`]) expect(findCompany(world, ref)).toBe(c);
    const j = world.jobs[9]!;
    for (const ref of [j.jobId, j.jobUrl, `https://www.network.example/jobs/search/?currentJobId=${j.jobId}`, `urn:li:jobPosting:${j.jobId}`]) expect(findJob(world, ref)).toBe(j);
    const g = world.groups[2]!;
    for (const ref of [g.groupId, g.groupUrl, g.groupUrn]) expect(findGroup(world, ref)).toBe(g);
    expect(findCompany(world, 'nope')).toBeUndefined();
    expect(findJob(world, '1')).toBeUndefined();
  });

  it('finds a post by URL, encoded URL, activity, share or ugcPost URN, and the account own posts with a view', () => {
    const p = world.posts[17]!;
    const contentUrn = (p.shareUrn ?? p.ugcPostUrn)!;
    for (const ref of [p.postUrl, encodeURIComponent(p.postUrl), p.activityUrn, contentUrn, p.activityId, `https://www.network.example/posts/someone_topic-activity-${p.activityId}-AbCd?utm_source=share`]) {
      expect(findPost(world, ref)).toBe(p);
    }
    const view = viewOf();
    const own = view.posts[0]!;
    expect(findPost(world, own.postUrl)).toBeUndefined();
    expect(findPost(world, own.postUrl, view)).toBe(own);
    expect(findPost(world, 'urn:li:activity:1')).toBeUndefined();
  });
});
