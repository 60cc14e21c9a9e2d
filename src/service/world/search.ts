/**
 * Searches over the world with real filtering and exact paging. Filter
 * objects use the spec's codes (size A-I, job type F/P/C/T/I, network F/S/O)
 * so a handler can pass validated input straight through. Every list filter
 * is "any of"; different filters combine with "and"; an empty list filters
 * nothing.
 */
import type { AccountView, ConnectionDegree, ConnectionDegreeCode } from './account-types.js';
import { EXPERIENCE_LEVEL_CODES, sizeRangeText } from './catalog.js';
import { degreeFromCode } from './display.js';
import { expandLocations, rankGeo, type GeoSearchFilter } from './geo.js';
import { pageOf } from './paging.js';
import { normalize, terms } from './text.js';
import { DATE_RANGE_MS, type DateRange } from './time.js';
import type {
  Company,
  CompanySizeCode,
  CompanyType,
  ExperienceLevel,
  ExperienceLevelCode,
  GeoLocation,
  Group,
  GroupMember,
  GroupRole,
  Job,
  JobTypeCode,
  Page,
  PageRequest,
  Person,
  Post,
  World,
  WorkplaceType,
} from './types.js';
import { indexOf } from './world-index.js';

const has = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

/** Every term appears in the text. */
function matchesAll(text: string, ts: readonly string[]): boolean {
  return ts.every((t) => text.includes(t));
}

/** Any of the values appears (normalized) in the text. */
function containsAny(text: string, values: readonly string[]): boolean {
  return values.some((v) => {
    const n = normalize(v);
    return n.length > 0 && text.includes(n);
  });
}

// ---------------------------------------------------------------- people

export interface PeopleSearchFilter {
  /** Words over name, headline, current title and company; all must appear. */
  keywords?: string;
  firstName?: string;
  lastName?: string;
  /** Current job title contains any of these. */
  titles?: string[];
  /** Current company: a companyId, or text its name contains. */
  companies?: string[];
  /** Any school attended contains any of these. */
  schools?: string[];
  /** geoIds or place names; a place covers everything inside it. */
  locations?: string[];
  industries?: string[];
  /** F = 1st, S = 2nd, O = 3rd+, relative to the view's account. */
  networkDegrees?: ConnectionDegreeCode[];
  openToWork?: boolean;
}

/**
 * People by filter. Ordered by keyword relevance (name hits first), then by
 * degree when a view is given (1st before 2nd before 3rd+), then world order.
 */
export function searchPeople(world: World, filter: PeopleSearchFilter, page?: PageRequest, view?: AccountView): Page<Person> {
  if (has(filter.networkDegrees) && !view) throw new Error('networkDegrees needs an account view');
  const index = indexOf(world);
  const kw = terms(filter.keywords ?? '');
  const first = filter.firstName ? normalize(filter.firstName) : null;
  const last = filter.lastName ? normalize(filter.lastName) : null;
  const locations = has(filter.locations) ? expandLocations(world.geo, filter.locations) : null;
  const degrees = has(filter.networkDegrees) ? new Set(filter.networkDegrees.map(degreeFromCode)) : null;
  const companyIds = new Set(filter.companies ?? []);

  const hits: { p: Person; score: number; degree: ConnectionDegree }[] = [];
  for (const p of world.people) {
    const t = index.personText.get(p.id)!;
    if (kw.length > 0 && !matchesAll(t.all, kw)) continue;
    if (first !== null && normalize(p.firstName) !== first) continue;
    if (last !== null && normalize(p.lastName) !== last) continue;
    if (has(filter.titles) && !containsAny(t.title, filter.titles)) continue;
    if (has(filter.companies) && !companyIds.has(p.currentPosition.companyId) && !containsAny(t.company, filter.companies)) continue;
    if (has(filter.schools) && !t.schools.some((s) => containsAny(s, filter.schools!))) continue;
    if (locations && !locations.has(p.location.geoId)) continue;
    if (has(filter.industries) && !containsAny(normalize(p.industry), filter.industries)) continue;
    if (filter.openToWork !== undefined && p.isOpenToWork !== filter.openToWork) continue;
    const degree = view ? view.degreeOf(p.id) : 3;
    if (degrees && !degrees.has(degree)) continue;
    const score = kw.reduce((s, k) => s + (t.name.includes(k) ? 3 : t.title.includes(k) ? 2 : 1), 0);
    hits.push({ p, score, degree });
  }
  hits.sort((a, b) => b.score - a.score || a.degree - b.degree || index.personOrder.get(a.p.id)! - index.personOrder.get(b.p.id)!);
  return pageOf(hits.map((h) => h.p), page);
}

