import type { AnyEndpoint } from '../contract/index.js';

/**
 * The seam between the HTTP pipeline and limits/quotas. The pipeline asks
 * admit() after auth, validation and account resolution, and commit() after
 * a 2xx answer; a call that fails validation never reaches either.
 */
export interface GovernContext {
  userId: string;
  accountId: string;
  endpoint: AnyEndpoint;
  /** Parsed input (some quota features depend on it, e.g. a sales-navigation url). */
  input: Record<string, unknown>;
}

export type GovernDecision =
  | { ok: true; headers: Record<string, string> }
  | { ok: false; status: number; headers: Record<string, string>; body: { error: string; success: false } };

export interface RequestGovernor {
  /** Checks and counts the per-minute budget; checks quotas. */
  admit(ctx: GovernContext): GovernDecision;
  /** Spends the call's quota features after a successful answer. */
  commit(ctx: GovernContext): void;
  /** Gives back what admit() held, for a call that did not end in a 2xx. */
  release?(ctx: GovernContext): void;
}
