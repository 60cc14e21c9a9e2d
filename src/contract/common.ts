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

/** Longest id, URN or URL any field takes (decided: URLs past ~2,000 characters are not served by browsers or the network). */
export const ID_MAX = 2048;
/** Longest search text (keywords, filter values, names) any field takes (decided; the network's search box stops well before). */
export const SEARCH_TEXT_MAX = 500;
/** Most entries any list input (filters, keywords) takes (decided). */
export const LIST_MAX = 50;
/**
 * Deepest offset any list accepts (decided): the network stops serving pages
 * long before, and the store's integers end at 2^63 (a larger one was a 500).
 */
export const MAX_OFFSET = 10_000;

/** The message of a length cap that is checked but not advertised. */
export const tooLong = (max: number) => `Must be at most ${max} characters`;

/**
 * Non-blank string, optionally capped. With `advertise` (message texts an
 * agent composes) the cap is in the JSON Schema as maxLength; ids and search
 * texts are capped by a refinement that costs nothing in the advertised schema
 * (token budget) and still answers a 400 naming the bound.
 */
export function text(max?: number, advertise = true) {
  const s = max === undefined || !advertise ? z.string() : z.string().max(max);
  const capped = max !== undefined && !advertise ? s.refine((v) => v.length <= max, { message: tooLong(max) }) : s;
  return capped.refine((v) => v.trim().length > 0, { message: 'Must not be blank' });
}

/** Non-blank id, URN or URL (at most ID_MAX characters). */
export const Text = text(ID_MAX, false);

/** Free search text (may be blank), at most SEARCH_TEXT_MAX characters. */
export const SearchText = z.string().refine((v) => v.length <= SEARCH_TEXT_MAX, { message: tooLong(SEARCH_TEXT_MAX) });
/** Required search text: non-blank, at most SEARCH_TEXT_MAX characters. */
export const Keywords = text(SEARCH_TEXT_MAX, false);

/** A list input of at most LIST_MAX entries (checked, not advertised). */
export function list<T extends z.ZodType>(item: T, min = 0) {
  return (min > 0 ? z.array(item).min(min) : z.array(item)).refine((v) => v.length <= LIST_MAX, { message: `At most ${LIST_MAX} entries` });
}

/** Zero-based offset into a result list (default 0, at most MAX_OFFSET). */
export const Start = integer({ min: 0, max: MAX_OFFSET }).default(0);

/** Page size: integer 1..max, with a default. */
export function pageSize(max: number, dflt: number) {
  return integer({ min: 1, max }).default(dflt);
}

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
