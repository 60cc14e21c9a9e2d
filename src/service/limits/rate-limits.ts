import type { Db as Database, Statement } from '../store/sqlite.js';
import { PER_MINUTE_LIMITS, type LimitGroup } from '../../contract/endpoint.js';
import { HOUR_MS, MINUTE_MS } from './windows.js';

/** Plans of the spec's second listing (section 8). */
export type Plan = 'standard' | 'enterprise';

/** Requests per hour per user, by plan. */
export const HOURLY_PLAN_LIMITS: Record<Plan, number> = {
  standard: 1000,
  enterprise: 10_000,
};

/** Per-minute state of one (account, group) after pruning. */
export interface MinuteState {
  limit: number;
  /** Calls admitted in the last 60 s. */
  count: number;
  /**
   * When a slot next frees (the call that must age out before one more fits),
   * or now + 60 s when the log is empty. Epoch ms.
   */
  freesAt: number;
}

export interface HourState {
  limit: number;
  count: number;
  /** Start of the next UTC hour, epoch ms. */
  resetsAt: number;
}

/**
 * Per-minute limits as a sliding log per (account, group): a call is admitted
 * when fewer than `limit` calls were admitted in the 60 s before it, so no
 * burst straddling a minute boundary can double the rate. The hourly plan
 * limit is a counter per user per UTC clock hour.
 */
export class RateLimits {
  private readonly prune: Statement<[string, string, number]>;
  private readonly countMinute: Statement<[string, string, number], { n: number }>;
  private readonly nthOldest: Statement<[string, string, number, number], { at_ms: number }>;
  private readonly insertMinute: Statement<[string, string, number]>;
  private readonly readHour: Statement<[string, number], { calls: number }>;
  private readonly bumpHour: Statement<[string, number]>;
  private readonly pruneHours: Statement<[string, number]>;

  constructor(db: Database) {
    this.prune = db.prepare('DELETE FROM limits_minute_calls WHERE account_id = ? AND limit_group = ? AND at_ms <= ?');
    this.countMinute = db.prepare(
      'SELECT COUNT(*) AS n FROM limits_minute_calls WHERE account_id = ? AND limit_group = ? AND at_ms > ?',
    );
    this.nthOldest = db.prepare(
      'SELECT at_ms FROM limits_minute_calls WHERE account_id = ? AND limit_group = ? AND at_ms > ? ORDER BY at_ms LIMIT 1 OFFSET ?',
    );
    this.insertMinute = db.prepare('INSERT INTO limits_minute_calls (account_id, limit_group, at_ms) VALUES (?, ?, ?)');
    this.readHour = db.prepare('SELECT calls FROM limits_hourly_calls WHERE user_id = ? AND hour_start_ms = ?');
    this.bumpHour = db.prepare(
      `INSERT INTO limits_hourly_calls (user_id, hour_start_ms, calls) VALUES (?, ?, 1)
       ON CONFLICT (user_id, hour_start_ms) DO UPDATE SET calls = calls + 1`,
    );
    this.pruneHours = db.prepare('DELETE FROM limits_hourly_calls WHERE user_id = ? AND hour_start_ms < ?');
  }

  /** null for unlimited groups (inbox). */
  minuteState(accountId: string, group: LimitGroup, now: number): MinuteState | null {
    const limit = PER_MINUTE_LIMITS[group];
    if (limit === null) return null;
    const since = now - MINUTE_MS;
    this.prune.run(accountId, group, since);
    const count = this.countMinute.get(accountId, group, since)?.n ?? 0;
    // With count >= limit, the (count - limit + 1)-th oldest call must age out first.
    const row = this.nthOldest.get(accountId, group, since, Math.max(0, count - limit));
    const freesAt = row ? row.at_ms + MINUTE_MS : now + MINUTE_MS;
    return { limit, count, freesAt };
  }

  recordMinute(accountId: string, group: LimitGroup, now: number): void {
    if (PER_MINUTE_LIMITS[group] === null) return;
    this.insertMinute.run(accountId, group, now);
  }

  hourState(userId: string, plan: Plan, now: number): HourState {
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
    const count = this.readHour.get(userId, hourStart)?.calls ?? 0;
    return { limit: HOURLY_PLAN_LIMITS[plan], count, resetsAt: hourStart + HOUR_MS };
  }

  recordHour(userId: string, now: number): void {
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
    this.pruneHours.run(userId, hourStart);
    this.bumpHour.run(userId, hourStart);
  }
}
