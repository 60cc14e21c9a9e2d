import { z } from 'zod';
import { InMailPremiumType } from '../common.js';

/** InMail credits of spec 2.22; used/total only where the plan exposes them (sales navigation). */
export const InMailCredits = z.object({
  success: z.boolean(),
  availableCredits: z.number(),
  usedCredits: z.number().nullable(),
  totalCredits: z.number().nullable(),
  premiumType: InMailPremiumType,
});
export type InMailCredits = z.infer<typeof InMailCredits>;

/** Social selling index (C4; fields decided): score 0-100, four pillars 0-25, ranks as "top N%". */
export const SocialSellingIndex = z.object({
  success: z.boolean(),
  accountId: z.string(),
  score: z.number(),
  pillars: z.object({
    brand: z.number(),
    findPeople: z.number(),
    engage: z.number(),
    relationships: z.number(),
  }),
  industryTopPercent: z.number(),
  networkTopPercent: z.number(),
});
export type SocialSellingIndex = z.infer<typeof SocialSellingIndex>;
