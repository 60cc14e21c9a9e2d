import type { Db as Database, Statement } from '../store/sqlite.js';
import { QUOTA_RULES, rulesFor, type QuotaRule, type QuotaWindow } from '../../contract/quotas.js';
import type { QuotaItem, QuotaReport } from '../../contract/resources/quota.js';
import { utcDayStart, windowSpan } from './windows.js';

/** Who made a call that spends quota: the customer's API call, or the service on their behalf. */
export type UsageSource = 'api' | 'service';
export const USAGE_SOURCES: readonly UsageSource[] = ['api', 'service'];

/** Who answered 429 for a feature: the service's own quota, or the (simulated) network. */
export type LimitReachedBy = 'service' | 'network';

export class UnknownQuotaFeatureError extends Error {
  constructor(feature: string) {
    super(`Unknown quota feature "${feature}"; known features are listed in QUOTA_RULES (src/contract/quotas.ts)`);
    this.name = 'UnknownQuotaFeatureError';
  }
}

/** Rules of a feature, or a clear error for a feature no rule knows. */
export function requireRules(feature: string): QuotaRule[] {
  const rules = rulesFor(feature);
  if (rules.length === 0) throw new UnknownQuotaFeatureError(feature);
  return rules;
}

/**
 * Persistent quota counters. Spend is stored per UTC day and source; a weekly
 * or monthly window sums its days, so adding a rule later needs no backfill.
 */
export class QuotaLedger {
  private readonly spendStmt: Statement<[string, string, number, UsageSource, number]>;
  private readonly sumStmt: Statement<[string, string, number, number], { used: number | null }>;
  private readonly pruneUsage: Statement<[string, string, number]>;
  private readonly markStmt: Statement<[string, string, QuotaWindow, number, number, LimitReachedBy]>;
  private readonly reachedStmt: Statement<[string, string, QuotaWindow, number], { reached_at_ms: number }>;
  private readonly pruneReached: Statement<[string, string, QuotaWindow, number]>;

  constructor(private readonly db: Database) {
    this.spendStmt = db.prepare(
      `INSERT INTO limits_quota_usage (account_id, feature, day_start_ms, source, used) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, feature, day_start_ms, source) DO UPDATE SET used = used + excluded.used`,
    );
    this.sumStmt = db.prepare(
      `SELECT SUM(used) AS used FROM limits_quota_usage
       WHERE account_id = ? AND feature = ? AND day_start_ms >= ? AND day_start_ms < ?`,
    );
    this.pruneUsage = db.prepare('DELETE FROM limits_quota_usage WHERE account_id = ? AND feature = ? AND day_start_ms < ?');
    this.markStmt = db.prepare(
      `INSERT OR IGNORE INTO limits_quota_reached
         (account_id, feature, quota_window, window_start_ms, reached_at_ms, reached_by) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.reachedStmt = db.prepare(
      `SELECT reached_at_ms FROM limits_quota_reached
       WHERE account_id = ? AND feature = ? AND quota_window = ? AND window_start_ms = ? AND reached_by = 'network'`,
    );
    this.pruneReached = db.prepare(
      'DELETE FROM limits_quota_reached WHERE account_id = ? AND feature = ? AND quota_window = ? AND window_start_ms < ?',
    );
  }

  /** Used units of a rule's current window, all sources. */
  used(accountId: string, rule: QuotaRule, now: number): number {
    const span = windowSpan(rule.window, now);
    return this.sumStmt.get(accountId, rule.feature, span.start, span.end)?.used ?? 0;
  }

  /** Spends `units` of a feature now; throws for an unknown feature. */
  spend(accountId: string, feature: string, source: UsageSource, now: number, units = 1): void {
    const rules = requireRules(feature);
    if (!USAGE_SOURCES.includes(source)) throw new Error(`source must be one of ${USAGE_SOURCES.join(', ')}; got "${String(source)}"`);
    // Keep only the days some current window of this feature still needs.
    const oldestNeeded = Math.min(...rules.map((r) => windowSpan(r.window, now).start));
    this.db.transaction(() => {
      this.pruneUsage.run(accountId, feature, oldestNeeded);
      this.spendStmt.run(accountId, feature, utcDayStart(now), source, units);
    })();
  }

  /** Records the first 429 of a rule's current window (later ones keep the first time). */
  markReached(accountId: string, rule: QuotaRule, by: LimitReachedBy, now: number): void {
    const span = windowSpan(rule.window, now);
    this.pruneReached.run(accountId, rule.feature, rule.window, span.start);
    this.markStmt.run(accountId, rule.feature, rule.window, span.start, now, by);
  }

  reachedAt(accountId: string, rule: QuotaRule, now: number): number | null {
    const span = windowSpan(rule.window, now);
    return this.reachedStmt.get(accountId, rule.feature, rule.window, span.start)?.reached_at_ms ?? null;
  }

  item(accountId: string, rule: QuotaRule, now: number): QuotaItem {
    const used = this.used(accountId, rule, now);
    const reachedAt = this.reachedAt(accountId, rule, now);
    return {
      feature: rule.feature,
      window: rule.window,
      used,
      limit: rule.limit,
      networkLimit: rule.networkLimit,
      remaining: Math.max(0, rule.limit - used),
      limitReached: reachedAt !== null,
      limitReachedAt: reachedAt === null ? null : new Date(reachedAt).toISOString(),
      resetAt: new Date(windowSpan(rule.window, now).end).toISOString(),
    };
  }

  /** Spec A7 / 2.6: one item per rule, in QUOTA_RULES order. A read only. */
  report(accountId: string, now: number): QuotaReport {
    return { accountId, quotas: QUOTA_RULES.map((rule) => this.item(accountId, rule, now)) };
  }
}
