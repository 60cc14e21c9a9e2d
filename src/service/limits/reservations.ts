import type { QuotaRule } from '../../contract/quotas.js';
import { windowSpan } from './windows.js';

/** How long an admitted call holds its quota slot if it is neither committed nor released. */
export const DEFAULT_RESERVATION_TTL_MS = 30_000;

interface Held {
  accountId: string;
  features: readonly string[];
  /** Capped rules the call holds a unit of, with the window start at admission. */
  rules: readonly { rule: QuotaRule; windowStart: number }[];
  expiresAt: number;
}

/**
 * In-flight quota reservations: admit() takes one unit of each capped rule a
 * call will spend, so two requests admitted at used = limit - 1 cannot both
 * pass; commit() turns it into spend and release() hands it back. Memory only:
 * a restart ends every request that held one.
 */
export class Reservations<K extends object> {
  private readonly held = new Map<K, Held>();

  constructor(private readonly ttlMs = DEFAULT_RESERVATION_TTL_MS) {}

  /** Units of a rule's current window held by calls still in flight. */
  pending(accountId: string, rule: QuotaRule, now: number): number {
    this.expire(now);
    const start = windowSpan(rule.window, now).start;
    let n = 0;
    for (const h of this.held.values()) {
      if (h.accountId !== accountId) continue;
      if (h.rules.some((r) => r.rule === rule && r.windowStart === start)) n++;
    }
    return n;
  }

  hold(key: K, accountId: string, features: readonly string[], rules: readonly QuotaRule[], now: number): void {
    if (rules.length === 0) return;
    this.held.set(key, {
      accountId,
      features,
      rules: rules.map((rule) => ({ rule, windowStart: windowSpan(rule.window, now).start })),
      expiresAt: now + this.ttlMs,
    });
  }

  /**
   * Drops the reservation of a call. When the pipeline hands a different but
   * equal context object back, the oldest reservation of the same account and
   * features is taken instead, so a slot is never held twice.
   */
  drop(key: K, accountId: string, features: readonly string[]): void {
    if (this.held.delete(key)) return;
    for (const [k, h] of this.held) {
      if (h.accountId === accountId && sameFeatures(h.features, features)) {
        this.held.delete(k);
        return;
      }
    }
  }

  size(now: number): number {
    this.expire(now);
    return this.held.size;
  }

  private expire(now: number): void {
    for (const [k, h] of this.held) if (h.expiresAt <= now) this.held.delete(k);
  }
}

function sameFeatures(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f) => b.includes(f));
}
