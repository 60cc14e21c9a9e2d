import { z } from 'zod';
import { ReactionType } from '../common.js';

/** Own comment and reaction history pages (spec 2.4, 2.5). */

export const CommentHistoryItem = z.object({
  activityUrn: z.string(),
  postActivityUrn: z.string().nullable(),
  commentUrn: z.string().nullable(),
  commentText: z.string().nullable(),
  postUrl: z.string().nullable(),
  timestamp: z.number().nullable(),
  isoDate: z.string().nullable(),
  type: z.literal('comment'),
});
export type CommentHistoryItem = z.infer<typeof CommentHistoryItem>;

export const ReactionHistoryItem = z.object({
  activityUrn: z.string(),
  postUrl: z.string().nullable(),
  reactionType: ReactionType.nullable(),
  timestamp: z.number().nullable(),
  isoDate: z.string().nullable(),
  type: z.literal('reaction'),
});
export type ReactionHistoryItem = z.infer<typeof ReactionHistoryItem>;

const HistoryPage = z.object({
  success: z.boolean(),
  accountId: z.string(),
  profileId: z.string(),
  count: z.number(),
  paginationToken: z.string().nullable(),
});

export const CommentHistoryPage = HistoryPage.extend({ comments: z.array(CommentHistoryItem) });
export type CommentHistoryPage = z.infer<typeof CommentHistoryPage>;

export const ReactionHistoryPage = HistoryPage.extend({ reactions: z.array(ReactionHistoryItem) });
export type ReactionHistoryPage = z.infer<typeof ReactionHistoryPage>;
