import { describe, expect, it } from 'vitest';
import { ACTIVITY_FETCH_LIMIT } from '../../../../src/service/domain/posts/index.js';
import { EPOCH } from '../harness.js';
import { ACCOUNTS, domainError, postsHarness, publicPersonPosts, withTracking } from './helpers.js';

type CommentItem = { activityUrn: string; postActivityUrn: string | null; commentUrn: string | null; commentText: string | null; postUrl: string | null; timestamp: number | null; isoDate: string | null; type: 'comment' };
type ReactionItem = { activityUrn: string; postUrl: string | null; reactionType: string | null; timestamp: number | null; isoDate: string | null; type: 'reaction' };
type Page<K extends string, T> = { success: boolean; accountId: string; profileId: string; count: number; paginationToken: string | null } & Record<K, T[]>;
type Activity = {
  dateRange: { start: string; end: string; days: number };
  summary: { totalComments: number; totalReactions: number; totalActivities: number; totalCommentsFetched: number; totalReactionsFetched: number; reachedCommentLimit: boolean; reachedReactionLimit: boolean };
  dailyBreakdown: Array<{ date: string; comments: number; reactions: number; total: number }>;
  comments: Array<{ activityUrn: string; date: string; isoDate: string; timestamp: number; type: string }>;
  reactions: Array<{ activityUrn: string; date: string; isoDate: string; timestamp: number; type: string }>;
};

const me = ACCOUNTS.free;
const id = { accountId: me.id };

function walk<K extends 'comments' | 'reactions', T>(run: (input: Record<string, unknown>) => Page<K, T>, key: K, count: number): { items: T[]; pages: number } {
  const items: T[] = [];
  let token: string | null = null;
  let pages = 0;
  do {
    const page: Page<K, T> = run({ ...id, count, ...(token ? { paginationToken: token } : {}) });
    expect(page.count).toBe(page[key].length);
    items.push(...page[key]);
    token = page.paginationToken;
    pages++;
  } while (token !== null && pages < 100);
  return { items, pages };
}

describe('A6 own reaction history', () => {
  it('the newest item is the reaction just made, with its type and a clean post URL; re-reacting changes the type in place', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[7]!;
    const total = walk((i) => h.run<Page<'reactions', ReactionItem>>('A6', me, i), 'reactions', 100).items.length;
    h.run('E3', me, { postUrn: withTracking(post.postUrl), reactionType: 'APPRECIATION' });
    const page = h.run<Page<'reactions', ReactionItem>>('A6', me, id);
    expect(page).toMatchObject({ success: true, accountId: me.id, profileId: me.publicId, count: 20 });
    expect(page.reactions[0]).toEqual({
      activityUrn: post.activityUrn,
      postUrl: post.postUrl,
      reactionType: 'APPRECIATION',
      timestamp: h.clock.now(),
      isoDate: new Date(h.clock.now()).toISOString(),
      type: 'reaction',
    });
    expect(page.reactions[0]!.postUrl).not.toContain('?');

    h.clock.advance(5_000);
    h.run('E3', me, { postUrn: post.activityUrn, reactionType: 'ENTERTAINMENT' });
    const all = walk((i) => h.run<Page<'reactions', ReactionItem>>('A6', me, i), 'reactions', 100).items;
    expect(all).toHaveLength(total + 1);
    expect(all.filter((r) => r.activityUrn === post.activityUrn)).toEqual([expect.objectContaining({ reactionType: 'ENTERTAINMENT', timestamp: h.clock.now() })]);
  });

  it('reacting again with the same type changes nothing, not even the date', () => {
    const h = postsHarness();
    const fresh = publicPersonPosts()[11]!;
    h.run('E3', me, { postUrn: fresh.activityUrn, reactionType: 'LIKE' });
    const at = h.clock.now();
    h.clock.advance(60_000);
    h.run('E3', me, { postUrn: fresh.postUrl, reactionType: 'LIKE' });
    const old = h.deps.view(me).reactions[5]!;
    h.run('E3', me, { postUrn: old.postUrl, reactionType: old.reactionType });
    const all = walk((i) => h.run<Page<'reactions', ReactionItem>>('A6', me, i), 'reactions', 100).items;
    expect(all).toHaveLength(h.deps.view(me).reactions.length + 1);
    expect(all[0]).toMatchObject({ activityUrn: fresh.activityUrn, timestamp: at });
    expect(all.find((r) => r.activityUrn === old.postActivityUrn)).toMatchObject({ reactionType: old.reactionType, timestamp: old.reactedAtMs });
  });

  it('token paging walks the whole history newest first, without overlap, and ends with null', () => {
    const h = postsHarness();
    const view = h.deps.view(me);
    const { items, pages } = walk((i) => h.run<Page<'reactions', ReactionItem>>('A6', me, i), 'reactions', 7);
    expect(items).toHaveLength(view.reactions.length);
    expect(pages).toBe(Math.ceil(view.reactions.length / 7));
    expect(new Set(items.map((r) => r.activityUrn)).size).toBe(items.length);
    const times = items.map((r) => r.timestamp!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a reaction made between pages neither repeats nor shifts the next page', () => {
    const h = postsHarness();
    const first = h.run<Page<'reactions', ReactionItem>>('A6', me, { ...id, count: 10 });
    const expected = h.run<Page<'reactions', ReactionItem>>('A6', me, { ...id, count: 10, start: 10 });
    h.run('E3', me, { postUrn: publicPersonPosts()[8]!.activityUrn, reactionType: 'LIKE' });
    const next = h.run<Page<'reactions', ReactionItem>>('A6', me, { ...id, count: 10, paginationToken: first.paginationToken });
    expect(next.reactions).toEqual(expected.reactions);
  });
});

