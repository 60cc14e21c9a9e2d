import type { searchPosts as searchPostsV2Entry, searchPostsByAuthorRole, searchPostsV1 } from '../../../contract/endpoints/posts.js';
import type { Post, PostContentType, PostSearchFilter } from '../../world/index.js';
import { DATE_RANGE_MS, contentTypeOf, findCompany, findPerson, hasPhrase, matchesKeywords, pageOf, searchPosts } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { renderSearchItem } from './render.js';
import type { AnswerOf, CallOf } from './types.js';

/**
 * Post searches over the world. v2 is available in every region of the
 * embedded network, so an empty v2 answer means nothing matches (v1 would
 * find nothing either); v1 stays callable with its smaller filter set.
 */

type V2Filters = NonNullable<CallOf<typeof searchPostsV2Entry>['input']['filters']>;

const V2_CONTENT_TYPES: Record<NonNullable<V2Filters['contentType']>[number], PostContentType | null> = {
  photos: 'images',
  collaborative_articles: 'articles',
  // The synthetic network has no videos, job posts, live videos or documents.
  videos: null,
  jobs: null,
  live_videos: null,
  documents: null,
};

const V2_DATE_RANGES = { 'past-24h': 'PAST_24H', 'past-week': 'PAST_WEEK', 'past-month': 'PAST_MONTH' } as const;

/** E10: any of the keywords, optionally by author job titles and a date range. */
export function searchByRoles(deps: DomainDeps, { account, input }: CallOf<typeof searchPostsByAuthorRole>): AnswerOf<typeof searchPostsByAuthorRole> {
  const filter: PostSearchFilter = {
    keywords: input.keywords,
    ...(input.authorRoles ? { authorJobTitles: input.authorRoles } : {}),
    ...(input.dateRange ? { dateRange: input.dateRange } : {}),
    sortBy: input.sortBy === 'recent' ? 'recency' : 'relevance',
  };
  const page = searchPosts(deps.world(), filter, { start: 0, count: input.limit }, { nowMs: deps.clock.now(), view: deps.view(account) });
  return answer(deps, account, page.items, page.total);
}

/** E13: all keywords must appear. */
export function searchV1(deps: DomainDeps, { account, input }: CallOf<typeof searchPostsV1>): AnswerOf<typeof searchPostsV1> {
  const filter: PostSearchFilter = { keywords: input.keywords, sortBy: input.sortBy === 'recent' ? 'recency' : 'relevance' };
  const page = searchPosts(deps.world(), filter, { start: input.start, count: input.count }, { nowMs: deps.clock.now(), view: deps.view(account) });
  return answer(deps, account, page.items, page.total);
}

