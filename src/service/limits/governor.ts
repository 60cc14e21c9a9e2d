import type { Db as Database } from '../store/sqlite.js';
import { QUOTA_RULES, type QuotaRule } from '../../contract/quotas.js';
import type { QuotaReport } from '../../contract/resources/quota.js';
import type { AnyEndpoint } from '../../contract/endpoint.js';
import type { Clock } from '../../util/clock.js';
import { createLogger, type Logger } from '../../util/logger.js';
import type { GovernContext, GovernDecision, RequestGovernor } from '../governor.js';
import { quotaFeaturesFor } from '../../contract/index.js';
import { hourlyPlanMessage, perMinuteMessage, quotaMessage } from './messages.js';
import { QuotaLedger, requireRules, UnknownQuotaFeatureError, type UsageSource } from './quota-ledger.js';
import { RateLimits, type HourState, type MinuteState, type Plan } from './rate-limits.js';
import { Reservations } from './reservations.js';
import { retryAfterSeconds, unixSeconds, windowSpan } from './windows.js';

/** Endpoints no limit applies to and that spend nothing: the entry says so (e.g. the A7 quota report). */
export function isExempt(endpoint: AnyEndpoint): boolean {
  return endpoint.metering === 'exempt';
}

export interface GovernorOptions {
  db: Database;
  clock: Clock;
  /** Plan of a user; default standard for everyone. */
  planFor?: (userId: string) => Plan;
  /** The limit a capped rule has for an account now (WARMUP ramps); default the rule's own limit. */
  limitOf?: (accountId: string, rule: QuotaRule, now: number) => number;
  /** How long an admitted call holds its quota slot without commit or release. */
  reservationTtlMs?: number;
  logger?: Logger;
}

export interface LimitsGovernor extends RequestGovernor {
  /** Hands back the quota slot admit() reserved, for a call that did not end in a 2xx. */
  release(ctx: GovernContext): void;
  /** Spec A7 report: free, counts nothing. */
  quotaReport(accountId: string): QuotaReport;
  /** Counts one unit of a feature now, from an API call or a call the service ran on the customer's behalf. */
  recordUsage(accountId: string, feature: string, source: UsageSource): void;
  /** The (simulated) network answered 429 for a feature: limitReached for its rules in the current windows. */
  markNetworkLimitReached(accountId: string, feature: string): void;
  /** X-RateLimit-* of a call's per-minute group now (the hourly plan limit for groups without one), counting nothing. */
  rateHeaders(ctx: GovernContext): Record<string, string>;
}

interface Refusal {
  retryAt: number;
  message: string;
  /** The hourly plan limit reports its own X-RateLimit-* (spec 8, second listing). */
  hourly?: boolean;
}

/**
 * The service's RequestGovernor: per-minute limits per account and group,
 * the hourly plan limit per user, and daily/weekly/monthly quotas per feature.
 */
