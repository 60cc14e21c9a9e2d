import type { QuotaWindow } from '../../contract/quotas.js';

/**
 * Quota windows in UTC (spec sections 3 and 8): daily resets at midnight,
 * weekly on Monday at midnight, monthly on the 1st at midnight.
 */
export interface WindowSpan {
  /** First instant of the window, epoch ms. */
  start: number;
  /** First instant of the next window (= resetAt), epoch ms. */
  end: number;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of the day containing `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function windowSpan(window: QuotaWindow, now: number): WindowSpan {
  const dayStart = utcDayStart(now);
  switch (window) {
    case 'daily':
      return { start: dayStart, end: dayStart + DAY_MS };
    case 'weekly': {
      // getUTCDay: Sunday 0 … Saturday 6; days since Monday = (day + 6) % 7.
      const sinceMonday = (new Date(dayStart).getUTCDay() + 6) % 7;
      const start = dayStart - sinceMonday * DAY_MS;
      return { start, end: start + 7 * DAY_MS };
    }
    case 'monthly': {
      const d = new Date(now);
      // Date.UTC rolls month 12 over into January of the next year.
      return {
        start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
        end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
      };
    }
  }
}

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Whole seconds to wait until `at`, never less than 1 (Retry-After). */
export function retryAfterSeconds(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** Unix seconds for X-RateLimit-Reset: the first whole second at or after `at`. */
export function unixSeconds(at: number): number {
  return Math.ceil(at / 1000);
}