/** E12: keywords plus the v2 filters; every filter narrows, entries of one filter are alternatives. */
export function searchV2(deps: DomainDeps, { account, input }: CallOf<typeof searchPostsV2Entry>): AnswerOf<typeof searchPostsV2Entry> {
  const f: V2Filters = input.filters ?? {};
  const now = deps.clock.now();
  const has = (list: readonly string[] | undefined): list is readonly string[] => list !== undefined && list.length > 0;

  const contentTypes = has(f.contentType) ? f.contentType.map((t) => V2_CONTENT_TYPES[t]).filter((t): t is PostContentType => t !== null) : undefined;
  // Asking only for kinds of content the network does not hold finds nothing.
  if (contentTypes && contentTypes.length === 0) return answer(deps, account, [], 0);
  // Several date ranges: the widest wins (any of them).
  const dateRange = has(f.datePosted)
    ? (['past-month', 'past-week', 'past-24h'] as const).filter((d) => f.datePosted!.includes(d)).map((d) => V2_DATE_RANGES[d])[0]
    : undefined;
  const sortBy = f.sortBy === 'date_posted' ? 'recency' : 'relevance';
  const filter: PostSearchFilter = {
    keywords: input.keywords,
    sortBy,
    ...(dateRange ? { dateRange } : {}),
    ...(contentTypes ? { contentTypes } : {}),
    ...(has(f.authorJobTitle) ? { authorJobTitles: [...f.authorJobTitle] } : {}),
    ...(has(f.authorCompany) ? { authorCompanies: [...f.authorCompany] } : {}),
    ...(has(f.authorIndustry) ? { authorIndustries: [...f.authorIndustry] } : {}),
    ...(has(f.fromMember) ? { fromMembers: [...f.fromMember] } : {}),
    ...(has(f.fromOrganization) ? { fromOrganizations: [...f.fromOrganization] } : {}),
  };

  const postedBy = new Set(f.postedBy ?? []);
  const mentions = mentionTexts(deps, f);
  const view = deps.view(account);
  let hits: Post[] = [];
  if (postedBy.size === 0 || postedBy.has('first') || postedBy.has('following')) {
    const world = deps.world();
    hits = searchPosts(world, filter, { start: 0, count: world.posts.length }, { nowMs: now, view }).items.filter((p) => {
      if (postedBy.size === 0) return true;
      if (p.author.type === 'person') {
        const id = p.author.personId;
        return (postedBy.has('first') && deps.network.degreeOf(account, id) === 1) || (postedBy.has('following') && deps.network.isFollowing(account, id));
      }
      return p.author.type === 'company' && postedBy.has('following') && deps.network.isFollowing(account, p.author.companyId);
    });
  }
  if (postedBy.has('me')) {
    const own = view.posts.filter((p) => ownPostMatches(deps, account, p, filter, now));
    hits = [...own, ...hits];
    if (sortBy === 'recency') hits.sort((a, b) => b.createdAtMs - a.createdAtMs || a.activityId.localeCompare(b.activityId));
  }
  if (mentions) hits = hits.filter((p) => mentions.some((m) => hasPhrase(p.content, m)));
  const page = pageOf(hits, { start: input.start, count: input.count });
  return answer(deps, account, page.items, page.total);
}

/** Names the mention filters look for in the text; null when no mention filter is set. Unknown ids match nothing. */
function mentionTexts(deps: DomainDeps, f: V2Filters): string[] | null {
  const members = f.mentionsMember ?? [];
  const orgs = f.mentionsOrganization ?? [];
  if (members.length === 0 && orgs.length === 0) return null;
  const world = deps.world();
  const names: string[] = [];
  for (const m of members) {
    const p = findPerson(world, m);
    if (p) names.push(`${p.firstName} ${p.lastName}`);
  }
  for (const o of orgs) {
    const c = findCompany(world, o);
    if (c) names.push(c.name);
  }
  return names;
}

/** The account's own posts under the same filters, judged against its own profile as the author. */
function ownPostMatches(deps: DomainDeps, account: ActingAccount, p: Post, filter: PostSearchFilter, now: number): boolean {
  if (p.createdAtMs > now) return false;
  if (typeof filter.keywords === 'string' && !matchesKeywords(p.content, filter.keywords)) return false;
  if (filter.dateRange && p.createdAtMs < now - DATE_RANGE_MS[filter.dateRange]) return false;
  if (filter.contentTypes && !filter.contentTypes.includes(contentTypeOf(p))) return false;
  if (filter.fromOrganizations) return false;
  const profile = deps.view(account).profile;
  const anyIn = (value: string, wanted: readonly string[]) => wanted.some((w) => hasPhrase(value, w));
  if (filter.fromMembers && !filter.fromMembers.some((m) => m.toLowerCase() === account.publicId.toLowerCase() || m === profile.profileUrn)) return false;
  if (filter.authorJobTitles && !anyIn(profile.currentPosition.title, filter.authorJobTitles)) return false;
  if (filter.authorCompanies && !filter.authorCompanies.includes(profile.currentPosition.companyId) && !anyIn(profile.currentPosition.companyName, filter.authorCompanies)) return false;
  if (filter.authorIndustries && !anyIn(profile.industry, filter.authorIndustries)) return false;
  return true;
}

function answer(deps: DomainDeps, account: ActingAccount, posts: readonly Post[], totalCount: number): AnswerOf<typeof searchPostsV1> {
  return { success: true, posts: posts.map((p) => renderSearchItem(deps, account, p)), count: posts.length, totalCount };
}