describe('A5 own comment history', () => {
  it('the newest item is the comment just made', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[9]!;
    const posted = h.run<{ commentId: string; commentUrn: string }>('E4', me, { postUrn: withTracking(post.postUrl), commentText: 'Count me in.' });
    const page = h.run<Page<'comments', CommentItem>>('A5', me, { ...id, count: 1 });
    expect(page.comments).toEqual([
      {
        activityUrn: post.activityUrn,
        postActivityUrn: post.activityId,
        commentUrn: posted.commentUrn,
        commentText: 'Count me in.',
        postUrl: post.postUrl,
        timestamp: h.clock.now(),
        isoDate: new Date(h.clock.now()).toISOString(),
        type: 'comment',
      },
    ]);
    expect(page.paginationToken).not.toBeNull();
  });

  it('token paging covers every comment once and ends with null; start is ignored when a token is given', () => {
    const h = postsHarness();
    const total = h.deps.view(me).comments.length;
    const { items } = walk((i) => h.run<Page<'comments', CommentItem>>('A5', me, i), 'comments', 6);
    expect(items).toHaveLength(total);
    expect(new Set(items.map((c) => c.commentUrn)).size).toBe(total);

    const first = h.run<Page<'comments', CommentItem>>('A5', me, { ...id, count: 6 });
    const viaToken = h.run<Page<'comments', CommentItem>>('A5', me, { ...id, count: 6, paginationToken: first.paginationToken });
    const withStart = h.run<Page<'comments', CommentItem>>('A5', me, { ...id, count: 6, start: 30, paginationToken: first.paginationToken });
    expect(withStart.comments).toEqual(viaToken.comments);
    expect(viaToken.comments).toEqual(items.slice(6, 12));
    // Without a token, start is an offset.
    expect(h.run<Page<'comments', CommentItem>>('A5', me, { ...id, count: 6, start: 6 }).comments).toEqual(items.slice(6, 12));
    // Past the end: an empty last page.
    expect(h.run<Page<'comments', CommentItem>>('A5', me, { ...id, start: total })).toMatchObject({ count: 0, paginationToken: null, comments: [] });
  });

  it('count defaults to 20 and must be 1-100; start must be at least 0', () => {
    const h = postsHarness();
    expect(h.run<Page<'comments', CommentItem>>('A5', me, id).count).toBe(20);
    expect(h.run<Page<'comments', CommentItem>>('A5', me, { ...id, count: 100 }).count).toBe(Math.min(100, h.deps.view(me).comments.length));
    expect(() => h.run('A5', me, { ...id, count: 0 })).toThrow(/count: Too small/);
    expect(() => h.run('A6', me, { ...id, count: 101 })).toThrow(/count: Too big/);
    expect(() => h.run('A6', me, { ...id, start: -1 })).toThrow(/start: Too small/);
    expect(() => h.run('A6', me, { ...id, count: 2.5 })).toThrow(/count: Expected an integer/);
  });

  it('a bad token is a 400 naming paginationToken; tokens of the other history or another account are refused', () => {
    const h = postsHarness();
    for (const token of ['garbage!', 'eyJ2IjoxfQ', Buffer.from('[1,2]').toString('base64url')]) {
      const e = domainError(() => h.run('A5', me, { ...id, paginationToken: token }));
      expect(e.status).toBe(400);
      expect(e.message).toMatch(/^Invalid paginationToken: /);
    }
    const reactionToken = h.run<Page<'reactions', ReactionItem>>('A6', me, { ...id, count: 1 }).paginationToken!;
    expect(domainError(() => h.run('A5', me, { ...id, paginationToken: reactionToken })).message).toContain('reactions history');
    const other = ACCOUNTS.business;
    expect(domainError(() => h.run('A6', other, { accountId: other.id, paginationToken: reactionToken })).message).toContain('another account');
  });
});

