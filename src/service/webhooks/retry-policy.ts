/**
 * Spec 6: "exponential backoff of 1, 2, 4, 8 and 16 seconds, at most 5
 * attempts". Read as: one initial send plus at most 5 retries, each after
 * the next delay, so every listed delay is used: 6 sends at most. Each delay
 * runs from the end of the failed attempt (a timeout ends when it fires).
 */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000];

/** Initial send + one retry per delay. */
export const MAX_SENDS = 1 + RETRY_DELAYS_MS.length;

/** Per-attempt timeout: a receiver that has not answered by then counts as failed. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

/** Delay before the next send after `sendsSoFar` failed sends, or undefined to give up. */
export function retryDelayAfter(sendsSoFar: number): number | undefined {
  return RETRY_DELAYS_MS[sendsSoFar - 1];
}
