import { quotaFeaturesFor, type AnyEndpoint } from '../../contract/index.js';
import type { Clock } from '../../util/clock.js';
import type { LimitsGovernor } from '../limits/index.js';
import { ACCOUNT_UNAVAILABLE, AccountHealth } from './health.js';
import type { StoredAccount } from './repo.js';

/** What the request pipeline asks before a call reaches limits and the handler. */
export interface HealthGate {
  /** Applies due transitions (hold over, ramp done); true when the account's status changed. */
  settle(accountId: string): boolean;
  /** The answer to send instead of the call, or null to go on. */
  check(call: { userId: string; account: StoredAccount; endpoint: AnyEndpoint; input: Record<string, unknown> }): HealthAnswer | null;
}

export interface HealthAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const secondsUntil = (at: number, now: number) => String(Math.max(1, Math.ceil((at - now) / 1000)));

/**
 * The pipeline's view of account health: ERROR and hold refusals, and the
 * simulated network's own 429 — answered when the account's spend of a
 * feature in the current window has reached the network's ceiling
 * (networkLimit), which only uncapped features (sales-navigation searches)
 * and spend the service made on the customer's behalf can reach.
 */
export function createHealthGate(health: AccountHealth, governor: LimitsGovernor, clock: Clock): HealthGate {
  return {
    settle: (accountId) => health.settle(accountId, clock.now()),
    check({ userId, account, endpoint, input }) {
      const now = clock.now();
      const ctx = { userId, accountId: account.id, endpoint, input };
      const refusal = health.refusal(account, endpoint, now);
      if (refusal) {
        const headers = refusal.status === 429 && refusal.retryAtMs !== undefined
          ? { ...governor.rateHeaders(ctx), 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(Math.ceil(refusal.retryAtMs / 1000)), 'Retry-After': secondsUntil(refusal.retryAtMs, now) }
          : {};
        return { status: refusal.status, headers, body: refusal.body };
      }
      const features = quotaFeaturesFor(endpoint, input);
      if (features.length === 0 || !endpoint.annotations.openWorldHint) return null;
      const report = governor.quotaReport(account.id);
      const full = report.quotas.find((q) => features.includes(q.feature) && q.used >= q.networkLimit);
      if (!full) return null;
      governor.markNetworkLimitReached(account.id, full.feature);
      const holdUntil = health.recordNetwork429(account.id, full.feature, now);
      const resetAt = Date.parse(full.resetAt);
      const retryAt = holdUntil ?? resetAt;
      return {
        status: 429,
        headers: { ...governor.rateHeaders(ctx), 'Retry-After': secondsUntil(retryAt, now) },
        body: {
          error: `Network rate limit: the network answered 429 for ${full.feature} (${full.used} of its ${full.networkLimit} per ${full.window === 'daily' ? 'day' : full.window === 'weekly' ? 'week' : 'month'} used); resets at ${full.resetAt}` +
            (holdUntil ? `; the account is now on hold until ${new Date(holdUntil).toISOString()}` : ''),
          success: false,
          ...(holdUntil ? { code: ACCOUNT_UNAVAILABLE, retryAt: new Date(holdUntil).toISOString() } : {}),
        },
      };
    },
  };
}
