/** Post listings around an account: its feed, a profile's latest posts, a post's comments and reactions. */
import type { AccountView } from './account-types.js';
import { pageOf } from './paging.js';
import type { Comment, Page, PageRequest, Post, Reaction, World } from './types.js';

export type PostAuthorRef = { personId: string } | { companyId: string };

/** Posts of one author, newest first; reposts included unless excluded. */
export function latestPostsOf(world: World, author: PostAuthorRef, options: { includeReposts?: boolean }, page?: PageRequest): Page<Post> {
  const posts = world.posts.filter((p) => {
    if (options.includeReposts === false && p.repostOf !== null) return false;
    if ('personId' in author) return p.author.type === 'person' && p.author.personId === author.personId;
    return p.author.type === 'company' && p.author.companyId === author.companyId;
  });
  return pageOf(posts, page);
}

export interface FeedOptions {
  sortBy?: 'relevance' | 'recent';
  nowMs: number;
}

/**
 * Home feed of an account: posts of its connections, of people and companies
 * it follows, and its own; "recent" is newest first, "relevance" weighs
 * engagement against age (a day-old post needs about twice the reactions of a
 * fresh one to rank level with it).
 */
export function feedOf(world: World, view: AccountView, options: FeedOptions, page?: PageRequest): Page<Post> {
  const people = new Set([...view.connections.map((c) => c.personId), ...view.following.people.map((f) => f.personId)]);
  const companies = new Set(view.following.companies.map((f) => f.companyId));
  const posts = [...view.posts, ...world.posts].filter((p) => {
    if (p.createdAtMs > options.nowMs) return false;
    if (p.author.type === 'account') return p.author.accountId === view.accountId;
    if (p.author.type === 'company') return companies.has(p.author.companyId);
    if (p.visibility === 'CONNECTIONS' && view.degreeOf(p.author.personId) !== 1) return false;
    return people.has(p.author.personId);
  });
  if (options.sortBy === 'relevance') {
    const rank = (p: Post) => (p.reactions.length + 2 * p.comments.length + 1) / Math.pow(1 + (options.nowMs - p.createdAtMs) / 86_400_000, 1);
    posts.sort((a, b) => rank(b) - rank(a) || b.createdAtMs - a.createdAtMs || a.activityId.localeCompare(b.activityId));
  } else {
    posts.sort((a, b) => b.createdAtMs - a.createdAtMs || a.activityId.localeCompare(b.activityId));
  }
  return pageOf(posts, page);
}

/** A post's top-level comments, oldest first, including the view's own comments on it. */
export function commentsOf(post: Post, view?: AccountView): Comment[] {
  const own = view ? view.comments.filter((c) => c.postActivityUrn === post.activityUrn).map((c) => c.comment) : [];
  if (own.length === 0) return post.comments;
  return [...post.comments, ...own].sort((a, b) => a.createdAtMs - b.createdAtMs || a.commentId.localeCompare(b.commentId));
}

/** A post's reactions, oldest first, including the view's own reaction to it. */
export function reactionsOf(post: Post, view?: AccountView): Reaction[] {
  const own = view?.reactions.find((r) => r.postActivityUrn === post.activityUrn);
  if (!own || !view) return post.reactions;
  const mine: Reaction = { actor: { type: 'account', accountId: view.accountId }, reactionType: own.reactionType, reactedAtMs: own.reactedAtMs };
  return [...post.reactions, mine].sort((a, b) => a.reactedAtMs - b.reactedAtMs);
}
