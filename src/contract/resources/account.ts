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
