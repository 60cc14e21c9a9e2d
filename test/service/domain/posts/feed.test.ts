import { describe, expect, it } from 'vitest';
import { PROMOTED_EVERY } from '../../../../src/service/domain/posts/index.js';
import { findPost, relativeStamp } from '../../../../src/service/world/index.js';
import { testWorld } from '../harness.js';
import { ACCOUNTS, domainError, postsHarness } from './helpers.js';

type FeedPost = { activityUrn: string; authorName: string; timestamp: string; likes: number; comments: number; shares: number; isPromoted: boolean; feedContext?: string; celebrationType?: string; isPeopleUpdate: boolean };
type Feed = { success: boolean; posts: FeedPost[]; hasMore: boolean };

const me = ACCOUNTS.business;

describe('E1 feed', () => {
  it('recent: organic posts newest first, a promoted page post after every fourth, paging without overlap', () => {
    const h = postsHarness();
    const big = h.run<Feed>('E1', me, { sortBy: 'recent', count: 50 });
    expect(big.posts).toHaveLength(50);
    expect(big.hasMore).toBe(true);
    big.posts.forEach((p, i) => expect(p.isPromoted).toBe((i + 1) % (PROMOTED_EVERY + 1) === 0));
    const organic = big.posts.filter((p) => !p.isPromoted).map((p) => findPost(testWorld(), p.activityUrn, h.deps.view(me))!.createdAtMs);
    expect(organic).toEqual([...organic].sort((a, b) => b - a));
    for (const p of big.posts.filter((x) => x.isPromoted)) {
      expect(p.feedContext).toBe('Promoted');
      const post = findPost(testWorld(), p.activityUrn)!;
      expect(post.author.type).toBe('company');
      expect(h.deps.network.isFollowing(me, (post.author as { companyId: string }).companyId)).toBe(false);
    }
    const a = h.run<Feed>('E1', me, { sortBy: 'recent', count: 10 });
    const b = h.run<Feed>('E1', me, { sortBy: 'recent', count: 10, start: 10 });
    expect([...a.posts, ...b.posts]).toEqual(big.posts.slice(0, 20));
  });

  it('organic posts come from the account itself, its connections and what it follows', () => {
    const h = postsHarness();
    const view = h.deps.view(me);
    const people = new Set([...view.connections.map((c) => c.personId), ...view.following.people.map((f) => f.personId)]);
    const companies = new Set(view.following.companies.map((f) => f.companyId));
    const feed = h.run<Feed>('E1', me, { count: 50 });
    for (const item of feed.posts.filter((p) => !p.isPromoted)) {
      const post = findPost(testWorld(), item.activityUrn, view)!;
      const a = post.author;
      const ok = a.type === 'account' ? a.accountId === me.id : a.type === 'company' ? companies.has(a.companyId) : people.has(a.personId);
      expect(ok).toBe(true);
      expect(item.timestamp).toBe(relativeStamp(post.createdAtMs, h.clock.now()));
      if (item.feedContext) expect(item.feedContext).toMatch(/^\S.* (likes this|celebrates this|loves this|supports this|finds this insightful|finds this funny|commented on this)$/);
    }
    expect(feed.posts.some((p) => !p.isPromoted && p.feedContext)).toBe(true);
  });

  it('relevance and recent give different orders', () => {
    const h = postsHarness();
    const ids = (sortBy: string) => h.run<Feed>('E1', me, { sortBy, count: 50 }).posts.filter((p) => !p.isPromoted).map((p) => p.activityUrn);
    const rel = ids('relevance');
    const rec = ids('recent');
    expect(rel).not.toEqual(rec);
  });
});

describe('E2 latest posts', () => {
  it('lists a person’s posts newest first; includeReposts=false drops reposts', () => {
    const h = postsHarness();
    const reposter = testWorld().posts.find((p) => p.repostOf !== null && p.visibility === 'PUBLIC' && p.author.type === 'person')!;
    const person = testWorld().people.find((p) => p.id === (reposter.author as { personId: string }).personId)!;
    const withReposts = h.run<{ posts: Array<{ activityUrn: string; authorName: string }>; hasMore: boolean }>('E2', me, { profileId: person.profileUrl, count: 50 });
    const urns = withReposts.posts.map((p) => p.activityUrn);
    expect(urns).toContain(reposter.activityUrn);
    for (const p of withReposts.posts) expect(p.authorName).toBe(`${person.firstName} ${person.lastName}`);
    const times = urns.map((u) => findPost(testWorld(), u)!.createdAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const without = h.run<{ posts: Array<{ activityUrn: string }> }>('E2', me, { profileId: person.profileId, includeReposts: false, count: 50 });
    expect(without.posts.map((p) => p.activityUrn)).toEqual(urns.filter((u) => findPost(testWorld(), u)!.repostOf === null));
  });

  it('lists a company page’s posts and the account’s own posts; unknown profiles are 404', () => {
    const h = postsHarness();
    const companyPost = testWorld().posts.find((p) => p.author.type === 'company')!;
    const company = testWorld().companies.find((c) => c.companyId === (companyPost.author as { companyId: string }).companyId)!;
    const page = h.run<{ posts: Array<{ activityUrn: string; authorName: string }> }>('E2', me, { profileId: company.companyUrl, count: 50 });
    expect(page.posts.map((p) => p.activityUrn)).toContain(companyPost.activityUrn);
    expect(page.posts.every((p) => p.authorName === company.name)).toBe(true);

    const own = h.run<{ posts: Array<{ activityUrn: string }>; hasMore: boolean }>('E2', me, { profileId: me.publicId, count: 50 });
    expect(own.posts.map((p) => p.activityUrn)).toEqual(h.deps.view(me).posts.map((p) => p.activityUrn));

    const e = domainError(() => h.run('E2', me, { profileId: 'nobody-here-123' }));
    expect(e.status).toBe(404);
    expect(e.message).toBe('Profile not found: nobody-here-123');
  });
});
