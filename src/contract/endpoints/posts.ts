import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, ReactionType, Start, integer, pageSize, Text, text } from '../common.js';
import {
  CommentList,
  CommentPosted,
  Done,
  FeedPage,
  PostList,
  PostReactionList,
  PostScrape,
  PostSearchResponse,
  Reposted,
} from '../resources/posts.js';
import { READ_NETWORK, SEND, SET_STATE, described } from './shared.js';

/** Spec 4.5 (E1-E13). Bodies of E1, E2, E6, E8, E9, E13 are decided; see docs/spec-decisions.md. */

/** Posts search v2: count at most 50 (10 pages of 10), spec E12 and section 8. */
export const POSTS_SEARCH_V2_MAX_COUNT = 50;
/** Longest comment the network accepts (decided). */
export const COMMENT_MAX = 1250;

const postUrn = Text.describe('Post URN or URL');
const CommentText = text(COMMENT_MAX);
const SortOrder = z.enum(['relevance', 'recent']).default('relevance');
const strings = z.array(z.string());

export const getFeed = endpoint({
  id: 'E1',
  tool: 'get_feed',
  title: 'Home feed',
  method: 'POST',
  path: '/feed',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described('Home feed posts (organic and promoted) with author, engagement and feed context.', 'content'),
  input: z.object({ accountId: AccountIdOptional, sortBy: SortOrder, start: Start, count: pageSize(50, 10) }),
  output: FeedPage,
});

export const getLatestPosts = endpoint({
  id: 'E2',
  tool: 'get_latest_posts',
  title: 'Latest posts of a profile',
  method: 'POST',
  path: '/posts/latest',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described('Most recent posts of a person or company page, newest first.', 'content'),
  input: z.object({
    accountId: AccountIdOptional,
    profileId: Text.describe('Public id, URN or profile URL'),
    includeReposts: z.boolean().default(true),
    start: Start,
    count: pageSize(50, 10),
  }),
  output: PostList,
});

export const reactToPost = endpoint({
  id: 'E3',
  tool: 'react_to_post',
  title: 'React to a post',
  method: 'POST',
  path: '/posts/react',
  group: 'write',
  quota: ['REACT'],
  toolset: 'posts',
  annotations: SET_STATE,
  description: described('Set your reaction on a post; a new reaction replaces the previous one.', 'write', 'REACT'),
  input: z.object({ accountId: AccountIdOptional, postUrn, reactionType: ReactionType }),
  output: Done,
});

export const commentOnPost = endpoint({
  id: 'E4',
  tool: 'comment_on_post',
  title: 'Comment on a post',
  method: 'POST',
  path: '/posts/comment',
  group: 'write',
  quota: ['COMMENT'],
  toolset: 'posts',
  annotations: SEND,
  description: described(
    'Comment on a post, or reply with replyToCommentId; may mention the author or post as a company page you admin.',
    'write',
    'COMMENT',
  ),
  input: z.object({
    accountId: AccountIdOptional,
    postUrn,
    commentText: CommentText,
    replyToCommentId: Text.optional(),
    mentionAuthor: z.boolean().default(false),
    companyUrn: Text.optional().describe('Comment as this company page'),
  }),
  output: CommentPosted,
});

export const listPostComments = endpoint({
  id: 'E5',
  tool: 'list_post_comments',
  title: 'Comments of a post',
  method: 'POST',
  path: '/posts/comments',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described('One page of comments on a post with author, time and likes.', 'content'),
  input: z.object({ accountId: AccountIdOptional, postUrn, limit: pageSize(100, 20), offset: Start }),
  output: CommentList,
});

export const listAllPostComments = endpoint({
  id: 'E6',
  tool: 'list_all_post_comments',
  title: 'All comments of a post',
  method: 'POST',
  path: '/posts/comments/all',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described('All comments of a post in one call, up to maxComments (hasMore when cut).', 'content'),
  input: z.object({ accountId: AccountIdOptional, postUrn, maxComments: integer({ min: 1, max: 1000 }).default(500) }),
  output: CommentList,
});

export const likeComment = endpoint({
  id: 'E7',
  tool: 'like_comment',
  title: 'Like a comment',
  method: 'POST',
  path: '/like-comment',
  group: 'write',
  quota: ['REACT'],
  toolset: 'posts',
  annotations: SET_STATE,
  description: described('Like a comment, as yourself or as a company page you admin.', 'write', 'REACT'),
  input: z.object({
    accountId: AccountIdOptional,
    commentId: Text,
    postUrl: Text,
    companyUrn: Text.optional(),
  }),
  output: Done,
});