describe('A4 activity', () => {
  it('covers 15 days; totals equal the list lengths; the daily breakdown sums to them', () => {
    const h = postsHarness();
    h.run('E3', me, { postUrn: publicPersonPosts()[10]!.activityUrn, reactionType: 'LIKE' });
    h.run('E4', me, { postUrn: publicPersonPosts()[10]!.activityUrn, commentText: 'Good one' });
    const a = h.run<Activity>('A4', me, id);
    const now = h.clock.now();
    expect(a.dateRange).toEqual({ start: new Date(now - 15 * 86_400_000).toISOString(), end: new Date(now).toISOString(), days: 15 });
    const s = a.summary;
    expect(s.totalComments).toBe(a.comments.length);
    expect(s.totalReactions).toBe(a.reactions.length);
    expect(s.totalActivities).toBe(s.totalComments + s.totalReactions);
    expect(a.dailyBreakdown.reduce((n, d) => n + d.comments, 0)).toBe(s.totalComments);
    expect(a.dailyBreakdown.reduce((n, d) => n + d.reactions, 0)).toBe(s.totalReactions);
    expect(a.dailyBreakdown.every((d) => d.total === d.comments + d.reactions)).toBe(true);
    // One row per UTC date from the window start to today, oldest first.
    expect(a.dailyBreakdown[0]!.date).toBe(new Date(now - 15 * 86_400_000).toISOString().slice(0, 10));
    expect(a.dailyBreakdown.at(-1)!.date).toBe(new Date(now).toISOString().slice(0, 10));
    expect(a.dailyBreakdown).toHaveLength(16);
    // The lists hold exactly the history inside the window.
    const since = now - 15 * 86_400_000;
    const inWindow = h.deps.view(me).comments.filter((c) => c.comment.createdAtMs >= since).length + 1;
    expect(s.totalComments).toBe(inWindow);
    expect(a.comments[0]).toMatchObject({ activityUrn: publicPersonPosts()[10]!.activityUrn, timestamp: now, type: 'comment' });
    expect(a.reactions[0]).toMatchObject({ activityUrn: publicPersonPosts()[10]!.activityUrn, timestamp: now, type: 'reaction' });
    for (const item of [...a.comments, ...a.reactions]) expect(item.date).toBe(item.isoDate.slice(0, 10));
    expect(s.totalCommentsFetched).toBeGreaterThanOrEqual(s.totalComments);
  });

  it('reachedReactionLimit: the read stopped at the fetch limit while still inside the window', () => {
    const h = postsHarness();
    const before = h.run<Activity>('A4', me, id).summary;
    expect(before.reachedReactionLimit).toBe(false);
    expect(before.reachedCommentLimit).toBe(false);
    // Enough fresh reactions to push the window's history past the limit.
    const posts = publicPersonPosts().slice(20, 20 + ACTIVITY_FETCH_LIMIT);
    for (const p of posts) {
      h.clock.advance(1000);
      h.run('E3', me, { postUrn: p.activityUrn, reactionType: 'LIKE' });
    }
    const after = h.run<Activity>('A4', me, id).summary;
    expect(after.reachedReactionLimit).toBe(true);
    expect(after.totalReactionsFetched).toBe(ACTIVITY_FETCH_LIMIT);
    expect(after.totalReactions).toBe(ACTIVITY_FETCH_LIMIT);
  });

  it('history older than 15 days drops out as time passes', () => {
    const h = postsHarness(EPOCH + 30 * 86_400_000);
    const a = h.run<Activity>('A4', me, id);
    expect(a.summary).toMatchObject({ totalComments: 0, totalReactions: 0, totalActivities: 0 });
    expect(a.dailyBreakdown.every((d) => d.total === 0)).toBe(true);
    // …but the full history is still listed by A5/A6.
    expect(h.run<Page<'reactions', ReactionItem>>('A6', me, id).count).toBe(20);
  });
});
