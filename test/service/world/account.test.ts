import { describe, expect, it } from 'vitest';
import {
  commentsOf,
  connectionDegree,
  degreeCode,
  degreeDistance,
  degreeLabel,
  displayMemberCount,
  feedOf,
  findPerson,
  findPost,
  latestPostsOf,
  monthYear,
  reactionsOf,
  relativeAge,
  relativeStamp,
} from '../../../src/service/world/index.js';
import { ACCOUNT_A, ACCOUNT_B, OWNER, allPages, smallWorld, viewOf } from './fixture.js';

const world = smallWorld();
const DAY = 86_400_000;

describe('account view: network', () => {
  const view = viewOf();
  const first = new Set(view.connections.map((c) => c.personId));

  it('computes degrees consistent with its connections and the world graph', () => {
    expect(first.size).toBe(view.connections.length);
    const counts = { 1: 0, 2: 0, 3: 0 };
    for (const p of world.people) {
      const d = view.degreeOf(p.id);
      counts[d]++;
      const expected = first.has(p.id) ? 1 : p.connectionIds.some((c) => first.has(c)) ? 2 : 3;
      expect(d).toBe(expected);
    }
    expect(counts[1]).toBeGreaterThan(50);
    expect(counts[2]).toBeGreaterThan(0);
    expect(counts[3]).toBeGreaterThan(0);
  });

  it('lets overlays add connections through connectionDegree', () => {
    const stranger = world.people.find((p) => view.degreeOf(p.id) === 3)!;
    const extended = new Set([...first, stranger.id]);
    expect(connectionDegree(world, extended, stranger.id)).toBe(1);
    for (const friend of stranger.connectionIds) if (!extended.has(friend)) expect(connectionDegree(world, extended, friend)).toBe(2);
  });

  it('has followers, followed people and companies that exist', () => {
    for (const f of [...view.followers, ...view.following.people]) expect(findPerson(world, f.personId)).toBeDefined();
    const companies = new Set(world.companies.map((c) => c.companyId));
    for (const f of view.following.companies) expect(companies.has(f.companyId)).toBe(true);
    expect(view.following.companies.map((f) => f.companyId)).toContain(view.profile.currentPosition.companyId);
    expect(view.followers.length).toBeGreaterThan(0);
  });

  it('receives pending invitations only from people it is not connected to', () => {
    const other = viewOf(ACCOUNT_B);
    for (const v of [view, other]) {
      for (const inv of v.invitationsReceived) {
        expect(v.degreeOf(inv.fromPersonId)).not.toBe(1);
        expect(inv.invitationUrn).toBe(`urn:li:invitation:${inv.invitationId}`);
        expect((inv.message ?? '').length).toBeLessThanOrEqual(300);
      }
    }
  });
});

