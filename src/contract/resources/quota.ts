import { z } from 'zod';
import { IsoDateTime, integer } from '../common.js';

/** Quota item of spec 2.6; window adds `monthly` for posts search v2 (see docs/spec-decisions.md). */
export const QuotaItem = z.object({
  feature: z.string(),
  window: z.enum(['daily', 'weekly', 'monthly']),
  used: integer(),
  limit: integer(),
  networkLimit: integer(),
  remaining: integer(),
  limitReached: z.boolean(),
  limitReachedAt: IsoDateTime.nullable(),
  resetAt: IsoDateTime,
});
export type QuotaItem = z.infer<typeof QuotaItem>;

export const QuotaReport = z.object({
  accountId: z.string(),
  quotas: z.array(QuotaItem),
});
export type QuotaReport = z.infer<typeof QuotaReport>;
