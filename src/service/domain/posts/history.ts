import type { getAccountActivity, listOwnComments, listOwnReactions } from '../../../contract/endpoints/account.js';
import type { ReactionType } from '../../../contract/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { DomainError } from '../context.js';
import { fullName } from './actors.js';
import { compareIds, commentUrn } from './engagement.js';
import { storeOf, type CommentRow, type ReactionRow } from './store.js';
import type { AnswerOf, CallOf } from './types.js';

/**
 * The account's own comment and reaction history: what its view of the world
 * holds from before (world history) plus what it did through the service
 * (overlays). Comments written as a company page are the page's activity,
 * not the member's, and stay out. An overlay reaction replaces the view's
 * reaction on the same post.
 */

export const ACTIVITY_DAYS = 15;
/** A4 reads the history in pages of this size… */
export const ACTIVITY_PAGE = 20;
/** …and stops after this many items per kind (reachedCommentLimit / reachedReactionLimit). */
export const ACTIVITY_FETCH_LIMIT = 100;

const DAY_MS = 86_400_000;

export interface OwnCommentItem {
  /** Activity (post) the comment was written on. */
  postActivityUrn: string;
  postActivityId: string;
  postUrl: string;
  commentId: string;
  commentUrn: string;
  text: string;
  atMs: number;
}

export interface OwnReactionItem {
  postActivityUrn: string;
  postActivityId: string;
  postUrl: string;
  reactionType: ReactionType;
  atMs: number;
}

/** Newest first; ties broken by id, newest id first, so the order is total (token paging relies on it). */
export function ownComments(deps: DomainDeps, account: ActingAccount): OwnCommentItem[] {
  const now = deps.clock.now();
  const items: OwnCommentItem[] = deps.view(account).comments.map((c) => ({
    postActivityUrn: c.postActivityUrn,
    postActivityId: c.postActivityId,
    postUrl: c.postUrl,
    commentId: c.comment.commentId,
    commentUrn: c.comment.commentUrn,
    text: c.comment.content,
    atMs: c.comment.createdAtMs,
  }));
  for (const r of storeOf(deps.db).ownComments.all(account.id) as CommentRow[]) {
    items.push({
      postActivityUrn: r.post_urn,
      postActivityId: r.post_id,
      postUrl: r.post_url,
      commentId: r.comment_id,
      commentUrn: commentUrn(r.post_id, r.comment_id),
      text: r.content,
      atMs: r.created_at_ms,
    });
  }
  return items.filter((i) => i.atMs <= now).sort((a, b) => b.atMs - a.atMs || compareIds(b.commentId, a.commentId));
}

export function ownReactions(deps: DomainDeps, account: ActingAccount): OwnReactionItem[] {
  const now = deps.clock.now();
  const rows = storeOf(deps.db).reactionsOfAccount.all(account.id) as ReactionRow[];
  const replaced = new Set(rows.map((r) => r.post_id));
  const items: OwnReactionItem[] = deps
    .view(account)
    .reactions.filter((r) => !replaced.has(r.postActivityId))
    .map((r) => ({ postActivityUrn: r.postActivityUrn, postActivityId: r.postActivityId, postUrl: r.postUrl, reactionType: r.reactionType, atMs: r.reactedAtMs }));
  for (const r of rows) {
    items.push({ postActivityUrn: r.post_urn, postActivityId: r.post_id, postUrl: r.post_url, reactionType: r.reaction_type, atMs: r.reacted_at_ms });
  }
  return items.filter((i) => i.atMs <= now).sort((a, b) => b.atMs - a.atMs || compareIds(b.postActivityId, a.postActivityId));
}

// ---------------------------------------------------------------- paging tokens

type HistoryKind = 'comments' | 'reactions';

interface Position {
  /** Time and id of the last item of the previous page: the next page starts strictly after it. */
  t: number;
  id: string;
}

/**
 * Opaque token: base64url JSON of the kind, the account and the last item's
 * (time, id). Keyset rather than offset, so items added meanwhile at the top
 * neither repeat nor shift the next page.
 */
export function encodeToken(kind: HistoryKind, accountId: string, pos: Position): string {
  return Buffer.from(JSON.stringify({ v: 1, k: kind, a: accountId, t: pos.t, id: pos.id })).toString('base64url');
}

export function decodeToken(kind: HistoryKind, accountId: string, token: string): Position {
  const bad = (why: string) => new DomainError(400, `Invalid paginationToken: ${why}; pass the paginationToken of the previous page unchanged`);
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw bad('not a token this service issued');
  }
  const p = parsed as { v?: unknown; k?: unknown; a?: unknown; t?: unknown; id?: unknown };
  if (p === null || typeof p !== 'object' || p.v !== 1 || typeof p.t !== 'number' || !Number.isFinite(p.t) || typeof p.id !== 'string' || !/^\d+$/.test(p.id)) {
    throw bad('not a token this service issued');
  }
  if (p.k !== kind) throw bad(`it belongs to the ${String(p.k)} history`);
  if (p.a !== accountId) throw bad('it belongs to another account');
  return { t: p.t, id: p.id };
}

/** The envelope A5 and A6 answer in, around their list. */
interface HistoryEnvelope {
  success: true;
  accountId: string;
  profileId: string;
  count: number;
  paginationToken: string | null;
}