// ---------------------------------------------------------------- companies

export interface CompanySearchFilter {
  keywords?: string;
  /** Size codes A-I of spec G2. */
  sizeCodes?: CompanySizeCode[];
  /** Industry name contains any of these. */
  industries?: string[];
  /** Headquarters: geoIds or place names. */
  locations?: string[];
  companyTypes?: CompanyType[];
}

/** Companies by filter; name hits first, then by follower count. */
export function searchCompanies(world: World, filter: CompanySearchFilter, page?: PageRequest): Page<Company> {
  const index = indexOf(world);
  const kw = terms(filter.keywords ?? '');
  const sizes = has(filter.sizeCodes) ? new Set(filter.sizeCodes) : null;
  const types = has(filter.companyTypes) ? new Set(filter.companyTypes) : null;
  const locations = has(filter.locations) ? expandLocations(world.geo, filter.locations) : null;
  const hits: { c: Company; score: number }[] = [];
  for (const c of world.companies) {
    if (kw.length > 0 && !matchesAll(index.companyText.get(c.companyId)!, kw)) continue;
    if (sizes && !sizes.has(c.sizeCode)) continue;
    if (types && !types.has(c.companyType)) continue;
    if (locations && !locations.has(c.headquarters.geoId)) continue;
    if (has(filter.industries) && !containsAny(normalize(c.industry), filter.industries)) continue;
    const name = normalize(c.name);
    hits.push({ c, score: kw.filter((k) => name.includes(k)).length });
  }
  hits.sort((a, b) => b.score - a.score || b.c.followerCount - a.c.followerCount || a.c.companyId.localeCompare(b.c.companyId));
  return pageOf(hits.map((h) => h.c), page);
}

// ---------------------------------------------------------------- jobs

export interface JobSearchFilter {
  keywords?: string;
  /** geoIds or place names. */
  locations?: string[];
  /** F full-time, P part-time, C contract, T temporary, I internship. */
  jobTypes?: JobTypeCode[];
  /** Level names or the network's codes 1 (internship) … 6 (executive). */
  experienceLevels?: (ExperienceLevel | ExperienceLevelCode)[];
  workplaceTypes?: WorkplaceType[];
  easyApply?: boolean;
  /** companyIds or text the company name contains. */
  companies?: string[];
  /** Posted within this range before nowMs (nowMs then required). */
  datePosted?: DateRange;
  nowMs?: number;
}

/** Jobs by filter; title hits first, then newest first. */
export function searchJobs(world: World, filter: JobSearchFilter, page?: PageRequest): Page<Job> {
  if (filter.datePosted && filter.nowMs === undefined) throw new Error('datePosted needs nowMs');
  const index = indexOf(world);
  const kw = terms(filter.keywords ?? '');
  const locations = has(filter.locations) ? expandLocations(world.geo, filter.locations) : null;
  const types = has(filter.jobTypes) ? new Set(filter.jobTypes) : null;
  const levels = has(filter.experienceLevels)
    ? new Set(filter.experienceLevels.map((l) => (l.length === 1 ? l : EXPERIENCE_LEVEL_CODES[l as ExperienceLevel])))
    : null;
  const workplaces = has(filter.workplaceTypes) ? new Set(filter.workplaceTypes) : null;
  const companyIds = new Set(filter.companies ?? []);
  const since = filter.datePosted ? (filter.nowMs as number) - DATE_RANGE_MS[filter.datePosted] : null;
  const hits: { j: Job; score: number }[] = [];
  for (const j of world.jobs) {
    if (kw.length > 0 && !matchesAll(index.jobText.get(j.jobId)!, kw)) continue;
    if (locations && !locations.has(j.location.geoId)) continue;
    if (types && !types.has(j.jobType)) continue;
    if (levels && !levels.has(j.experienceLevelCode)) continue;
    if (workplaces && !workplaces.has(j.workplaceType)) continue;
    if (filter.easyApply !== undefined && j.easyApply !== filter.easyApply) continue;
    if (has(filter.companies) && !companyIds.has(j.companyId) && !containsAny(normalize(j.companyName), filter.companies)) continue;
    if (since !== null && (j.postedAtMs < since || j.postedAtMs > (filter.nowMs as number))) continue;
    const title = normalize(j.title);
    hits.push({ j, score: kw.filter((k) => title.includes(k)).length });
  }
  hits.sort((a, b) => b.score - a.score || b.j.postedAtMs - a.j.postedAtMs || a.j.jobId.localeCompare(b.j.jobId));
  return pageOf(hits.map((h) => h.j), page);
}

