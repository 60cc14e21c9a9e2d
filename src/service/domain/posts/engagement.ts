import type { ReactionType } from '../../../contract/index.js';
import type { Actor, Comment, Post } from '../../world/index.js';
import { REACTION_TYPES } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { selfCard, worldPersonCard, type ActorCard } from './actors.js';
import { storeOf, type CommentRow, type ReactionRow } from './store.js';

/**
 * A post's engagement as the acting account sees it: the world's reactions,
 * comments and shares, the account's own pre-existing history from its view,
 * and every overlay row (this account's and other connected accounts' writes,
 * simulated comments). The account has at most one reaction per post: an
 * overlay row replaces the reaction its view had.
 */

export interface ReactionEntry {
  actor: ActorCard;
  reactionType: ReactionType;
  reactedAtMs: number;
}

export interface CommentEntry {
  commentId: string;
  commentUrn: string;
  actor: ActorCard;
  content: string;
  createdAtMs: number;
  likes: number;
  /** Top-level comment this one replies to; null for a top-level comment. */
  parentId: string | null;
}

export interface EngagementCounts {
  reactions: number;
  byType: Record<ReactionType, number>;
  /** Top-level comments and replies. */
  comments: number;
  shares: number;
}

function overlayReactionEntry(row: ReactionRow): ReactionEntry {
  return {
    actor: { profileId: row.actor_profile_id, name: row.actor_name, headline: row.actor_headline, profileUrl: row.actor_profile_url },
    reactionType: row.reaction_type,
    reactedAtMs: row.reacted_at_ms,
  };
}

/** The view's reaction of the account on this post, unless an overlay row replaced it. */
function viewReaction(deps: DomainDeps, account: ActingAccount, post: Post, rows: readonly ReactionRow[]) {
  if (rows.some((r) => r.account_id === account.id)) return undefined;
  return deps.view(account).reactions.find((r) => r.postActivityId === post.activityId);
}

/** Every reaction on the post, newest first. */
export function reactionsOn(deps: DomainDeps, account: ActingAccount, post: Post): ReactionEntry[] {
  const rows = storeOf(deps.db).reactionsOfPost.all(post.activityId) as ReactionRow[];
  const entries: ReactionEntry[] = post.reactions.map((r) => ({
    actor: actorCard(deps, account, r.actor),
    reactionType: r.reactionType,
    reactedAtMs: r.reactedAtMs,
  }));
  const own = viewReaction(deps, account, post, rows);
  if (own) entries.push({ actor: selfCard(deps, account), reactionType: own.reactionType, reactedAtMs: own.reactedAtMs });
  entries.push(...rows.map(overlayReactionEntry));
  return entries.sort((a, b) => b.reactedAtMs - a.reactedAtMs);
}

/** Counts only (no actor cards), for listings of many posts. */
export function countsOf(deps: DomainDeps, account: ActingAccount, post: Post): EngagementCounts {
  const store = storeOf(deps.db);
  const byType = Object.fromEntries(REACTION_TYPES.map((t) => [t, 0])) as Record<ReactionType, number>;
  for (const r of post.reactions) byType[r.reactionType]++;
  const rows = store.reactionsOfPost.all(post.activityId) as ReactionRow[];
  const own = viewReaction(deps, account, post, rows);
  if (own) byType[own.reactionType]++;
  for (const r of rows) byType[r.reaction_type]++;
  const reactions = REACTION_TYPES.reduce((s, t) => s + byType[t], 0);
  const repostRow = store.repostCount.get(post.activityId) as { n: number };
  return {
    reactions,
    byType,
    comments: commentsOn(deps, account, post).length,
    shares: post.shares + repostRow.n,
  };
}

/**
 * Comments of the post in reading order: top-level comments oldest first,
 * each followed by its replies oldest first.
 */
export function commentsOn(deps: DomainDeps, account: ActingAccount, post: Post): CommentEntry[] {
  const store = storeOf(deps.db);
  const likes = new Map(
    (store.likesOfPost.all(post.activityId) as { comment_id: string; n: number }[]).map((r) => [r.comment_id, r.n]),
  );
  const fromWorld = (c: Comment, parentId: string | null): CommentEntry => ({
    commentId: c.commentId,
    commentUrn: c.commentUrn,
    actor: actorCard(deps, account, c.author),
    content: c.content,
    createdAtMs: c.createdAtMs,
    likes: c.likes + (likes.get(c.commentId) ?? 0),
    parentId,
  });
  const fromRow = (r: CommentRow): CommentEntry => ({
    commentId: r.comment_id,
    commentUrn: commentUrn(post.activityId, r.comment_id),
    actor: { profileId: r.author_ref, name: r.author_name, headline: r.author_headline, profileUrl: r.author_profile_url },
    content: r.content,
    createdAtMs: r.created_at_ms,
    likes: likes.get(r.comment_id) ?? 0,
    parentId: r.parent_comment_id,
  });

  const top: CommentEntry[] = [];
  const replies = new Map<string, CommentEntry[]>();
  const addReply = (e: CommentEntry) => {
    const list = replies.get(e.parentId!) ?? [];
    list.push(e);
    replies.set(e.parentId!, list);
  };
  for (const c of post.comments) {
    top.push(fromWorld(c, null));
    for (const r of c.replies) addReply(fromWorld(r, c.commentId));
  }
  for (const own of deps.view(account).comments) {
    if (own.postActivityId === post.activityId) top.push(fromWorld(own.comment, null));
  }
  const now = deps.clock.now();
  for (const row of store.commentsOfPost.all(post.activityId) as CommentRow[]) {
    if (row.created_at_ms > now) continue;
    const e = fromRow(row);
    if (e.parentId === null) top.push(e);
    else addReply(e);
  }
  const order = (a: CommentEntry, b: CommentEntry) => a.createdAtMs - b.createdAtMs || compareIds(a.commentId, b.commentId);
  top.sort(order);
  const out: CommentEntry[] = [];
  for (const t of top) {
    out.push(t);
    out.push(...(replies.get(t.commentId) ?? []).sort(order));
  }
  return out;
}

export function commentUrn(postActivityId: string, commentId: string): string {
  return `urn:li:comment:(activity:${postActivityId},${commentId})`;
}

/** Numeric id strings compared as numbers. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function actorCard(deps: DomainDeps, account: ActingAccount, actor: Actor): ActorCard {
  if (actor.type === 'person') return worldPersonCard(deps, actor.personId);
  // World data names an account only in that account's own view.
  return selfCard(deps, account);
}
