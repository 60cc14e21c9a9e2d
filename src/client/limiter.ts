import Bottleneck from 'bottleneck';
import type { LimitGroup } from '../contract/index.js';
import { PER_MINUTE_LIMITS } from '../contract/index.js';
import { describeDelay } from './errors.js';
import type { SlotGate } from './slot-gate.js';
import { ClientError, type WaitProgress } from './types.js';

/**
 * Per-minute governance: one FIFO queue per (account, endpoint group), shared
 * by every caller in the process (a Bottleneck Group), bounded, each queue
 * releasing one call per spacing interval through a SlotGate (in-process, or
 * shared through Redis). A queued call reports progress, leaves the queue when
 * its caller aborts (without spending a slot) and fails fast when it would
 * wait longer than allowed.
 */

export interface LimiterOptions {
  /** Length of the service's limit window; 60000 in production, scaled down in tests. */
  windowMs: number;
  /** Calls per window per group; null = unlimited. */
  limits: Record<LimitGroup, number | null>;
  /** Extra spacing over windowMs/limit, so jitter never squeezes limit+1 calls into one window. */
  spacingMargin: number;
  /** Calls that may wait per (account, group) queue; more are refused at once. */
  maxQueue: number;
  /** Default longest wait for a slot. */
  maxWaitMs: number;
  /** How often a queued call reports progress. */
  progressIntervalMs: number;
  gate: SlotGate;
}

export const DEFAULT_LIMITER_OPTIONS: Omit<LimiterOptions, 'gate'> = {
  windowMs: 60_000,
  limits: PER_MINUTE_LIMITS,
  spacingMargin: 0.03,
  maxQueue: 100,
  maxWaitMs: 45_000,
  progressIntervalMs: 5_000,
};

export interface AcquireOptions {
  signal?: AbortSignal;
  onProgress?: (progress: WaitProgress) => void;
  maxWaitMs?: number;
}

function cancelled(): ClientError {
  return new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller; nothing was sent' });
}

function queueTimeout(group: LimitGroup, account: string, etaMs: number, why: string): ClientError {
  const at = new Date(Date.now() + etaMs).toISOString();
  return new ClientError({
    kind: 'queue_timeout',
    message:
      `${why}: the ${group} limit of account ${account} would make this call wait about ${describeDelay(etaMs)}. ` +
      `Nothing was sent; retry in ${describeDelay(etaMs)} (after ${at}).`,
    retryAfterMs: etaMs,
  });
}