// ---------------------------------------------------------------- groups

export interface GroupSearchFilter {
  keywords?: string;
  /** Exact member count bounds, inclusive. */
  minMembers?: number;
  maxMembers?: number;
}

/** Groups by filter; name hits first, then by member count. */
export function searchGroups(world: World, filter: GroupSearchFilter, page?: PageRequest): Page<Group> {
  const index = indexOf(world);
  const kw = terms(filter.keywords ?? '');
  const hits: { g: Group; score: number }[] = [];
  for (const g of world.groups) {
    if (kw.length > 0 && !matchesAll(index.groupText.get(g.groupId)!, kw)) continue;
    if (filter.minMembers !== undefined && g.memberCount < filter.minMembers) continue;
    if (filter.maxMembers !== undefined && g.memberCount > filter.maxMembers) continue;
    const name = normalize(g.name);
    hits.push({ g, score: kw.filter((k) => name.includes(k)).length });
  }
  hits.sort((a, b) => b.score - a.score || b.g.memberCount - a.g.memberCount || a.g.groupId.localeCompare(b.g.groupId));
  return pageOf(hits.map((h) => h.g), page);
}

export interface GroupMemberFilter {
  roles?: GroupRole[];
  /** Only members who joined strictly after this instant. */
  joinedAfterMs?: number;
}

/** Known members of a group, oldest first; undefined when the group does not exist. */
export function groupMembers(world: World, groupId: string, filter: GroupMemberFilter, page?: PageRequest): Page<GroupMember> | undefined {
  const group = indexOf(world).groupById.get(groupId);
  if (!group) return undefined;
  const roles = has(filter.roles) ? new Set(filter.roles) : null;
  const members = group.members.filter(
    (m) => (!roles || roles.has(m.role)) && (filter.joinedAfterMs === undefined || m.joinedAtMs > filter.joinedAfterMs),
  );
  return pageOf(members, page);
}

// ---------------------------------------------------------------- geo

export type { GeoSearchFilter };

/** Places by name: exact, then prefix, then contains; case- and accent-insensitive. */
export function searchGeo(world: World, filter: GeoSearchFilter, page?: PageRequest): Page<GeoLocation> {
  return pageOf(rankGeo(world.geo, filter), page);
}

// ---------------------------------------------------------------- organizations

export interface OrganizationFilter {
  /** Name contains. */
  name?: string;
  /** Industry contains. */
  industry?: string;
  /** Size code A-I or size range text ("51-200 employees" or "51-200"). */
  size?: string;
  /** Headquarters geoId or place name. */
  location?: string;
}

/** GET /organizations item (spec 2.24). */
export interface OrganizationItem {
  id: string;
  name: string;
  industry: string;
  size: string;
  location: string;
  websiteUrl: string;
  followerCount: number;
}

