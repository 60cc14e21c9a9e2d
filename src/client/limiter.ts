import Bottleneck from 'bottleneck';
import type { LimitGroup } from '../contract/index.js';
import { PER_MINUTE_LIMITS } from '../contract/index.js';
import { describeDelay } from './errors.js';
import type { SlotGate } from './slot-gate.js';
import { ClientError, type WaitProgress } from './types.js';

/**
 * Per-minute governance: one FIFO queue per (account, endpoint group), shared
 * by every caller in the process, bounded, each queue releasing one call per
 * spacing interval through a SlotGate (in-process, or shared through Redis).
 * A queued call reports progress, leaves the queue when its caller aborts
 * (without spending a slot) and fails fast when it would wait longer than
 * allowed.
 *
 * The queues are a Bottleneck Group (one limiter per key, one job at a time).
 * Spacing is the gate's job, not Bottleneck's: its minTime/reservoir cannot be
 * shared on Redis 7 (see slot-gate.ts), and a queued Bottleneck job cannot be
 * taken out, so a job here only waits for a gate slot and an aborted caller's
 * job, when its turn comes, ends at once without taking one. A call that finds
 * its key idle skips the queue (Bottleneck's own bookkeeping costs ~4 ms a job).
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

/** A granted slot, to report when the call is actually sent. */
export interface Slot {
  key: string;
  grantedAt: number;
  intervalMs: number;
  toleranceMs: number;
}

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
  /** One FIFO queue per key; a job starts when the previous one ends. */
  private readonly queues = new Bottleneck.Group({ maxConcurrent: 1 });
  /** Stops of every live waiter, for close(). */
  private readonly live = new Set<AbortController>();
  private closed = false;
  /** Live (not cancelled) waiters per key, for wait estimates. */
  private readonly waiting = new Map<string, number>();

  constructor(options: LimiterOptions) {
    this.options = options;
  }

  /** Runs fn after every job queued before it under key (FIFO, one at a time). */
  private serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.queues.key(key).schedule(fn);
  }

  /** Spacing between starts for a group, or null when unlimited. */
  intervalMs(group: LimitGroup): number | null {
    const limit = this.options.limits[group];
    if (limit === null || limit === undefined || limit <= 0) return null;
    return (this.options.windowMs / limit) * (1 + this.options.spacingMargin);
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

  /**
   * The call is being sent now. If it starts well after its slot was granted
   * (a busy event loop, e.g. while hundreds of calls are set up at once), the
   * next slot moves so that it still comes a full interval after this send.
   */
  async sent(slot: Slot | undefined): Promise<void> {
    if (!slot) return;
    const late = Date.now() - slot.grantedAt;
    if (late <= 1) return;
    await this.options.gate.holdFor(slot.key, Math.max(0, slot.intervalMs - slot.toleranceMs));
  }

  /** Resolves when this call may be sent; rejects with queue_timeout or cancelled. */
  async acquire(account: string, group: LimitGroup, opts: AcquireOptions = {}): Promise<Slot | undefined> {
    const interval = this.intervalMs(group);
    if (opts.signal?.aborted) throw cancelled();
    if (interval === null) return undefined;
    const key = this.key(account, group);
    const tolerance = this.toleranceMs(group);
    // grantedAt is when the gate was asked: the slot's start is counted from then.
    const granted = (grantedAt: number): Slot => ({ key, grantedAt, intervalMs: interval, toleranceMs: tolerance });
    const maxWaitMs = opts.maxWaitMs ?? this.options.maxWaitMs;
    const eta = this.estimateWaitMs(account, group);
    if (eta > maxWaitMs) throw queueTimeout(group, account, eta, 'Too many calls queued');
    if (this.closed) throw cancelled();
    if ((this.waiting.get(key) ?? 0) >= this.options.maxQueue) throw queueTimeout(group, account, eta, 'Queue full');

    // Fast path: nobody waits on this key, so taking a free slot now jumps no queue.
    if ((this.waiting.get(key) ?? 0) === 0 && this.options.gate.estimateWait(key) === 0) {
      const askedAt = Date.now();
      if ((await this.options.gate.tryAcquire(key, interval, tolerance)) === 0) return granted(askedAt);
      if (opts.signal?.aborted) throw cancelled();
    }

    const started = Date.now();
    const deadline = started + maxWaitMs;
    const stop = new AbortController();
    this.live.add(stop);
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    let live = true;
    const leave = (): void => {
      if (!live) return;
      live = false;
      this.waiting.set(key, Math.max(0, (this.waiting.get(key) ?? 1) - 1));
      this.live.delete(stop);
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

    // The job only waits for the slot, then ends: the HTTP request runs outside the queue.
    const job = this.serial(key, async (): Promise<number | false> => {
      for (;;) {
        if (stop.signal.aborted || this.closed) return false;
        const askedAt = Date.now();
        const wait = await this.options.gate.tryAcquire(key, interval, tolerance);
        if (wait === 0) return askedAt;
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
      const acquired = await Promise.race([job, interrupted]);
      if (acquired === false) {
        if (opts.signal?.aborted) throw cancelled();
        throw queueTimeout(group, account, Math.max(interval, this.estimateWaitMs(account, group)), 'Waited too long');
      }
      return granted(acquired);
    } finally {
      leave();
      if (progressTimer) clearInterval(progressTimer);
      if (deadlineTimer) clearTimeout(deadlineTimer);
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
      interrupted.catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.live) stop.abort();
    await this.queues.disconnect(false);
    await this.options.gate.close();
  }
}