/** A page of an own-history list (A5, A6) and its envelope; the caller names the list. */
function historyPage<T>(
  kind: HistoryKind,
  account: { id: string; publicId: string },
  all: readonly T[],
  key: (item: T) => Position,
  input: { count: number; start: number; paginationToken?: string | undefined },
): { items: T[]; envelope: HistoryEnvelope } {
  const accountId = account.id;
  let from = input.start;
  // The token wins over start (spec A5).
  if (input.paginationToken !== undefined) {
    const after = decodeToken(kind, accountId, input.paginationToken);
    const idx = all.findIndex((item) => {
      const k = key(item);
      return k.t < after.t || (k.t === after.t && compareIds(k.id, after.id) < 0);
    });
    from = idx === -1 ? all.length : idx;
  }
  const items = all.slice(from, from + input.count);
  const last = items[items.length - 1];
  const more = from + items.length < all.length;
  const paginationToken = more && last !== undefined ? encodeToken(kind, accountId, key(last)) : null;
  return { items, envelope: { success: true, accountId, profileId: account.publicId, count: items.length, paginationToken } };
}

/** A5. */
export function commentHistory(deps: DomainDeps, { account, input }: CallOf<typeof listOwnComments>): AnswerOf<typeof listOwnComments> {
  const { items, envelope } = historyPage('comments', account, ownComments(deps, account), (c) => ({ t: c.atMs, id: c.commentId }), input);
  return {
    ...envelope,
    comments: items.map((c) => ({
      activityUrn: c.postActivityUrn,
      postActivityUrn: c.postActivityId,
      commentUrn: c.commentUrn,
      commentText: c.text,
      postUrl: c.postUrl,
      timestamp: c.atMs,
      isoDate: new Date(c.atMs).toISOString(),
      type: 'comment' as const,
    })),
  };
}

/** A6. */
export function reactionHistory(deps: DomainDeps, { account, input }: CallOf<typeof listOwnReactions>): AnswerOf<typeof listOwnReactions> {
  const { items, envelope } = historyPage('reactions', account, ownReactions(deps, account), (r) => ({ t: r.atMs, id: r.postActivityId }), input);
  return {
    ...envelope,
    reactions: items.map((r) => ({
      activityUrn: r.postActivityUrn,
      postUrl: r.postUrl,
      reactionType: r.reactionType,
      timestamp: r.atMs,
      isoDate: new Date(r.atMs).toISOString(),
      type: 'reaction' as const,
    })),
  };
}

// ---------------------------------------------------------------- activity (A4)

interface Fetched<T> {
  inWindow: T[];
  fetched: number;
  reachedLimit: boolean;
}

/**
 * Reads the history newest first in pages of ACTIVITY_PAGE, as the network
 * serves it, until a page reaches past the window start, the history ends,
 * or ACTIVITY_FETCH_LIMIT items were read. reachedLimit: the read stopped at
 * the limit while still inside the window, so older activity of the window
 * may be missing from the lists and totals.
 */
function fetchWindow<T>(all: readonly T[], at: (item: T) => number, sinceMs: number): Fetched<T> {
  let fetched = 0;
  while (fetched < all.length && fetched < ACTIVITY_FETCH_LIMIT) {
    fetched = Math.min(all.length, fetched + ACTIVITY_PAGE, ACTIVITY_FETCH_LIMIT);
    if (at(all[fetched - 1]!) < sinceMs) break;
  }
  const read = all.slice(0, fetched);
  const inWindow = read.filter((i) => at(i) >= sinceMs);
  const reachedLimit = fetched === ACTIVITY_FETCH_LIMIT && fetched < all.length && at(all[fetched - 1]!) >= sinceMs;
  return { inWindow, fetched, reachedLimit };
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A4: the last 15 days (rolling, ending now) with one breakdown row per UTC date, oldest date first. */
export function activity(deps: DomainDeps, { account }: CallOf<typeof getAccountActivity>): AnswerOf<typeof getAccountActivity> {
  const now = deps.clock.now();
  const since = now - ACTIVITY_DAYS * DAY_MS;
  const c = fetchWindow(ownComments(deps, account), (i) => i.atMs, since);
  const r = fetchWindow(ownReactions(deps, account), (i) => i.atMs, since);

  const days = new Map<string, { comments: number; reactions: number }>();
  for (let d = Date.parse(`${utcDate(since)}T00:00:00.000Z`); d <= now; d += DAY_MS) days.set(utcDate(d), { comments: 0, reactions: 0 });
  for (const i of c.inWindow) days.get(utcDate(i.atMs))!.comments++;
  for (const i of r.inWindow) days.get(utcDate(i.atMs))!.reactions++;

  const item = <T extends 'comment' | 'reaction'>(urn: string, atMs: number, type: T) => ({
    activityUrn: urn,
    date: utcDate(atMs),
    isoDate: new Date(atMs).toISOString(),
    timestamp: atMs,
    type,
  });
  return {
    success: true,
    accountId: account.id,
    accountName: fullName(account),
    dateRange: { start: new Date(since).toISOString(), end: new Date(now).toISOString(), days: ACTIVITY_DAYS },
    summary: {
      totalComments: c.inWindow.length,
      totalReactions: r.inWindow.length,
      totalActivities: c.inWindow.length + r.inWindow.length,
      totalCommentsFetched: c.fetched,
      totalReactionsFetched: r.fetched,
      reachedCommentLimit: c.reachedLimit,
      reachedReactionLimit: r.reachedLimit,
    },
    dailyBreakdown: [...days].map(([date, n]) => ({ date, comments: n.comments, reactions: n.reactions, total: n.comments + n.reactions })),
    comments: c.inWindow.map((i) => item(i.postActivityUrn, i.atMs, 'comment')),
    reactions: r.inWindow.map((i) => item(i.postActivityUrn, i.atMs, 'reaction')),
  };
}
