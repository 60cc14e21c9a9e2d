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
import { normalize } from './text.js';
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
import { allOf, anyOf, hasPhrase, keywordPhrases, phrase, searchIndexOf, type IndexKind, type SearchIndex } from './search-index.js';

const has = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

/** FTS5 phrases of each value (values without a word drop out). */
function phrasesOf(values: readonly string[]): string[] {
  return values.map(phrase).filter((p): p is string => p !== null);
}

/**
 * Positions matching every clause (an FTS5 expression each), or null when
 * there is no clause; a clause list whose values hold no word matches nothing.
 */
function matching(index: SearchIndex, kind: IndexKind, clauses: readonly (string | false)[]): Set<number> | null {
  if (clauses.length === 0) return null;
  if (clauses.some((c) => c === false)) return new Set();
  return index.set(kind, clauses.join(' AND '));
}

/** A clause from filter values: any of their phrases in the columns; false when none holds a word. */
function clause(values: readonly string[], columns: readonly string[]): string | false {
  const ps = phrasesOf(values);
  return ps.length === 0 ? false : anyOf(ps, columns);
}

/**
 * Relevance of keyword phrases per record: for each phrase, the weight of the
 * best column it appears in (first listed column wins), summed.
 */
function relevance(index: SearchIndex, kind: IndexKind, phrases: readonly string[], weighted: readonly (readonly [string, number])[], base = 1): (pos: number) => number {
  const sets = phrases.map((p) => weighted.map(([col, w]) => [index.set(kind, `${col} : ${p}`), w] as const));
  return (pos) => sets.reduce((sum, cols) => sum + (cols.find(([set]) => set.has(pos))?.[1] ?? base), 0);
}

// ---------------------------------------------------------------- people

export interface PeopleSearchFilter {
  /** Words and "quoted phrases" over name, title, headline, company, schools and industry; all must appear as words. */
  keywords?: string;
  /** Words of the name (first and last name); all must appear. */
  name?: string;
  firstName?: string;
  lastName?: string;
  /** Current job title holds any of these as words ("CTO" never matches "Director"). */
  titles?: string[];
  /** Current company: a companyId, or words of its name. */
  companies?: string[];
  /** Any school attended holds any of these as words. */
  schools?: string[];
  /** geoIds or place names; a place covers everything inside it. */
  locations?: string[];
  industries?: string[];
  /** F = 1st, S = 2nd, O = 3rd+, relative to the view's account. */
  networkDegrees?: ConnectionDegreeCode[];
  openToWork?: boolean;
}

/**
 * People by filter. Ordered by keyword relevance (a word in the name weighs 3,
 * in the title 2, elsewhere 1), then by degree when a view is given (1st
 * before 2nd before 3rd+), then world order.
 */
export function searchPeople(world: World, filter: PeopleSearchFilter, page?: PageRequest, view?: AccountView): Page<Person> {
  if (has(filter.networkDegrees) && !view) throw new Error('networkDegrees needs an account view');
  const index = searchIndexOf(world);
  const kw = keywordPhrases(filter.keywords ?? '');
  const nameWords = filter.name !== undefined ? keywordPhrases(filter.name) : [];
  const textIds = (has(filter.companies) ? filter.companies : []).filter((c) => /^\d+$/.test(c.trim()));
  const companyIds = new Set(textIds.map((c) => c.trim()));
  const clauses: (string | false)[] = [];
  if (kw.length > 0) clauses.push(allOf(kw));
  if (filter.name !== undefined) clauses.push(nameWords.length > 0 && allOf(nameWords, ['name']));
  if (has(filter.titles)) clauses.push(clause(filter.titles, ['title']));
  if (has(filter.schools)) clauses.push(clause(filter.schools, ['schools']));
  if (has(filter.industries)) clauses.push(clause(filter.industries, ['industry']));
  // With keywords, one query both matches and scores (name 3, title 2, elsewhere 1).
  const scores = kw.length > 0 && !clauses.includes(false)
    ? index.scored('people', clauses.join(' AND '), kw, [['name', 3], ['title', 2]], 1)
    : null;
  const textMatches = scores ? new Set(scores.keys()) : matching(index, 'people', clauses);
  const companyNames = has(filter.companies) ? filter.companies.filter((c) => !companyIds.has(c.trim())) : [];
  const companyMatches = companyNames.length > 0 ? matching(index, 'people', [clause(companyNames, ['company'])]) : null;

  const first = filter.firstName ? normalize(filter.firstName) : null;
  const last = filter.lastName ? normalize(filter.lastName) : null;
  const locations = has(filter.locations) ? expandLocations(world.geo, filter.locations) : null;
  const degrees = has(filter.networkDegrees) ? new Set(filter.networkDegrees.map(degreeFromCode)) : null;
  const score = (pos: number): number => scores?.get(pos) ?? 0;

  const hits: { p: Person; pos: number; score: number; degree: ConnectionDegree }[] = [];
  const consider = (pos: number): void => {
    const p = world.people[pos]!;
    if (first !== null && normalize(p.firstName) !== first) return;
    if (last !== null && normalize(p.lastName) !== last) return;
    if (has(filter.companies) && !companyIds.has(p.currentPosition.companyId) && !companyMatches?.has(pos)) return;
    if (locations && !locations.has(p.location.geoId)) return;
    if (filter.openToWork !== undefined && p.isOpenToWork !== filter.openToWork) return;
    const degree = view ? view.degreeOf(p.id) : 3;
    if (degrees && !degrees.has(degree)) return;
    hits.push({ p, pos, score: score(pos), degree });
  };
  // Set order is rowid order, which is world order.
  if (textMatches) for (const pos of textMatches) consider(pos);
  else for (let pos = 0; pos < world.people.length; pos++) consider(pos);
  hits.sort((a, b) => b.score - a.score || a.degree - b.degree || a.pos - b.pos);
  return pageOf(hits.map((h) => h.p), page);
}

