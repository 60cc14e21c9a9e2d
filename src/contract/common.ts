import { z } from 'zod';

/** Spec error rule 1: a malformed path account id is 400 with exactly this text. */
export const INVALID_ACCOUNT_ID = 'Invalid account ID format';
export const ACCOUNT_NOT_FOUND = 'Account not found or not accessible';

export const ACCOUNT_ID_PATTERN = /^[a-fA-F0-9]{24}$/;

/** Path account id: required, 24 hex characters (spec A2). */
export const AccountIdPath = z
  .string()
  .regex(ACCOUNT_ID_PATTERN, INVALID_ACCOUNT_ID)
  .describe('Connected account id (24 hex characters)');

/** Optional account selector; omitted = the caller's default account. */
export const AccountIdOptional = z
  .string()
  .regex(ACCOUNT_ID_PATTERN, INVALID_ACCOUNT_ID)
  .optional()
  .describe('Account to act for (24 hex); omit for the default account');

export const IsoDateTime = z.iso.datetime({ offset: true });

/** Reaction types of spec 2.5, exactly these six. */
export const ReactionType = z.enum(['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT']);
export type ReactionType = z.infer<typeof ReactionType>;

/** Premium types of spec 2.1 (networkPlan / premium status). */
export const PremiumType = z.enum(['SALES_NAVIGATOR', 'RECRUITER', 'BUSINESS_PREMIUM', 'NON_PREMIUM']);
export type PremiumType = z.infer<typeof PremiumType>;

/** Premium types of spec 2.22 (InMail credits), a different set. */
export const InMailPremiumType = z.enum(['SALES_NAVIGATOR', 'BUSINESS_PREMIUM', 'RECRUITER', 'FREE', 'UNKNOWN']);
export type InMailPremiumType = z.infer<typeof InMailPremiumType>;

export const AccountStatusValue = z.enum(['AVAILABLE', 'IN_USE', 'ERROR', 'WARMUP', 'UNKNOWN']);
export type AccountStatusValue = z.infer<typeof AccountStatusValue>;
