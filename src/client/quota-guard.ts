import type { QuotaReport } from '../contract/resources/quota.js';
import { QUOTA_RULES } from '../contract/index.js';
import type { Clock } from '../util/clock.js';
import { describeDelay } from './errors.js';
import { ClientError } from './types.js';

/**
 * Local copy of an account's daily/weekly/monthly quotas (A7 report), kept
 * current as calls succeed, so a call that the service would answer with a
 * quota 429 is refused before anything is sent.
 */

interface Counter {
  feature: string;
  window: string;
  used: number;
  limit: number;
  resetAtMs: number;
  /** Network already refused this feature in this window (spec 2.6 limitReached). */
  limitReached: boolean;
  capped: boolean;
  /** Calls admitted but not finished yet. */
  pending: number;
}

export interface QuotaReservation {
  /** The call succeeded: its features are spent. */
  commit(): void;
  /** The call failed or was not sent: give the units back. */
  release(): void;
}

const NO_RESERVATION: QuotaReservation = { commit: () => {}, release: () => {} };

function isCapped(feature: string, window: string): boolean {
  const rule = QUOTA_RULES.find((r) => r.feature === feature && r.window === window);
  return rule ? rule.capped : true;
}

export class QuotaGuard {
  private readonly accounts = new Map<string, Counter[]>();

  constructor(private readonly clock: Clock) {}

  /** Replaces what is known about an account with a fresh report. */
  update(report: QuotaReport): void {
    const previous = this.accounts.get(report.accountId) ?? [];
    this.accounts.set(
      report.accountId,
      report.quotas.map((q) => ({
        feature: q.feature,
        window: q.window,
        used: q.used,
        limit: q.limit,
        resetAtMs: Date.parse(q.resetAt),
        limitReached: q.limitReached,
        capped: isCapped(q.feature, q.window),
        // Calls in flight stay counted until they finish.
        pending: previous.find((p) => p.feature === q.feature && p.window === q.window)?.pending ?? 0,
      })),
    );
  }

  /** Forget an account (e.g. after a quota 429 the local view was wrong). */
  forget(accountId: string): void {
    this.accounts.delete(accountId);
  }

  /** True when the guard has no current report covering these features. */
  needsRefresh(accountId: string, features: readonly string[]): boolean {
    if (features.length === 0) return false;
    const counters = this.accounts.get(accountId);
    if (!counters) return true;
    const now = this.clock.now();
    return counters.some((c) => features.includes(c.feature) && now >= c.resetAtMs);
  }

  /** Admits a call spending one unit of each feature, or throws local_quota. */
  reserve(accountId: string, features: readonly string[], endpointId?: string): QuotaReservation {
    if (features.length === 0) return NO_RESERVATION;
    const counters = (this.accounts.get(accountId) ?? []).filter((c) => features.includes(c.feature));
    const now = this.clock.now();
    for (const c of counters) {
      if (!c.capped || now >= c.resetAtMs) continue;
      if (c.used + c.pending + 1 > c.limit || c.limitReached) throw this.refusal(accountId, c, now, endpointId);
    }
    for (const c of counters) c.pending++;
    let settled = false;
    return {
      commit: () => {
        if (settled) return;
        settled = true;
        for (const c of counters) {
          c.pending = Math.max(0, c.pending - 1);
          c.used++;
        }
      },
      release: () => {
        if (settled) return;
        settled = true;
        for (const c of counters) c.pending = Math.max(0, c.pending - 1);
      },
    };
  }

  private refusal(accountId: string, c: Counter, now: number, endpointId?: string): ClientError {
    const resetAt = new Date(c.resetAtMs).toISOString();
    const windowName = c.window.charAt(0).toUpperCase() + c.window.slice(1);
    const state = c.limitReached && c.used < c.limit
      ? `the network already refused ${c.feature} in this window`
      : `${c.used} of ${c.limit} used${c.pending ? ` (${c.pending} more in flight)` : ''}`;
    return new ClientError({
      kind: 'local_quota',
      message:
        `${windowName} quota for ${c.feature} reached on account ${accountId}: ${state}, limit ${c.limit}. ` +
        `It resets at ${resetAt} (in ${describeDelay(c.resetAtMs - now)}). Nothing was sent.`,
      feature: c.feature,
      window: c.window,
      limit: c.limit,
      used: c.used,
      resetAt,
      retryAfterMs: Math.max(0, c.resetAtMs - now),
      ...(endpointId ? { endpointId } : {}),
    });
  }
}
