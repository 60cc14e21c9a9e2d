import type { getFeed, getLatestPosts, listAllPostComments, listPostComments, listPostReactions, scrapePost } from '../../../contract/endpoints/posts.js';
import type { ReactionType } from '../../../contract/index.js';
import type { Post } from '../../world/index.js';
import { feedOf, findCompany, findPerson, latestPostsOf, pageOf } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { DomainError } from '../context.js';
import { worldPersonCard } from './actors.js';
import { commentsOn, reactionsOn } from './engagement.js';
import { unitFloats } from './ids.js';
import { renderComment, renderPost, renderScrape } from './render.js';
import { canSee, resolvePost } from './resolve.js';
import type { AnswerOf, CallOf } from './types.js';

/** One promoted post after every this many organic posts of the feed. */
export const PROMOTED_EVERY = 4;

const REACTION_VERBS: Record<ReactionType, string> = {
  LIKE: 'likes this',
  PRAISE: 'celebrates this',
  APPRECIATION: 'loves this',
  EMPATHY: 'supports this',
  INTEREST: 'finds this insightful',
  ENTERTAINMENT: 'finds this funny',
};

/**
 * E1: the world's feed of the account (its own posts, connections, people and
 * pages it follows) with a promoted company post after every fourth organic one.
 */
export function feed(deps: DomainDeps, { account, input }: CallOf<typeof getFeed>): AnswerOf<typeof getFeed> {
  const world = deps.world();
  const view = deps.view(account);
  const now = deps.clock.now();
  const organic = feedOf(world, view, { sortBy: input.sortBy, nowMs: now }, { start: 0, count: world.posts.length + view.posts.length }).items;
  const ads = promotedPosts(deps, account, now);
  const merged: { post: Post; promoted: boolean }[] = [];
  organic.forEach((post, i) => {
    merged.push({ post, promoted: false });
    const ad = ads[Math.floor(i / PROMOTED_EVERY) % Math.max(1, ads.length)];
    if ((i + 1) % PROMOTED_EVERY === 0 && ad) merged.push({ post: ad, promoted: true });
  });
  const page = pageOf(merged, { start: input.start, count: input.count });
  const connections = deps.network.connectionIds(account);
  return {
    success: true,
    posts: page.items.map(({ post, promoted }) => {
      const context = promoted ? 'Promoted' : feedContext(deps, post, connections);
      return { ...renderPost(deps, account, post), isPromoted: promoted, ...(context ? { feedContext: context } : {}) };
    }),
    hasMore: page.hasMore,
  };
}

/** Company posts of pages the account does not follow, newest first, rotated per account. */
function promotedPosts(deps: DomainDeps, account: ActingAccount, now: number): Post[] {
  const candidates = deps.world().posts.filter(
    (p) => p.author.type === 'company' && p.repostOf === null && p.createdAtMs <= now && !deps.network.isFollowing(account, p.author.companyId),
  );
  if (candidates.length === 0) return [];
  const shift = Math.floor(unitFloats(deps.world().seed, 'posts-promoted', account.id)[0]! * candidates.length);
  return [...candidates.slice(shift), ...candidates.slice(0, shift)];
}

/** "Ana Lee likes this" when a connection other than the author engaged with the post. */
function feedContext(deps: DomainDeps, post: Post, connections: ReadonlySet<string>): string | undefined {
  const authorId = post.author.type === 'person' ? post.author.personId : null;
  const known = (id: string) => id !== authorId && connections.has(id);
  for (let i = post.reactions.length - 1; i >= 0; i--) {
    const r = post.reactions[i]!;
    if (r.actor.type === 'person' && known(r.actor.personId)) return `${worldPersonCard(deps, r.actor.personId).name} ${REACTION_VERBS[r.reactionType]}`;
  }
  const c = post.comments.find((x) => x.author.type === 'person' && known(x.author.personId));
  if (c && c.author.type === 'person') return `${worldPersonCard(deps, c.author.personId).name} commented on this`;
  return undefined;
}

/** E2: a member's or page's posts, newest first; the account's own public id, URL or URN lists its own posts. */
export function latest(deps: DomainDeps, { account, input }: CallOf<typeof getLatestPosts>): AnswerOf<typeof getLatestPosts> {
  const world = deps.world();
  const now = deps.clock.now();
  const all = { start: 0, count: world.posts.length };
  let posts: Post[];
  if (isOwnProfile(deps, account, input.profileId)) {
    posts = deps.view(account).posts.filter((p) => input.includeReposts || p.repostOf === null);
  } else {
    const person = findPerson(world, input.profileId);
    const company = person ? undefined : findCompany(world, input.profileId);
    if (person) posts = latestPostsOf(world, { personId: person.id }, { includeReposts: input.includeReposts }, all).items;
    else if (company) posts = latestPostsOf(world, { companyId: company.companyId }, { includeReposts: input.includeReposts }, all).items;
    else throw new DomainError(404, `Profile not found: ${input.profileId}`);
  }
  const visible = posts.filter((p) => p.createdAtMs <= now && canSee(deps, account, p));
  const page = pageOf(visible, { start: input.start, count: input.count });
  return { success: true, posts: page.items.map((p) => renderPost(deps, account, p)), hasMore: page.hasMore };
}

function isOwnProfile(deps: DomainDeps, account: ActingAccount, ref: string): boolean {
  const r = ref.trim();
  const slug = /\/in\/([^/?#]+)/i.exec(r)?.[1] ?? r;
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // keep the raw text
  }
  return decoded.toLowerCase() === account.publicId.toLowerCase() || r === deps.view(account).profile.profileUrn;
}

/** E5: one page of comments in reading order (threads oldest first, replies under their comment). */
export function comments(deps: DomainDeps, { account, input }: CallOf<typeof listPostComments>): AnswerOf<typeof listPostComments> {
  const post = resolvePost(deps, account, input.postUrn);
  const page = pageOf(commentsOn(deps, account, post), { start: input.offset, count: input.limit });
  return { success: true, comments: page.items.map(renderComment), hasMore: page.hasMore };
}

/** E6: every comment up to maxComments; hasMore when cut. */
export function allComments(deps: DomainDeps, { account, input }: CallOf<typeof listAllPostComments>): AnswerOf<typeof listAllPostComments> {
  const post = resolvePost(deps, account, input.postUrn);
  const page = pageOf(commentsOn(deps, account, post), { start: 0, count: input.maxComments });
  return { success: true, comments: page.items.map(renderComment), hasMore: page.hasMore };
}

/** E9: who reacted, newest first, optionally one type only; total counts the filtered list. */
export function reactions(deps: DomainDeps, { account, input }: CallOf<typeof listPostReactions>): AnswerOf<typeof listPostReactions> {
  const post = resolvePost(deps, account, input.postUrn);
  const matching = reactionsOn(deps, account, post).filter((r) => !input.reactionType || r.reactionType === input.reactionType);
  const page = pageOf(matching, { start: input.start, count: input.count });
  return {
    success: true,
    reactions: page.items.map((r) => ({ ...r.actor, reactionType: r.reactionType })),
    total: page.total,
    hasMore: page.hasMore,
  };
}

/**
 * E11: counts are read fresh on every call (the client caches), so a
 * reaction or comment shows at once. Public scraping sees public posts only.
 */
export function scrape(deps: DomainDeps, { account, input }: CallOf<typeof scrapePost>): AnswerOf<typeof scrapePost> {
  const post = resolvePost(deps, account, input.postUrl);
  if (input.public && post.visibility !== 'PUBLIC') throw new DomainError(404, `Post not found or not public: ${input.postUrl}`);
  return renderScrape(deps, account, post);
}