export function listOrganizations(world: World, filter: OrganizationFilter, page?: PageRequest): Page<OrganizationItem> {
  const name = filter.name ? normalize(filter.name) : null;
  const industry = filter.industry ? normalize(filter.industry) : null;
  const size = filter.size?.trim();
  const locations = filter.location ? expandLocations(world.geo, [filter.location]) : null;
  const items = world.companies
    .filter((c) => (name === null || normalize(c.name).includes(name))
      && (industry === null || normalize(c.industry).includes(industry))
      && (!size || size.toUpperCase() === c.sizeCode || c.sizeRange.startsWith(size.replace(/\s*employees?$/i, '')))
      && (!locations || locations.has(c.headquarters.geoId)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.companyId.localeCompare(b.companyId))
    .map((c) => ({
      id: c.companyId,
      name: c.name,
      industry: c.industry,
      size: sizeRangeText(c.sizeCode),
      location: c.headquarters.name,
      websiteUrl: c.websiteUrl,
      followerCount: c.followerCount,
    }));
  return pageOf(items, page);
}

// ---------------------------------------------------------------- posts

export type PostContentType = 'images' | 'articles' | 'people_updates' | 'text';

export interface PostSearchFilter {
  /** A string (all words must appear) or a list (any entry matches). */
  keywords?: string | string[];
  dateRange?: DateRange;
  /** Author's current job title contains any of these (E10 authorRoles, E12 authorJobTitle). */
  authorJobTitles?: string[];
  /** Author's current company (person authors) or the company itself: companyId or name text. */
  authorCompanies?: string[];
  authorIndustries?: string[];
  /** Person authors: id, profileId or profile URN. */
  fromMembers?: string[];
  /** Company authors: companyId, universalName or URN. */
  fromOrganizations?: string[];
  contentTypes?: PostContentType[];
  sortBy?: 'relevance' | 'recency';
}

export interface PostSearchContext {
  /** "Now" for date ranges. */
  nowMs: number;
  /** With a view, connections-only posts of its 1st-degree connections are visible. */
  view?: AccountView;
}

/**
 * Posts by filter. Relevance: keyword hits (hashtag hits count double), then
 * engagement, then newest; recency: newest first.
 */
export function searchPosts(world: World, filter: PostSearchFilter, page: PageRequest | undefined, ctx: PostSearchContext): Page<Post> {
  const index = indexOf(world);
  const phrases = (Array.isArray(filter.keywords) ? filter.keywords : filter.keywords ? [filter.keywords] : [])
    .map((k) => terms(k))
    .filter((t) => t.length > 0);
  const since = filter.dateRange ? ctx.nowMs - DATE_RANGE_MS[filter.dateRange] : null;
  const members = has(filter.fromMembers) ? new Set(filter.fromMembers) : null;
  const orgs = has(filter.fromOrganizations) ? new Set(filter.fromOrganizations) : null;
  const types = has(filter.contentTypes) ? new Set(filter.contentTypes) : null;

  const hits: { p: Post; score: number; engagement: number }[] = [];
  for (const p of world.posts) {
    if (p.createdAtMs > ctx.nowMs) continue;
    if (since !== null && p.createdAtMs < since) continue;
    const person = p.author.type === 'person' ? index.personById.get(p.author.personId) : undefined;
    const company = p.author.type === 'company' ? index.companyById.get(p.author.companyId) : undefined;
    if (p.visibility === 'CONNECTIONS' && !(person && ctx.view?.degreeOf(person.id) === 1)) continue;
    let score = 0;
    if (phrases.length > 0) {
      const text = index.postText.get(p.activityId)!;
      const matched = phrases.filter((ts) => matchesAll(text, ts));
      if (matched.length === 0) continue;
      for (const ts of matched) for (const t of ts) score += p.hashtags.some((h) => normalize(h) === `#${t.replace(/^#/, '')}`) ? 2 : 1;
    }
    if (has(filter.authorJobTitles) && !(person && containsAny(normalize(person.currentPosition.title), filter.authorJobTitles))) continue;
    if (has(filter.authorCompanies)) {
      const companyId = person?.currentPosition.companyId ?? company?.companyId;
      const companyName = person?.currentPosition.companyName ?? company?.name ?? '';
      if (!filter.authorCompanies.includes(companyId ?? '') && !containsAny(normalize(companyName), filter.authorCompanies)) continue;
    }
    if (has(filter.authorIndustries)) {
      const industry = person?.industry ?? company?.industry ?? '';
      if (!containsAny(normalize(industry), filter.authorIndustries)) continue;
    }
    if (members && !(person && (members.has(person.id) || members.has(person.profileId) || members.has(person.profileUrn)))) continue;
    if (orgs && !(company && (orgs.has(company.companyId) || orgs.has(company.universalName) || orgs.has(company.entityUrn)))) continue;
    if (types && !types.has(contentTypeOf(p))) continue;
    hits.push({ p, score, engagement: p.reactions.length + p.comments.length * 2 });
  }
  if (filter.sortBy === 'recency') {
    hits.sort((a, b) => b.p.createdAtMs - a.p.createdAtMs || a.p.activityId.localeCompare(b.p.activityId));
  } else {
    hits.sort((a, b) => b.score - a.score || b.engagement - a.engagement || b.p.createdAtMs - a.p.createdAtMs || a.p.activityId.localeCompare(b.p.activityId));
  }
  return pageOf(hits.map((h) => h.p), page);
}

export function contentTypeOf(p: Post): PostContentType {
  if (p.isArticle) return 'articles';
  if (p.isPeopleUpdate) return 'people_updates';
  if (p.mediaUrls.length > 0) return 'images';
  return 'text';
}
