import { describe, expect, it } from 'vitest';
import { searchPosts as searchV2Entry } from '../../../../src/contract/endpoints/posts.js';
import { validate } from '../../../../src/contract/index.js';
import { findPerson, findPost, normalize, type Post } from '../../../../src/service/world/index.js';
import { testWorld } from '../harness.js';
import { ACCOUNTS, postsHarness } from './helpers.js';

type Item = {
  activityUrn: string;
  postUrl: string;
  author: { profileId: string; name: string; connectionDegree: string };
  content: string;
  engagement: { reactions: number; comments: number; reposts: number };
  hashtags: string[];
  isArticle: boolean;
};
type Result = { success: boolean; posts: Item[]; count: number; totalCount: number };

const me = ACCOUNTS.salesNav;
const DAY = 86_400_000;
const worldPost = (urn: string): Post => findPost(testWorld(), urn)!;
const authorOf = (p: Post) => (p.author.type === 'person' ? findPerson(testWorld(), p.author.personId) : undefined);

/** A hashtag common enough to page through. */
function popularTag(): string {
  const counts = new Map<string, number>();
  for (const p of testWorld().posts) for (const t of p.hashtags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0].slice(1);
}

describe('E12 posts search v2', () => {
  it('a missing keywords field is a validation issue "Required"; count is capped at 50', () => {
    const parsed = validate(searchV2Entry.input, {});
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.issues).toEqual([{ code: 'invalid_type', expected: 'string', received: 'undefined', path: ['keywords'], message: 'Required' }]);
    const h = postsHarness();
    expect(() => h.run('E12', me, {})).toThrow(/keywords: Required/);
    expect(() => h.run('E12', me, { keywords: 'ai', count: 51 })).toThrow(/count: Too big/);
  });

  it('pages with start; count ≤ 50; every result carries the keyword; totalCount is exact', () => {
    const h = postsHarness();
    const tag = popularTag();
    const big = h.run<Result>('E12', me, { keywords: tag, count: 50 });
    expect(big.count).toBe(50);
    expect(big.posts).toHaveLength(50);
    const first = h.run<Result>('E12', me, { keywords: tag });
    const second = h.run<Result>('E12', me, { keywords: tag, start: 10 });
    expect(first.count).toBe(10);
    expect([...first.posts, ...second.posts].map((p) => p.activityUrn)).toEqual(big.posts.slice(0, 20).map((p) => p.activityUrn));
    const expectedTotal = testWorld().posts.filter((p) => normalize(p.content).includes(tag) && (p.visibility === 'PUBLIC' || h.deps.view(me).degreeOf((p.author as { personId: string }).personId) === 1)).length;
    expect(big.totalCount).toBe(expectedTotal);
    for (const p of big.posts) expect(normalize(p.content)).toContain(tag);
    const tail = h.run<Result>('E12', me, { keywords: tag, start: big.totalCount - 3, count: 10 });
    expect(tail.count).toBe(3);
  });

  it('filters narrow the results and every result satisfies them', () => {
    const h = postsHarness();
    const tag = popularTag();
    const now = h.clock.now();
    const all = h.run<Result>('E12', me, { keywords: tag, count: 50 });

    const week = h.run<Result>('E12', me, { keywords: tag, count: 50, filters: { datePosted: ['past-week'] } });
    expect(week.totalCount).toBeLessThan(all.totalCount);
    for (const p of week.posts) expect(worldPost(p.activityUrn).createdAtMs).toBeGreaterThanOrEqual(now - 7 * DAY);

    const photos = h.run<Result>('E12', me, { keywords: tag, count: 50, filters: { contentType: ['photos'] } });
    expect(photos.count).toBeGreaterThan(0);
    for (const p of photos.posts) expect(worldPost(p.activityUrn).mediaUrls.length).toBeGreaterThan(0);
    expect(h.run<Result>('E12', me, { keywords: tag, filters: { contentType: ['videos'] } })).toEqual({ success: true, posts: [], count: 0, totalCount: 0 });

    const first = h.run<Result>('E12', me, { keywords: tag, count: 50, filters: { postedBy: ['first'] } });
    expect(first.totalCount).toBeLessThan(all.totalCount);
    for (const p of first.posts) expect(p.author.connectionDegree).toBe('1st');

    const title = authorOf(worldPost(all.posts.find((p) => authorOf(worldPost(p.activityUrn)))!.activityUrn))!.currentPosition.title;
    const byTitle = h.run<Result>('E12', me, { keywords: tag, count: 50, filters: { authorJobTitle: [title] } });
    expect(byTitle.count).toBeGreaterThan(0);
    for (const p of byTitle.posts) expect(normalize(authorOf(worldPost(p.activityUrn))!.currentPosition.title)).toContain(normalize(title));

    const recent = h.run<Result>('E12', me, { keywords: tag, count: 50, filters: { sortBy: 'date_posted' } });
    const times = recent.posts.map((p) => worldPost(p.activityUrn).createdAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('fromOrganization and mentionsOrganization take company ids', () => {
    const h = postsHarness();
    const companyPost = testWorld().posts.find((p) => p.author.type === 'company' && p.hashtags.length > 0)!;
    const companyId = (companyPost.author as { companyId: string }).companyId;
    const tag = companyPost.hashtags[0]!.slice(1);
    const from = h.run<Result>('E12', me, { keywords: tag, count: 50, filters: { fromOrganization: [companyId] } });
    expect(from.posts.map((p) => p.activityUrn)).toContain(companyPost.activityUrn);
    for (const p of from.posts) expect(worldPost(p.activityUrn).author).toEqual({ type: 'company', companyId });

    const mentioning = testWorld().posts.find((p) => p.author.type === 'person' && p.visibility === 'PUBLIC' && p.hashtags.length > 0 && normalize(p.content).includes(normalize(authorOf(p)!.currentPosition.companyName)))!;
    const company = authorOf(mentioning)!.currentPosition;
    const mentions = h.run<Result>('E12', me, { keywords: mentioning.hashtags[0]!.slice(1), count: 50, filters: { mentionsOrganization: [company.companyId] } });
    expect(mentions.posts.map((p) => p.activityUrn)).toContain(mentioning.activityUrn);
    for (const p of mentions.posts) expect(normalize(p.content)).toContain(normalize(company.companyName));
  });

  it('postedBy me finds the account’s own posts only', () => {
    const h = postsHarness();
    const own = h.deps.view(me).posts[0]!;
    const word = own.hashtags[0]?.slice(1) ?? normalize(own.content).split(' ')[0]!;
    const mine = h.run<Result>('E12', me, { keywords: word, count: 50, filters: { postedBy: ['me'] } });
    expect(mine.posts.map((p) => p.activityUrn)).toContain(own.activityUrn);
    const ownUrns = new Set(h.deps.view(me).posts.map((p) => p.activityUrn));
    for (const p of mine.posts) expect(ownUrns.has(p.activityUrn)).toBe(true);
  });

  it('shows overlay engagement (a reaction raises engagement.reactions)', () => {
    const h = postsHarness();
    const tag = popularTag();
    const top = h.run<Result>('E12', me, { keywords: tag, count: 1 }).posts[0]!;
    h.run('E3', me, { postUrn: top.activityUrn, reactionType: 'LIKE' });
    expect(h.run<Result>('E12', me, { keywords: tag, count: 1 }).posts[0]!.engagement.reactions).toBe(top.engagement.reactions + 1);
  });
});

describe('E10 and E13', () => {
  it('E10 matches any keyword and filters by author role and date range', () => {
    const h = postsHarness();
    const tag = popularTag();
    const now = h.clock.now();
    const two = h.run<Result>('E10', me, { keywords: [tag, 'zzzunmatched'], limit: 50 });
    const one = h.run<Result>('E10', me, { keywords: [tag], limit: 50 });
    expect(two.totalCount).toBe(one.totalCount);
    const roleTitle = authorOf(worldPost(one.posts.find((p) => authorOf(worldPost(p.activityUrn)))!.activityUrn))!.currentPosition.title;
    const roles = h.run<Result>('E10', me, { keywords: [tag], authorRoles: [roleTitle], limit: 50 });
    expect(roles.count).toBeGreaterThan(0);
    expect(roles.totalCount).toBeLessThan(one.totalCount);
    for (const p of roles.posts) expect(normalize(authorOf(worldPost(p.activityUrn))!.currentPosition.title)).toContain(normalize(roleTitle));
    const day = h.run<Result>('E10', me, { keywords: [tag], dateRange: 'PAST_MONTH', limit: 50 });
    expect(day.totalCount).toBeLessThan(one.totalCount);
    for (const p of day.posts) expect(worldPost(p.activityUrn).createdAtMs).toBeGreaterThanOrEqual(now - 30 * DAY);
    expect(() => h.run('E10', me, { keywords: [] })).toThrow(/keywords: Too small/);
  });

  it('E13 needs every word, pages with start and sorts by recency on request', () => {
    const h = postsHarness();
    const tag = popularTag();
    const all = h.run<Result>('E13', me, { keywords: tag, count: 20, sortBy: 'recent' });
    const times = all.posts.map((p) => worldPost(p.activityUrn).createdAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = h.run<Result>('E13', me, { keywords: tag, start: 10, sortBy: 'recent' });
    expect(second.posts.map((p) => p.activityUrn)).toEqual(all.posts.slice(10, 20).map((p) => p.activityUrn));
    expect(h.run<Result>('E13', me, { keywords: `${tag} zzzunmatched` }).totalCount).toBe(0);
  });
});