export const repost = endpoint({
  id: 'E8',
  tool: 'repost_post',
  title: 'Repost',
  method: 'POST',
  path: '/posts/repost',
  group: 'write',
  quota: ['REPOST'],
  toolset: 'posts',
  annotations: SEND,
  description: described('Instant repost to your followers, no commentary.', 'write', 'REPOST'),
  input: z.object({ accountId: AccountIdOptional, postUrn: postUrn.describe('Post URL, share or ugcPost URN') }),
  output: Reposted,
});

export const listPostReactions = endpoint({
  id: 'E9',
  tool: 'list_post_reactions',
  title: 'Reactions of a post',
  method: 'POST',
  path: '/posts/reactions',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described('Who reacted to a post and how; optionally one reactionType only.', 'content'),
  input: z.object({
    accountId: AccountIdOptional,
    postUrn,
    reactionType: ReactionType.optional(),
    start: Start,
    count: pageSize(100, 20),
  }),
  output: PostReactionList,
});

export const searchPostsByAuthorRole = endpoint({
  id: 'E10',
  tool: 'search_posts_by_author_roles',
  title: 'Post search by keywords and author roles',
  method: 'POST',
  path: '/posts/search',
  group: 'search',
  quota: ['SEARCH_POSTS'],
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described(
    'Posts matching any of several keywords, optionally by author job titles and date range.',
    'search',
    'SEARCH_POSTS',
  ),
  input: z.object({
    accountId: AccountIdOptional,
    keywords: z.array(Text).min(1),
    authorRoles: strings.optional().describe('Author job titles'),
    dateRange: z.enum(['PAST_24H', 'PAST_WEEK', 'PAST_MONTH']).optional(),
    sortBy: SortOrder,
    limit: pageSize(50, 10),
  }),
  output: PostSearchResponse,
});

export const scrapePost = endpoint({
  id: 'E11',
  tool: 'scrape_post',
  title: 'Scrape a post',
  method: 'POST',
  path: '/posts/scrape',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described(
    'Text, media, reaction counts by type, comments and shares of a post (cached); public=true skips the account.',
    'content',
  ),
  input: z.object({ accountId: AccountIdOptional, postUrl: Text, public: z.boolean().default(false) }),
  output: PostScrape,
  cache: { ttlMs: 3_600_000 }, // spec E11: the scrape is cached
});

export const searchPosts = endpoint({
  id: 'E12',
  tool: 'search_posts',
  title: 'Post search (v2)',
  method: 'POST',
  path: '/search/posts/v2',
  group: 'search',
  quota: ['SEARCH_POSTS_V2'],
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described(
    'Preferred post search with filters, count up to 50; if it finds nothing in your region, use search_posts_v1.',
    'search',
    'SEARCH_POSTS_V2 (300/month)',
  ),
  input: z.object({
    accountId: AccountIdOptional,
    // Spec E12: a missing keywords field is a 400 "Required" although the body lists every field optional.
    keywords: Text,
    count: pageSize(POSTS_SEARCH_V2_MAX_COUNT, 10),
    start: Start,
    filters: z
      .object({
        sortBy: z.enum(['relevance', 'date_posted']),
        datePosted: z.array(z.enum(['past-24h', 'past-week', 'past-month'])),
        contentType: z.array(z.enum(['videos', 'photos', 'jobs', 'live_videos', 'documents', 'collaborative_articles'])),
        postedBy: z.array(z.enum(['first', 'me', 'following'])).describe('first = 1st-degree'),
        fromMember: strings,
        fromOrganization: strings,
        mentionsMember: strings,
        mentionsOrganization: strings,
        authorCompany: strings,
        authorIndustry: strings,
        authorJobTitle: strings,
      })
      .partial()
      .optional()
      .describe('Entity filters take ids'),
  }),
  output: PostSearchResponse,
});

export const searchPostsV1 = endpoint({
  id: 'E13',
  tool: 'search_posts_v1',
  title: 'Post search (v1 fallback)',
  method: 'POST',
  path: '/search/posts',
  group: 'search',
  quota: ['SEARCH_POSTS'],
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: described('Older post search; use when search_posts returns nothing.', 'search', 'SEARCH_POSTS'),
  input: z.object({
    accountId: AccountIdOptional,
    keywords: Text,
    sortBy: SortOrder,
    start: Start,
    count: pageSize(50, 10),
  }),
  output: PostSearchResponse,
});

export const postEndpoints = [
  getFeed,
  getLatestPosts,
  reactToPost,
  commentOnPost,
  listPostComments,
  listAllPostComments,
  likeComment,
  repost,
  listPostReactions,
  searchPostsByAuthorRole,
  scrapePost,
  searchPosts,
  searchPostsV1,
] as const;