describe('account view: conversations', () => {
  it('has direct and group conversations with connections, some unread', () => {
    const view = viewOf();
    expect(view.conversations.some((c) => c.kind === 'group' && c.participantIds.length >= 2)).toBe(true);
    for (const c of view.conversations) {
      expect(c.source).toBe('network');
      expect(c.conversationUrn).toMatch(/^urn:li:msg_conversation:\(urn:li:fsd_profile:/);
      for (const id of c.participantIds) expect(view.degreeOf(id)).toBe(1);
      for (let i = 1; i < c.messages.length; i++) expect(c.messages[i]!.sentAtMs).toBeGreaterThanOrEqual(c.messages[i - 1]!.sentAtMs);
      for (const m of c.messages) {
        if (m.sender.type === 'account') expect(m.read).toBe(true);
        else expect(c.participantIds).toContain(m.sender.personId);
        expect(m.sentAtMs).toBeLessThanOrEqual(world.epochMs);
      }
    }
    const unread = [ACCOUNT_A, ACCOUNT_B].flatMap((id) => viewOf(id).conversations.flatMap((c) => c.messages.filter((m) => !m.read)));
    expect(unread.length).toBeGreaterThan(0);
    for (const m of unread) expect(m.sender.type).toBe('person');
    const times = view.conversations.map((c) => c.messages.at(-1)!.sentAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('adds sales-navigation threads with the sales thread URN only for sales-navigation accounts', () => {
    const sales = viewOf(ACCOUNT_A, { ...OWNER, premium: true, salesNavigator: true });
    const threads = sales.conversations.filter((c) => c.source === 'sales_navigator');
    expect(threads.length).toBeGreaterThan(0);
    for (const t of threads) {
      expect(t.salesNavThreadId).not.toBeNull();
      expect(t.conversationUrn).toBe(`urn:li:fs_salesThread:${t.salesNavThreadId}`);
    }
    const network = sales.conversations.filter((c) => c.source === 'network');
    for (const c of network) expect(c.salesNavThreadId).toBeNull();
    expect(viewOf().conversations.some((c) => c.source === 'sales_navigator')).toBe(false);
  });
});

describe('account view: own activity', () => {
  const view = viewOf();

  it('keeps a comment history on real posts over the last ~20 days, newest first', () => {
    expect(view.comments.length).toBeGreaterThan(0);
    for (const c of view.comments) {
      const post = findPost(world, c.postActivityUrn)!;
      expect(post.postUrl).toBe(c.postUrl);
      expect(post.activityId).toBe(c.postActivityId);
      expect(c.comment.author).toEqual({ type: 'account', accountId: ACCOUNT_A });
      expect(c.comment.createdAtMs).toBeGreaterThan(post.createdAtMs);
      expect(c.comment.createdAtMs).toBeGreaterThanOrEqual(world.epochMs - 20 * DAY);
      expect(commentsOf(post, view)).toContain(c.comment);
      expect(commentsOf(post)).not.toContain(c.comment);
    }
    const times = view.comments.map((c) => c.comment.createdAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.some((t) => t >= world.epochMs - 15 * DAY)).toBe(true);
  });

  it('keeps a reaction history on distinct real posts, merged into the post reactions', () => {
    expect(view.reactions.length).toBeGreaterThan(0);
    expect(new Set(view.reactions.map((r) => r.postActivityUrn)).size).toBe(view.reactions.length);
    for (const r of view.reactions) {
      const post = findPost(world, r.postUrl)!;
      expect(r.reactedAtMs).toBeGreaterThanOrEqual(world.epochMs - 20 * DAY);
      const mine = reactionsOf(post, view).filter((x) => x.actor.type === 'account');
      expect(mine).toEqual([{ actor: { type: 'account', accountId: ACCOUNT_A }, reactionType: r.reactionType, reactedAtMs: r.reactedAtMs }]);
    }
  });

  it('has its own posts with engagement from others, found through its feed', () => {
    expect(view.posts.length).toBeGreaterThan(0);
    for (const p of view.posts) {
      expect(p.author).toEqual({ type: 'account', accountId: ACCOUNT_A });
      for (const r of p.reactions) expect(r.actor.type).toBe('person');
    }
    expect(view.posts.some((p) => p.reactions.length > 0)).toBe(true);
    const feed = feedOf(world, view, { nowMs: world.epochMs, sortBy: 'recent' }, { count: 10_000 }).items;
    expect(feed).toEqual(expect.arrayContaining(view.posts));
    const followed = new Set([...view.connections.map((c) => c.personId), ...view.following.people.map((f) => f.personId)]);
    const companies = new Set(view.following.companies.map((f) => f.companyId));
    for (const p of feed) {
      if (p.author.type === 'person') expect(followed.has(p.author.personId)).toBe(true);
      if (p.author.type === 'company') expect(companies.has(p.author.companyId)).toBe(true);
    }
    for (let i = 1; i < feed.length; i++) expect(feed[i - 1]!.createdAtMs).toBeGreaterThanOrEqual(feed[i]!.createdAtMs);
    const pages = allPages((page) => feedOf(world, view, { nowMs: world.epochMs, sortBy: 'relevance' }, page), 9);
    expect(new Set(pages.flatMap((p) => p.items)).size).toBe(feed.length);
  });

  it('records profile visitors over 90 days, some anonymous', () => {
    const visits = [ACCOUNT_A, ACCOUNT_B].flatMap((id) => viewOf(id).profileVisitors);
    expect(visits.some((v) => v.personId === null)).toBe(true);
    for (const v of visits) {
      expect(v.visitedAtMs).toBeGreaterThanOrEqual(world.epochMs - 90 * DAY);
      if (v.personId === null) expect(v.anonymousLabel).toBeTruthy();
      else expect(findPerson(world, v.personId)).toBeDefined();
    }
  });

  it('has an SSI score that is the sum of four pillars, with ranks', () => {
    const { ssi } = view;
    const sum = ssi.pillars.establishBrand + ssi.pillars.findRightPeople + ssi.pillars.engageWithInsights + ssi.pillars.buildRelationships;
    expect(ssi.score).toBeCloseTo(sum, 2);
    for (const v of Object.values(ssi.pillars)) expect(v >= 0 && v <= 25).toBe(true);
    expect(ssi.industryRank.industry).toBe(view.profile.industry);
    for (const r of [ssi.industryRank.topPercent, ssi.networkRank.topPercent]) expect(r >= 1 && r <= 99).toBe(true);
  });

  it('has creator dashboard cards whose direction agrees with their change', () => {
    expect(view.creatorMetrics.length).toBeGreaterThanOrEqual(3);
    for (const m of view.creatorMetrics) {
      if (m.changePercent === null) expect(m.changeDirection).toBeNull();
      else expect(m.changeDirection).toBe(m.changePercent > 0 ? 'up' : m.changePercent < 0 ? 'down' : 'flat');
    }
    expect(view.creatorMetrics.find((m) => m.label === 'Total followers')?.value).toBe(view.followers.length);
  });
});

describe('latest posts of a profile', () => {
  it('lists one author newest first, with or without reposts', () => {
    const author = world.posts.find((p) => p.repostOf !== null)!.author as { type: 'person'; personId: string };
    const all = latestPostsOf(world, { personId: author.personId }, {}, { count: 1000 }).items;
    const originals = latestPostsOf(world, { personId: author.personId }, { includeReposts: false }, { count: 1000 }).items;
    expect(all.some((p) => p.repostOf !== null)).toBe(true);
    expect(originals.every((p) => p.repostOf === null)).toBe(true);
    for (const p of all) expect(p.author).toEqual(author);
    expect(originals.length).toBeLessThan(all.length);
  });
});

describe('display helpers', () => {
  it('formats relative times as the network does', () => {
    const now = Date.UTC(2026, 0, 5);
    expect(relativeStamp(now - 30_000, now)).toBe('now');
    expect(relativeStamp(now - 5 * 3_600_000, now)).toBe('5h');
    expect(relativeStamp(now - DAY, now)).toBe('1d');
    expect(relativeStamp(now - 15 * DAY, now)).toBe('2w');
    expect(relativeStamp(now - 95 * DAY, now)).toBe('3mo');
    expect(relativeStamp(now - 400 * DAY, now)).toBe('1yr');
    expect(relativeAge(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(relativeAge(now - DAY, now)).toBe('1 day ago');
    expect(relativeAge(now - 14 * DAY, now)).toBe('2 weeks ago');
    expect(monthYear(Date.UTC(2025, 2, 31))).toBe('March 2025');
  });

  it('rounds group member counts above 999 only', () => {
    expect(displayMemberCount(999)).toBe(999);
    expect(displayMemberCount(1000)).toBe(1000);
    expect(displayMemberCount(1234)).toBe(1200);
    expect(displayMemberCount(45_678)).toBe(45_000);
    expect(displayMemberCount(2_345_678)).toBe(2_300_000);
  });

  it('names degrees in each of the spec forms', () => {
    expect([1, 2, 3].map((d) => degreeLabel(d as 1 | 2 | 3))).toEqual(['1st', '2nd', '3rd+']);
    expect([1, 2, 3].map((d) => degreeCode(d as 1 | 2 | 3))).toEqual(['F', 'S', 'O']);
    expect(degreeDistance(2)).toBe('DISTANCE_2');
  });
});
