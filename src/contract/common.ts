import { z } from 'zod';

/** Spec error rule 1: a malformed path account id is 400 with exactly this text. */
export const INVALID_ACCOUNT_ID = 'Invalid account ID format';
export const ACCOUNT_NOT_FOUND = 'Account not found or not accessible';

export const ACCOUNT_ID_PATTERN = /^[a-fA-F0-9]{24}$/;

/** Path account id: required, 24 hex characters (spec A2). */
export const AccountIdPath = z
  .string()
  .regex(ACCOUNT_ID_PATTERN, INVALID_ACCOUNT_ID);

/**
 * Optional account selector; omitted = the caller's default account. Checked
 * with the same pattern and text as the path id, but by a refinement: it sits
 * on nearly every tool and agents take the value from list_accounts, so the
 * pattern is not repeated in every advertised schema (token budget).
 */
export const AccountIdOptional = z
  .string()
  .refine((v) => ACCOUNT_ID_PATTERN.test(v), { message: INVALID_ACCOUNT_ID })
  .optional();

const isoDateTimeCheck = z.iso.datetime({ offset: true });

/**
 * ISO 8601 date-time. Validated like z.iso.datetime but advertised only as
 * `format: date-time`: zod would otherwise inline a ~400-byte regex into every
 * tool's JSON Schema (token budget, see test/contract/budget.test.ts).
 */
export const IsoDateTime = z
  .string()
  .refine((v) => isoDateTimeCheck.safeParse(v).success, { message: 'Invalid ISO date-time' })
  .meta({ format: 'date-time' });

/** Calendar date YYYY-MM-DD (history breakdowns, filters). */
export const IsoDate = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), { message: 'Invalid date (YYYY-MM-DD)' })
  .meta({ format: 'date' });

/**
 * Integer with optional bounds, advertised as `type: integer`. z.number().int()
 * would add the safe-integer bounds (~55 bytes) to every field's JSON Schema.
 */
export function integer(bounds: { min?: number; max?: number } = {}) {
  let n = z.number();
  if (bounds.min !== undefined) n = n.min(bounds.min);
  if (bounds.max !== undefined) n = n.max(bounds.max);
  // meta last: every check clones the schema and a clone drops registry metadata.
  return n.refine(Number.isInteger, { message: 'Expected an integer' }).meta({ type: 'integer' });
}

/**
 * Non-blank string (ids, URLs, message text), optionally capped. Blankness is
 * checked by a refinement, so it costs nothing in the advertised JSON Schema.
 */
export function text(max?: number) {
  const s = max === undefined ? z.string() : z.string().max(max);
  return s.refine((v) => v.trim().length > 0, { message: 'Must not be blank' });
}

/** Non-blank string. */
export const Text = text();

/** Zero-based offset into a result list (default 0). */
export const Start = integer({ min: 0 }).default(0);

/** Page size: integer 1..max, with a default. */
export function pageSize(max: number, dflt: number) {
  return integer({ min: 1, max }).default(dflt);
}

/** `success: true` of a 200 body; errors use section 7 bodies instead. */
export const Success = z.boolean();

/** Connection degree as search results show it (spec 2.17). */
export const DegreeLabel = z.enum(['1st', '2nd', '3rd+']);
export type DegreeLabel = z.infer<typeof DegreeLabel>;

/** Relative age text as the network renders it ("3mo", "2w", "1d"). */
export const RelativeTime = z.string();

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
