import type { replyToComment } from '../../../contract/endpoints/actions.js';
import type { commentOnPost, likeComment, reactToPost, repost } from '../../../contract/endpoints/posts.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { DomainError } from '../context.js';
import { companyCard, selfCard } from './actors.js';
import { commentsOn, commentUrn } from './engagement.js';
import { commentIdOf, freshTimeId } from './ids.js';
import { adminCompany, isOwnPost, resolvePost } from './resolve.js';
import { authorCard } from './render.js';
import { scheduleReciprocal } from './simulation.js';
import { storeOf } from './store.js';
import type { AnswerOf, CallOf } from './types.js';

/**
 * E3: one reaction per account and post. Another type replaces the reaction
 * (new type, dated now; the count stays); the same type again changes nothing.
 */
export function react(deps: DomainDeps, { account, input }: CallOf<typeof reactToPost>): AnswerOf<typeof reactToPost> {
  const post = resolvePost(deps, account, input.postUrn);
  const store = storeOf(deps.db);
  if (!store.reactionOf.get(account.id, post.activityId)) {
    const had = deps.view(account).reactions.find((r) => r.postActivityId === post.activityId);
    if (had?.reactionType === input.reactionType) return { success: true };
  }
  const me = selfCard(deps, account);
  store.upsertReaction.run({
    account_id: account.id,
    post_id: post.activityId,
    post_urn: post.activityUrn,
    post_url: post.postUrl,
    reaction_type: input.reactionType,
    reacted_at_ms: deps.clock.now(),
    actor_profile_id: me.profileId,
    actor_name: me.name,
    actor_headline: me.headline,
    actor_profile_url: me.profileUrl,
  });
  return { success: true };
}

interface NewComment {
  postUrn: string;
  commentText: string;
  replyTo?: string | undefined;
  mentionAuthor?: boolean;
  companyUrn?: string | undefined;
}

/** E4 and B5: a comment or a threaded reply, as the member or as a page it administers. */
function postComment(deps: DomainDeps, account: ActingAccount, input: NewComment): AnswerOf<typeof commentOnPost> {
  const post = resolvePost(deps, account, input.postUrn);
  if (!post.canComment) throw new DomainError(403, `Commenting is disabled on this post: ${post.activityUrn}`);
  let parentId: string | null = null;
  if (input.replyTo !== undefined) {
    const id = commentIdOf(input.replyTo);
    const target = commentsOn(deps, account, post).find((c) => c.commentId === id);
    if (!target) throw new DomainError(404, `Comment not found on this post: ${input.replyTo}`);
    // Threads are one level deep: a reply to a reply joins its thread.
    parentId = target.parentId ?? target.commentId;
  }
  const company = input.companyUrn !== undefined ? adminCompany(deps, account, input.companyUrn) : undefined;
  const author = company ? companyCard(company) : selfCard(deps, account);
  const mention = input.mentionAuthor === true && !isOwnPost(account, post) ? `${authorCard(deps, account, post).name} ` : '';
  const content = `${mention}${input.commentText}`;
  const now = deps.clock.now();
  const store = storeOf(deps.db);
  const commentId = freshTimeId(now, (id) => store.commentById.get(id) !== undefined, account.id, post.activityId, content);
  store.insertComment.run({
    comment_id: commentId,
    post_id: post.activityId,
    post_urn: post.activityUrn,
    post_url: post.postUrl,
    parent_comment_id: parentId,
    author_kind: company ? 'company' : 'account',
    account_id: account.id,
    author_ref: author.profileId,
    author_name: author.name,
    author_headline: author.headline,
    author_profile_url: author.profileUrl,
    content,
    created_at_ms: now,
    origin: 'api',
  });
  if (!company && post.author.type === 'person') scheduleReciprocal(deps, account, post.author.personId, now);
  return { success: true, commentId, commentUrn: commentUrn(post.activityId, commentId), timestamp: new Date(now).toISOString() };
}

export function comment(deps: DomainDeps, { account, input }: CallOf<typeof commentOnPost>): AnswerOf<typeof commentOnPost> {
  return postComment(deps, account, {
    postUrn: input.postUrn,
    commentText: input.commentText,
    replyTo: input.replyToCommentId,
    mentionAuthor: input.mentionAuthor,
    companyUrn: input.companyUrn,
  });
}

export function reply(deps: DomainDeps, { account, input }: CallOf<typeof replyToComment>): AnswerOf<typeof replyToComment> {
  return postComment(deps, account, {
    postUrn: input.postUrn,
    commentText: input.commentText,
    replyTo: input.commentId,
    companyUrn: input.companyUrn,
  });
}

/** E7: one like per liker (the member, or a page it administers); liking again changes nothing. */
export function like(deps: DomainDeps, { account, input }: CallOf<typeof likeComment>): AnswerOf<typeof likeComment> {
  const post = resolvePost(deps, account, input.postUrl);
  const id = commentIdOf(input.commentId);
  if (!commentsOn(deps, account, post).some((c) => c.commentId === id)) {
    throw new DomainError(404, `Comment not found on this post: ${input.commentId}`);
  }
  const company = input.companyUrn !== undefined ? adminCompany(deps, account, input.companyUrn) : undefined;
  storeOf(deps.db).insertLike.run({
    comment_id: id,
    post_id: post.activityId,
    liker: company ? `company:${company.companyId}` : `account:${account.id}`,
    account_id: account.id,
    liked_at_ms: deps.clock.now(),
  });
  return { success: true };
}

/** E8: an instant repost, once per account and post; connections-only posts cannot be reshared. */
export function doRepost(deps: DomainDeps, { account, input }: CallOf<typeof repost>): AnswerOf<typeof repost> {
  const post = resolvePost(deps, account, input.postUrn);
  if (post.visibility === 'CONNECTIONS') {
    throw new DomainError(403, `This post is visible to connections only and cannot be reposted: ${post.activityUrn}`);
  }
  const store = storeOf(deps.db);
  if (store.repostOf.get(account.id, post.activityId)) {
    throw new DomainError(409, `You already reposted this post: ${post.activityUrn}`);
  }
  const now = deps.clock.now();
  const repostId = freshTimeId(now, () => false, account.id, post.activityId, 'repost');
  store.insertRepost.run({ repost_id: repostId, account_id: account.id, post_id: post.activityId, post_urn: post.activityUrn, reposted_at_ms: now });
  return { success: true, repostUrn: `urn:li:share:${repostId}` };
}
