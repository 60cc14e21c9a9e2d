import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, Keywords, ReactionType, SearchText, Start, integer, list, pageSize, Text } from '../common.js';
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
import { CommentText } from './actions.js';
import { POST_REF, PROFILE_REF, READ_NETWORK, SEND, SET_STATE } from './shared.js';

/** Spec 4.5 (E1-E13). Bodies of E1, E2, E6, E8, E9, E13 are decided; see docs/spec-decisions.md. */

/** Posts search v2: count at most 50 (10 pages of 10), spec E12 and section 8. */
export const POSTS_SEARCH_V2_MAX_COUNT = 50;
export { COMMENT_MAX } from './actions.js';

const postUrn = Text.describe(POST_REF);
const SortOrder = z.enum(['relevance', 'recent']).default('relevance');
const strings = list(SearchText);
/** Entity filters of post search v2 take ids (decided, see docs/spec-decisions.md). */
const ids = (what: string) => list(Text).describe(`${what} ids`);

export const getFeed = endpoint({
  id: 'E1',
  tool: 'get_feed',
  title: 'Home feed',
  method: 'POST',
  path: '/feed',
  group: 'content',
  toolset: 'posts',
  annotations: READ_NETWORK,
  description: 'Home feed posts (organic and promoted) with author, engagement and feed context.',
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
  description: 'Most recent posts of a person or company page, newest first.',
  input: z.object({
    accountId: AccountIdOptional,
    profileId: Text.describe(`${PROFILE_REF}, or company`),
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
  description: 'Set your reaction on a post; a new reaction replaces the previous one.',
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
  description: 'Comment on a post, or reply with replyToCommentId; may mention the author or post as a company page you admin.',
  input: z.object({
    accountId: AccountIdOptional,
    postUrn,
    commentText: CommentText,
    replyToCommentId: Text.optional().describe('Id or URN'),
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
  description: 'One page of comments on a post with author, time and likes.',
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
  description: 'All comments of a post in one call, up to maxComments (hasMore when cut).',
  input: z.object({ accountId: AccountIdOptional, postUrn, maxComments: integer({ min: 1, max: 1000 }).default(500).describe('Stop after this many') }),
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
  description: 'Like a comment, as yourself or as a company page you admin.',
  input: z.object({
    accountId: AccountIdOptional,
    commentId: Text.describe('Id or URN'),
    postUrl: Text.describe(POST_REF),
    companyUrn: Text.optional().describe('Like as this company page'),
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
  description: 'Instant repost to your followers, no commentary.',
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
  description: 'Who reacted to a post and how; optionally one reactionType only.',
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
  failureText: 'Failed to search posts',
  description: 'Posts matching any of several keywords, optionally by author job titles and date range.',
  input: z.object({
    accountId: AccountIdOptional,
    keywords: list(Keywords, 1),
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
  description: 'Text, media, reaction counts by type, comments and shares of a post (cached); public=true skips the account.',
  input: z.object({
    accountId: AccountIdOptional,
    postUrl: Text.describe(POST_REF),
    public: z.boolean().default(false).describe('Public posts only, no account'),
  }),
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
  failureText: 'Failed to search posts',
  description: 'Preferred post search with filters, count up to 50; if it finds nothing in your region, use search_posts_v1.',
  input: z.object({
    accountId: AccountIdOptional,
    // Spec E12: a missing keywords field is a 400 "Required" although the body lists every field optional.
    keywords: Keywords,
    count: pageSize(POSTS_SEARCH_V2_MAX_COUNT, 10),
    start: Start,
    filters: z
      .object({
        sortBy: z.enum(['relevance', 'date_posted']),
        datePosted: list(z.enum(['past-24h', 'past-week', 'past-month'])),
        contentType: list(z.enum(['videos', 'photos', 'jobs', 'live_videos', 'documents', 'collaborative_articles'])),
        postedBy: list(z.enum(['first', 'me', 'following'])).describe('first = 1st-degree'),
        fromMember: ids('Profile'),
        fromOrganization: ids('Company'),
        mentionsMember: ids('Profile'),
        mentionsOrganization: ids('Company'),
        authorCompany: ids('Company'),
        authorIndustry: ids('Industry'),
        authorJobTitle: strings.describe('Titles, not ids'),
      })
      .partial()
      .optional(),
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
  failureText: 'Failed to search posts',
  description: 'Older post search; use when search_posts returns nothing.',
  input: z.object({
    accountId: AccountIdOptional,
    keywords: Keywords,
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
