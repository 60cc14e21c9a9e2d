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

const daily = (feature: string, limit: number, networkLimit: number, capped = true): QuotaRule => ({
  feature,
  window: 'daily',
  limit,
  networkLimit,
  capped,
});

/** One rule per (feature, window); a feature may have both a daily and a weekly rule. */
export const QUOTA_RULES: readonly QuotaRule[] = [
  daily('PROFILE_VIEW', 100, 250),
  daily('CONNECT', 25, 100),
  { feature: 'CONNECT', window: 'weekly', limit: 100, networkLimit: 200, capped: true },
  daily('MESSAGE', 150, 250),
  daily('RECENT_MESSAGES', 150, 500),
  daily('FOLLOW', 100, 150),
  daily('COMMENT', 50, 100),
  daily('REACT', 100, 200),
  daily('REPOST', 20, 50),
  daily('SEARCH_PEOPLE', 100, 300),
  daily('SEARCH_COMPANIES', 100, 300),
  daily('SEARCH_JOBS', 100, 300),
  daily('SEARCH_GROUPS', 100, 300),
  daily('SEARCH_POSTS', 100, 300),
  { feature: 'SEARCH_POSTS_V2', window: 'monthly', limit: 300, networkLimit: 300, capped: true },
  daily('SALES_NAV_SEARCH', 1000, 1000, false),
];

export const QUOTA_FEATURES: readonly string[] = [...new Set(QUOTA_RULES.map((r) => r.feature))];

export function rulesFor(feature: string): QuotaRule[] {
  return QUOTA_RULES.filter((r) => r.feature === feature);
}
