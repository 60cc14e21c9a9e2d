import type { QuotaWindow } from '../../contract/quotas.js';
import type { Plan } from './rate-limits.js';

/**
 * 429 texts (spec section 7, rule 5: the message tells which limit applies).
 * Per-minute and hourly texts start with "Rate limit exceeded"; quota texts
 * with "<Window> quota exceeded", so a client can tell them apart.
 */
export function perMinuteMessage(limit: number, group: string, retryAfter: number): string {
  return `Rate limit exceeded: ${limit} ${group} calls per minute for this account; retry in ${retryAfter} s`;
}

export function hourlyPlanMessage(limit: number, plan: Plan, retryAfter: number): string {
  return `Rate limit exceeded: hourly plan limit of ${limit} requests per hour (${plan} plan) for this user; retry in ${retryAfter} s`;
}

const WINDOW_WORD: Record<QuotaWindow, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

export function quotaMessage(
  window: QuotaWindow,
  feature: string,
  used: number,
  inFlight: number,
  limit: number,
  resetAt: number,
): string {
  const progress = inFlight > 0 ? ` (+${inFlight} in progress)` : '';
  return (
    `${WINDOW_WORD[window]} quota exceeded for ${feature}: ${used} of ${limit} used${progress}; ` +
    `resets at ${new Date(resetAt).toISOString()}`
  );
}
