import { z } from 'zod';

/** Error bodies of spec section 7. */

/**
 * Plain error: error text; most errors add success:false (the service always does).
 * Extension: account-health refusals (ERROR account, temporary hold) add
 * code ACCOUNT_UNAVAILABLE, and retryAt when the account is expected back.
 */
export const ErrorBody = z.object({
  error: z.string(),
  success: z.boolean().optional(),
  code: z.string().optional(),
  retryAt: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** 429 body: per-minute limit, hourly plan ceiling or quota; the text says which. */
export const RateLimitErrorBody = z.object({
  error: z.string(),
  success: z.boolean(),
  /** ACCOUNT_UNAVAILABLE when the account itself is on hold. */
  code: z.string().optional(),
  retryAt: z.string().optional(),
});

/** The machine code of account-health refusals (a cross-team agreement; the MCP side maps it to account_unavailable). */
export const ACCOUNT_UNAVAILABLE_CODE = 'ACCOUNT_UNAVAILABLE';
export type RateLimitErrorBody = z.infer<typeof RateLimitErrorBody>;

export const ValidationIssueSchema = z.object({
  code: z.string(),
  expected: z.string().optional(),
  received: z.string().optional(),
  path: z.array(z.string()),
  message: z.string(),
});

/** 400 for invalid input; same shape as validationErrorBody() in validation.ts. */
export const ValidationErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({ issues: z.array(ValidationIssueSchema), name: z.string() }),
});

/** The alternative error object of the spec's second listing (accepted by clients, not produced). */
export const CodedErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.object({ field: z.string(), reason: z.string() }).partial().optional(),
  }),
});
export type CodedErrorBody = z.infer<typeof CodedErrorBody>;

/** Any error body a client may meet. */
export const AnyErrorBody = z.union([ValidationErrorBodySchema, CodedErrorBody, ErrorBody]);
export type AnyErrorBody = z.infer<typeof AnyErrorBody>;