// ---------------------------------------------------------------- companies

export interface CompanySearchFilter {
  keywords?: string;
  /** Size codes A-I of spec G2. */
  sizeCodes?: CompanySizeCode[];
  /** Industry name holds any of these as words. */
  industries?: string[];
  /** Headquarters: geoIds or place names. */
  locations?: string[];
  companyTypes?: CompanyType[];
}

/** Companies by filter; keyword words in the name first, then by follower count. */
export function searchCompanies(world: World, filter: CompanySearchFilter, page?: PageRequest): Page<Company> {
  const index = searchIndexOf(world);
  const kw = keywordPhrases(filter.keywords ?? '');
  const clauses: (string | false)[] = [];
  if (kw.length > 0) clauses.push(allOf(kw));
  if (has(filter.industries)) clauses.push(clause(filter.industries, ['industry']));
  const textMatches = matching(index, 'companies', clauses);
  const score = kw.length > 0 ? relevance(index, 'companies', kw, [['name', 1]], 0) : () => 0;
  const sizes = has(filter.sizeCodes) ? new Set(filter.sizeCodes) : null;
  const types = has(filter.companyTypes) ? new Set(filter.companyTypes) : null;
  const locations = has(filter.locations) ? expandLocations(world.geo, filter.locations) : null;
  const hits: { c: Company; score: number }[] = [];
  world.companies.forEach((c, pos) => {
    if (textMatches && !textMatches.has(pos)) return;
    if (sizes && !sizes.has(c.sizeCode)) return;
    if (types && !types.has(c.companyType)) return;
    if (locations && !locations.has(c.headquarters.geoId)) return;
    hits.push({ c, score: score(pos) });
  });
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
  /** companyIds or words of the company name. */
  companies?: string[];
  /** Posted within this range before nowMs (nowMs then required). */
  datePosted?: DateRange;
  nowMs?: number;
}