export function createGovernor(options: GovernorOptions): LimitsGovernor {
  const { db, clock } = options;
  const planFor = options.planFor ?? (() => 'standard');
  const limitOf = options.limitOf ?? ((_accountId: string, rule: QuotaRule) => rule.limit);
  const logger = options.logger ?? createLogger('limits');
  const rates = new RateLimits(db);
  const ledger = new QuotaLedger(db);
  const reservations = new Reservations<GovernContext>(options.reservationTtlMs);

  function capped(features: readonly string[]): QuotaRule[] {
    return features.flatMap((f) => requireRules(f)).filter((r) => r.capped);
  }

  /** Rules and features of a call, skipping (and logging) features the contract has no rule for. */
  function knownFeatures(ctx: GovernContext): string[] {
    return quotaFeaturesFor(ctx.endpoint, ctx.input).filter((f) => {
      try {
        requireRules(f);
        return true;
      } catch (err) {
        if (!(err instanceof UnknownQuotaFeatureError)) throw err;
        logger.error({ endpoint: ctx.endpoint.id, feature: f }, 'endpoint spends a quota feature with no rule; not counted');
        return false;
      }
    });
  }

  function minuteHeaders(state: MinuteState | null, remaining: number): Record<string, string> {
    if (!state) return {};
    return {
      'X-RateLimit-Limit': String(state.limit),
      'X-RateLimit-Remaining': String(Math.max(0, remaining)),
      'X-RateLimit-Reset': String(unixSeconds(state.freesAt)),
    };
  }

  function hourHeaders(hour: HourState): Record<string, string> {
    return {
      'X-RateLimit-Limit': String(hour.limit),
      'X-RateLimit-Remaining': String(Math.max(0, hour.limit - hour.count)),
      'X-RateLimit-Reset': String(unixSeconds(hour.resetsAt)),
    };
  }

  const admit = (ctx: GovernContext): GovernDecision => {
    if (isExempt(ctx.endpoint)) return { ok: true, headers: {} };
    const now = clock.now();
    return db.transaction((): GovernDecision => {
      const minute = rates.minuteState(ctx.accountId, ctx.endpoint.group, now);
      const plan = planFor(ctx.userId);
      const hour = rates.hourState(ctx.userId, plan, now);
      const features = knownFeatures(ctx);
      const rules = capped(features);

      // Every limit the call would break; the one that frees last is reported,
      // so waiting Retry-After is enough for this call as far as we know now.
      const refusals: Refusal[] = [];
      for (const rule of rules) {
        const limit = limitOf(ctx.accountId, rule, now);
        const used = ledger.used(ctx.accountId, rule, now);
        const inFlight = reservations.pending(ctx.accountId, rule, now);
        if (used + inFlight < limit) continue;
        const resetAt = windowSpan(rule.window, now).end;
        // Refused only because another call holds the last unit: it may yet fail and hand it back.
        const retryAt = used < limit ? Math.min(resetAt, now + 1000) : resetAt;
        refusals.push({ retryAt, message: quotaMessage(rule.window, rule.feature, used, inFlight, limit, resetAt) });
      }
      if (hour.count >= hour.limit) {
        refusals.push({ retryAt: hour.resetsAt, message: hourlyPlanMessage(hour.limit, plan, retryAfterSeconds(hour.resetsAt, now)), hourly: true });
      }
      if (minute && minute.count >= minute.limit) {
        refusals.push({
          retryAt: minute.freesAt,
          message: perMinuteMessage(minute.limit, ctx.endpoint.group, retryAfterSeconds(minute.freesAt, now)),
        });
      }

      const binding = refusals.reduce<Refusal | undefined>((a, b) => (a && a.retryAt >= b.retryAt ? a : b), undefined);
      if (binding) {
        return {
          ok: false,
          status: 429,
          headers: {
            'Retry-After': String(retryAfterSeconds(binding.retryAt, now)),
            // The limit that applied: the hourly one reports itself; the others the per-minute
            // group (spec 8), or the hourly plan limit for a group without a per-minute limit.
            ...(binding.hourly || !minute ? hourHeaders(hour) : minuteHeaders(minute, minute.limit - minute.count)),
          },
          body: { error: binding.message, success: false },
        };
      }

      rates.recordMinute(ctx.accountId, ctx.endpoint.group, now);
      rates.recordHour(ctx.userId, now);
      reservations.hold(ctx, ctx.accountId, features, rules, now);
      return { ok: true, headers: minuteHeaders(minute, minute ? minute.limit - minute.count - 1 : 0) };
    })();
  };

  const commit = (ctx: GovernContext): void => {
    if (isExempt(ctx.endpoint)) return;
    const now = clock.now();
    const features = knownFeatures(ctx);
    db.transaction(() => {
      reservations.drop(ctx, ctx.accountId, features);
      for (const f of features) ledger.spend(ctx.accountId, f, 'api', now);
    })();
  };

  return {
    admit,
    commit,
    release(ctx) {
      if (isExempt(ctx.endpoint)) return;
      reservations.drop(ctx, ctx.accountId, knownFeatures(ctx));
    },
    quotaReport(accountId) {
      const now = clock.now();
      const report = ledger.report(accountId, now);
      if (!options.limitOf) return report;
      // Capped rules report the limit the account has now (a WARMUP ramp lowers it).
      const rules = new Map(QUOTA_RULES.map((r) => [`${r.feature}/${r.window}`, r]));
      return {
        ...report,
        quotas: report.quotas.map((q) => {
          const rule = rules.get(`${q.feature}/${q.window}`);
          if (!rule?.capped) return q;
          const limit = limitOf(accountId, rule, now);
          return { ...q, limit, remaining: Math.max(0, limit - q.used) };
        }),
      };
    },
    recordUsage: (accountId, feature, source) => ledger.spend(accountId, feature, source, clock.now()),
    rateHeaders(ctx) {
      const now = clock.now();
      const minute = rates.minuteState(ctx.accountId, ctx.endpoint.group, now);
      return minute ? minuteHeaders(minute, minute.limit - minute.count) : hourHeaders(rates.hourState(ctx.userId, planFor(ctx.userId), now));
    },
    markNetworkLimitReached(accountId, feature) {
      const now = clock.now();
      db.transaction(() => {
        for (const rule of requireRules(feature)) ledger.markReached(accountId, rule, 'network', now);
      })();
    },
  };
}
