import { z } from 'zod';
import { IsoDateTime, ReactionType, RelativeTime, integer } from '../common.js';

/** Post of spec 2.7, plus activityUrn (decided: agents need it to react/comment). */
export const Post = z.object({
  activityUrn: z.string(),
  postUrl: z.string(),
  authorName: z.string(),
  authorProfileUrl: z.string(),
  content: z.string(),
  timestamp: RelativeTime,
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  isPeopleUpdate: z.boolean(),
  /** Present only on people updates. */
  celebrationType: z.string().optional(),
  isArticle: z.boolean(),
  /** Present only on collaborative articles. */
  articleUrl: z.string().optional(),
  canComment: z.boolean().default(true),
});
export type Post = z.infer<typeof Post>;

/** Feed item (E1): a Post with promotion flag and feed context ("Ana likes this"). */
export const FeedPost = Post.extend({
  isPromoted: z.boolean(),
  feedContext: z.string().optional(),
});
export type FeedPost = z.infer<typeof FeedPost>;

export const PostList = z.object({
  success: z.boolean(),
  posts: z.array(Post),
  hasMore: z.boolean(),
});
export type PostList = z.infer<typeof PostList>;

export const FeedPage = PostList.extend({ posts: z.array(FeedPost) });
export type FeedPage = z.infer<typeof FeedPage>;

/** Post search result item of spec 2.8 (posts search v2, also v1 and E10). */
export const PostSearchItem = z.object({
  activityUrn: z.string(),
  postUrl: z.string(),
  author: z.object({
    profileId: z.string(),
    profileUrl: z.string(),
    name: z.string(),
    headline: z.string(),
    profilePicture: z.string(),
    connectionDegree: z.string(),
    isVerified: z.boolean(),
    isPremium: z.boolean(),
  }),
  content: z.string(),
  timestamp: RelativeTime,
  visibility: z.string(),
  engagement: z.object({ reactions: z.number(), comments: z.number(), reposts: z.number() }),
  hashtags: z.array(z.string()),
  isPeopleUpdate: z.boolean(),
  isArticle: z.boolean(),
  canComment: z.boolean(),
});
export type PostSearchItem = z.infer<typeof PostSearchItem>;

/** Response wrapper of spec 2.8; totalCount may be 0 when unknown. */
export const PostSearchResponse = z.object({
  success: z.boolean(),
  posts: z.array(PostSearchItem),
  count: z.number(),
  totalCount: z.number(),
});
export type PostSearchResponse = z.infer<typeof PostSearchResponse>;

/** Post comment of spec 2.9. */
export const Comment = z.object({
  commentId: z.string(),
  authorName: z.string(),
  authorProfileUrl: z.string(),
  content: z.string(),
  timestamp: z.string(),
  likes: z.number(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentList = z.object({
  success: z.boolean(),
  comments: z.array(Comment),
  hasMore: z.boolean(),
});
export type CommentList = z.infer<typeof CommentList>;

/** One reaction on a post (E9; item fields decided). */
export const PostReaction = z.object({
  profileId: z.string(),
  name: z.string(),
  headline: z.string(),
  profileUrl: z.string(),
  reactionType: ReactionType,
});
export type PostReaction = z.infer<typeof PostReaction>;

export const PostReactionList = z.object({
  success: z.boolean(),
  reactions: z.array(PostReaction),
  total: z.number(),
  hasMore: z.boolean(),
});
export type PostReactionList = z.infer<typeof PostReactionList>;

/** Post scrape response of spec 2.24. */
export const PostScrape = z.object({
  postUrn: z.string(),
  author: z.object({ name: z.string(), profileUrl: z.string(), headline: z.string() }),
  text: z.string(),
  mediaUrls: z.array(z.string()),
  reactions: z.object({
    LIKE: z.number(),
    PRAISE: z.number(),
    APPRECIATION: z.number(),
    EMPATHY: z.number(),
    INTEREST: z.number(),
    ENTERTAINMENT: z.number(),
    total: z.number(),
  }),
  comments: z.number(),
  shares: z.number(),
  timestamp: IsoDateTime,
});
export type PostScrape = z.infer<typeof PostScrape>;

/** CreatorDashboardMetric of spec 2.20 (no endpoint returns it; see docs/spec-decisions.md). */
export const CreatorDashboardMetric = z.object({
  value: integer().nullable(),
  label: z.string().nullable(),
  changePercent: integer().nullable(),
  changeDirection: z.enum(['up', 'down', 'flat']).nullable(),
  comparison: z.string().nullable(),
});
export type CreatorDashboardMetric = z.infer<typeof CreatorDashboardMetric>;

/** Result of posting a comment or a reply (E4, B5). */
export const CommentPosted = z.object({
  success: z.boolean(),
  commentId: z.string(),
  commentUrn: z.string(),
  timestamp: IsoDateTime,
});
export type CommentPosted = z.infer<typeof CommentPosted>;

/** Result of a state-setting action with nothing else to report (react, like, mark seen). */
export const Done = z.object({ success: z.boolean() });
export type Done = z.infer<typeof Done>;

/** E8 response. */
export const Reposted = z.object({ success: z.boolean(), repostUrn: z.string() });
export type Reposted = z.infer<typeof Reposted>;
