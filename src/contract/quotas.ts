/**
 * Daily / weekly / monthly quota features (spec 2.6, A7, section 8).
 * Default ceilings are decisions recorded in docs/spec-decisions.md.
 */
export type QuotaWindow = 'daily' | 'weekly' | 'monthly';

export interface QuotaRule {
  feature: string;
  window: QuotaWindow;
  /** Ceiling the service enforces (429 at this value) unless capped is false. */
  limit: number;
  /** The network's own higher ceiling, context only. */
  networkLimit: number;
  /** false: counted and reported but never rejected (sales-navigation searches). */
  capped: boolean;
}

/** Filled in by the contract issue; one rule per (feature, window). */
export const QUOTA_RULES: readonly QuotaRule[] = [];