/** Sleeps ms, waking early (resolving false) when signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export class CallLimiter {
  private readonly options: LimiterOptions;
  private readonly queues: Bottleneck.Group;
  /** Live (not cancelled) waiters per key, for wait estimates. */
  private readonly waiting = new Map<string, number>();

  constructor(options: LimiterOptions) {
    this.options = options;
    // One call at a time per key: the job only waits for its slot, then
    // returns, so the HTTP request itself runs outside the queue.
    this.queues = new Bottleneck.Group({
      maxConcurrent: 1,
      highWater: options.maxQueue,
      strategy: Bottleneck.strategy.OVERFLOW,
      timeout: Math.max(options.windowMs * 5, 60_000),
    });
  }

  /** Spacing between starts for a group, or null when unlimited. */
  intervalMs(group: LimitGroup): number | null {
    const limit = this.options.limits[group];
    if (limit === null || limit === undefined || limit <= 0) return null;
    return Math.ceil((this.options.windowMs / limit) * (1 + this.options.spacingMargin));
  }

  /**
   * Lateness a start may make up without being lost: a quarter of the slack
   * between limit*interval and the window; the rest absorbs jitter between
   * our start and the service's count (network, the service's own work).
   */
  toleranceMs(group: LimitGroup): number {
    const interval = this.intervalMs(group);
    const limit = this.options.limits[group];
    if (interval === null || !limit) return 0;
    return Math.max(0, Math.floor((limit * interval - this.options.windowMs) / 4));
  }

  private key(account: string, group: LimitGroup): string {
    return `${account}:${group}`;
  }

  /** Estimated wait for a new call under (account, group). */
  estimateWaitMs(account: string, group: LimitGroup): number {
    const interval = this.intervalMs(group);
    if (interval === null) return 0;
    const key = this.key(account, group);
    return this.options.gate.estimateWait(key) + (this.waiting.get(key) ?? 0) * interval;
  }

  /** A per-minute 429 said wait: every call of this key holds off. */
  async hold(account: string, group: LimitGroup, delayMs: number): Promise<void> {
    await this.options.gate.holdFor(this.key(account, group), delayMs);
  }

  /** Resolves when this call may be sent; rejects with queue_timeout or cancelled. */
  async acquire(account: string, group: LimitGroup, opts: AcquireOptions = {}): Promise<void> {
    const interval = this.intervalMs(group);
    if (opts.signal?.aborted) throw cancelled();
    if (interval === null) return;
    const key = this.key(account, group);
    const tolerance = this.toleranceMs(group);
    const maxWaitMs = opts.maxWaitMs ?? this.options.maxWaitMs;
    const eta = this.estimateWaitMs(account, group);
    if (eta > maxWaitMs) throw queueTimeout(group, account, eta, 'Too many calls queued');
    const queue = this.queues.key(key);
    // Own count: Bottleneck registers jobs asynchronously, its queued() lags.
    if ((this.waiting.get(key) ?? 0) >= this.options.maxQueue) throw queueTimeout(group, account, eta, 'Queue full');

    const started = Date.now();
    const deadline = started + maxWaitMs;
    const stop = new AbortController();
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    let live = true;
    const leave = (): void => {
      if (!live) return;
      live = false;
      this.waiting.set(key, Math.max(0, (this.waiting.get(key) ?? 1) - 1));
      stop.abort();
    };

    const report = (): void => {
      if (!opts.onProgress) return;
      const waitedMs = Date.now() - started;
      const etaMs = Math.max(0, eta - waitedMs);
      try {
        opts.onProgress({
          message: `Waiting for the ${group} per-minute limit of account ${account} (${this.waiting.get(key) ?? 1} queued); about ${describeDelay(etaMs)} left`,
          waitedMs,
          etaMs,
        });
      } catch {
        // A failing progress callback must not break the call.
      }
    };

    let progressTimer: NodeJS.Timeout | undefined;
    if (opts.onProgress && eta > 0) {
      report();
      progressTimer = setInterval(report, this.options.progressIntervalMs);
    }

    const job = queue.schedule(async (): Promise<boolean> => {
      for (;;) {
        if (stop.signal.aborted) return false;
        const wait = await this.options.gate.tryAcquire(key, interval, tolerance);
        if (wait === 0) return true;
        if (Date.now() + wait > deadline) return false;
        if (!(await sleep(wait, stop.signal))) return false;
      }
    });

    let onAbort: (() => void) | undefined;
    let deadlineTimer: NodeJS.Timeout | undefined;
    const interrupted = new Promise<never>((_, reject) => {
      onAbort = (): void => reject(cancelled());
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      deadlineTimer = setTimeout(
        () => reject(queueTimeout(group, account, Math.max(interval, this.estimateWaitMs(account, group)), 'Waited too long')),
        maxWaitMs,
      );
    });

    try {
      const acquired = await Promise.race([
        job.catch((err: unknown) => {
          if (err instanceof Bottleneck.BottleneckError) throw queueTimeout(group, account, eta, 'Queue full');
          throw err;
        }),
        interrupted,
      ]);
      if (!acquired) {
        if (opts.signal?.aborted) throw cancelled();
        throw queueTimeout(group, account, Math.max(interval, this.estimateWaitMs(account, group)), 'Waited too long');
      }
    } finally {
      leave();
      if (progressTimer) clearInterval(progressTimer);
      if (deadlineTimer) clearTimeout(deadlineTimer);
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
      interrupted.catch(() => {});
    }
  }

  async close(): Promise<void> {
    for (const limiter of this.queues.limiters()) {
      await limiter.limiter.stop({ dropWaitingJobs: true }).catch(() => {});
    }
    await this.options.gate.close();
  }
}
