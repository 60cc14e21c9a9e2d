import { z } from 'zod';
import { AccountStatusValue, IsoDateTime, PremiumType } from '../common.js';

/** networkPlan of spec 2.1. */
export const NetworkPlan = z.object({
  premiumType: PremiumType,
  isPremium: z.boolean(),
  hasSalesNavigator: z.boolean(),
  hasRecruiter: z.boolean(),
  hasAwayMessages: z.boolean(),
  hasAdvertiseBadge: z.boolean(),
  hasHiringManager: z.boolean(),
});
export type NetworkPlan = z.infer<typeof NetworkPlan>;

/** AccountStatus of spec 2.1. */
export const AccountStatus = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  publicId: z.string(),
  platform: z.string(),
  status: AccountStatusValue,
  enabled: z.boolean(),
  lastUsed: IsoDateTime,
  hasTokens: z.boolean(),
  networkPlan: NetworkPlan.nullable().optional(),
});
export type AccountStatus = z.infer<typeof AccountStatus>;

/** PremiumStatusResponse of spec 2.2. */
export const PremiumStatusResponse = z.object({
  success: z.boolean(),
  accountId: z.string(),
  accountName: z.string(),
  ...NetworkPlan.shape,
});
export type PremiumStatusResponse = z.infer<typeof PremiumStatusResponse>;

const ActivityItem = z.object({
  activityUrn: z.string(),
  date: z.string(),
  isoDate: IsoDateTime,
  timestamp: z.number(),
});

/** Account activity of spec 2.3 (last 15 days). */
export const AccountActivity = z.object({
  success: z.boolean(),
  accountId: z.string(),
  accountName: z.string(),
  dateRange: z.object({ start: IsoDateTime, end: IsoDateTime, days: z.number() }),
  summary: z.object({
    totalComments: z.number(),
    totalReactions: z.number(),
    totalActivities: z.number(),
    totalCommentsFetched: z.number(),
    totalReactionsFetched: z.number(),
    reachedCommentLimit: z.boolean(),
    reachedReactionLimit: z.boolean(),
  }),
  dailyBreakdown: z.array(
    z.object({ date: z.string(), comments: z.number(), reactions: z.number(), total: z.number() }),
  ),
  comments: z.array(ActivityItem.extend({ type: z.literal('comment') })),
  reactions: z.array(ActivityItem.extend({ type: z.literal('reaction') })),
});
export type AccountActivity = z.infer<typeof AccountActivity>;

/** One profile visitor (A8; shape decided, see docs/spec-decisions.md). */
export const ProfileVisitor = z.object({
  anonymous: z.boolean(),
  /** For anonymous visitors, the network's generic text ("Someone at Acme"). */
  name: z.string(),
  headline: z.string().nullable(),
  location: z.string().nullable(),
  profileUrl: z.string().nullable(),
  viewedAt: IsoDateTime,
});
export type ProfileVisitor = z.infer<typeof ProfileVisitor>;

export const ProfileVisitorsPage = z.object({
  success: z.boolean(),
  accountId: z.string(),
  visitors: z.array(ProfileVisitor),
  start: z.number(),
  hasMore: z.boolean(),
});
export type ProfileVisitorsPage = z.infer<typeof ProfileVisitorsPage>;

/** One accessible account (GET /accounts extension); the client re-exports this type. */
export const AccountSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  publicId: z.string(),
  status: AccountStatusValue,
  premiumType: PremiumType,
  isDefault: z.boolean(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

export const AccountList = z.object({ accounts: z.array(AccountSummary) });
export type AccountList = z.infer<typeof AccountList>;