/** Jobs by filter; keyword words in the title first, then newest first. */
export function searchJobs(world: World, filter: JobSearchFilter, page?: PageRequest): Page<Job> {
  if (filter.datePosted && filter.nowMs === undefined) throw new Error('datePosted needs nowMs');
  const index = searchIndexOf(world);
  const kw = keywordPhrases(filter.keywords ?? '');
  const textMatches = matching(index, 'jobs', kw.length > 0 ? [allOf(kw)] : []);
  const score = kw.length > 0 ? relevance(index, 'jobs', kw, [['title', 1]], 0) : () => 0;
  const locations = has(filter.locations) ? expandLocations(world.geo, filter.locations) : null;
  const types = has(filter.jobTypes) ? new Set(filter.jobTypes) : null;
  const levels = has(filter.experienceLevels)
    ? new Set(filter.experienceLevels.map((l) => (l.length === 1 ? l : EXPERIENCE_LEVEL_CODES[l as ExperienceLevel])))
    : null;
  const workplaces = has(filter.workplaceTypes) ? new Set(filter.workplaceTypes) : null;
  const companyIds = new Set(filter.companies ?? []);
  const since = filter.datePosted ? (filter.nowMs as number) - DATE_RANGE_MS[filter.datePosted] : null;
  const hits: { j: Job; score: number }[] = [];
  world.jobs.forEach((j, pos) => {
    if (textMatches && !textMatches.has(pos)) return;
    if (locations && !locations.has(j.location.geoId)) return;
    if (types && !types.has(j.jobType)) return;
    if (levels && !levels.has(j.experienceLevelCode)) return;
    if (workplaces && !workplaces.has(j.workplaceType)) return;
    if (filter.easyApply !== undefined && j.easyApply !== filter.easyApply) return;
    if (has(filter.companies) && !companyIds.has(j.companyId) && !filter.companies.some((c) => hasPhrase(j.companyName, c))) return;
    if (since !== null && (j.postedAtMs < since || j.postedAtMs > (filter.nowMs as number))) return;
    hits.push({ j, score: score(pos) });
  });
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

/** Groups by filter; keyword words in the name first, then by member count. */
export function searchGroups(world: World, filter: GroupSearchFilter, page?: PageRequest): Page<Group> {
  const index = searchIndexOf(world);
  const kw = keywordPhrases(filter.keywords ?? '');
  const textMatches = matching(index, 'groups', kw.length > 0 ? [allOf(kw)] : []);
  const score = kw.length > 0 ? relevance(index, 'groups', kw, [['name', 1]], 0) : () => 0;
  const hits: { g: Group; score: number }[] = [];
  world.groups.forEach((g, pos) => {
    if (textMatches && !textMatches.has(pos)) return;
    if (filter.minMembers !== undefined && g.memberCount < filter.minMembers) return;
    if (filter.maxMembers !== undefined && g.memberCount > filter.maxMembers) return;
    hits.push({ g, score: score(pos) });
  });
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
  /** Words of the name, all present as words. */
  name?: string;
  /** Words of the industry, all present as words. */
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
  const index = searchIndexOf(world);
  const clauses: (string | false)[] = [];
  if (filter.name) clauses.push(keywordPhrases(filter.name).length > 0 && allOf(keywordPhrases(filter.name), ['name']));
  if (filter.industry) clauses.push(keywordPhrases(filter.industry).length > 0 && allOf(keywordPhrases(filter.industry), ['industry']));
  const textMatches = matching(index, 'companies', clauses);
  const size = filter.size?.trim();
  const locations = filter.location ? expandLocations(world.geo, [filter.location]) : null;
  const items = world.companies
    .filter((c, pos) => (!textMatches || textMatches.has(pos))
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
  /** A string (all words and "quoted phrases" must appear as words) or a list (any entry matches). */
  keywords?: string | string[];
  dateRange?: DateRange;
  /** Author's current job title holds any of these as words (E10 authorRoles, E12 authorJobTitle). */
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
  const search = searchIndexOf(world);
  // Each entry: its phrases, all of which must appear; with several entries any entry may match.
  const entries = (Array.isArray(filter.keywords) ? filter.keywords : filter.keywords ? [filter.keywords] : [])
    .map((k) => keywordPhrases(k))
    .filter((ps) => ps.length > 0);
  const entryMatches = entries.map((ps) => search.set('posts', allOf(ps)));
  // A phrase found among the post's hashtags weighs 2, elsewhere 1.
  const entryScores = entries.map((ps) => relevance(search, 'posts', ps, [['hashtags', 2]]));
  const titleMatches = has(filter.authorJobTitles) ? matching(search, 'people', [clause(filter.authorJobTitles, ['title'])]) : null;
  const since = filter.dateRange ? ctx.nowMs - DATE_RANGE_MS[filter.dateRange] : null;
  const members = has(filter.fromMembers) ? new Set(filter.fromMembers) : null;
  const orgs = has(filter.fromOrganizations) ? new Set(filter.fromOrganizations) : null;
  const types = has(filter.contentTypes) ? new Set(filter.contentTypes) : null;

  const hits: { p: Post; score: number; engagement: number }[] = [];
  for (const [pos, p] of world.posts.entries()) {
    if (p.createdAtMs > ctx.nowMs) continue;
    if (since !== null && p.createdAtMs < since) continue;
    const person = p.author.type === 'person' ? index.personById.get(p.author.personId) : undefined;
    const company = p.author.type === 'company' ? index.companyById.get(p.author.companyId) : undefined;
    if (p.visibility === 'CONNECTIONS' && !(person && ctx.view?.degreeOf(person.id) === 1)) continue;
    let score = 0;
    if (entries.length > 0) {
      let matched = false;
      entryMatches.forEach((set, i) => {
        if (!set.has(pos)) return;
        matched = true;
        score += entryScores[i]!(pos);
      });
      if (!matched) continue;
    }
    if (titleMatches && !(person && titleMatches.has(index.personOrder.get(person.id)!))) continue;
    if (has(filter.authorCompanies)) {
      const companyId = person?.currentPosition.companyId ?? company?.companyId;
      const companyName = person?.currentPosition.companyName ?? company?.name ?? '';
      if (!filter.authorCompanies.includes(companyId ?? '') && !filter.authorCompanies.some((c) => hasPhrase(companyName, c))) continue;
    }
    if (has(filter.authorIndustries)) {
      const industry = person?.industry ?? company?.industry ?? '';
      if (!filter.authorIndustries.some((v) => hasPhrase(industry, v))) continue;
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
