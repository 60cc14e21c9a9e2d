import Bottleneck from 'bottleneck';
import type { LimitGroup } from '../contract/index.js';
import { PER_MINUTE_LIMITS } from '../contract/index.js';
import type { Clock } from '../util/clock.js';
import { describeDelay } from './errors.js';
import type { GateParams, SlotGate } from './slot-gate.js';
import { ClientError, type WaitProgress } from './types.js';

/**
 * Per-minute governance: the service's sliding window mirrored per (account,
 * endpoint group) by a SlotGate (in-process, or shared through Redis). A call
 * goes out at once while the window has room; else it queues, FIFO per key,
 * until the oldest call of the window ages out. A queued call reports
 * progress, leaves the queue when its caller aborts (without spending a
 * slot), and is refused at once, with the exact time to retry, when it would
 * wait longer than its maximum wait.
 *
 * The queues are a Bottleneck Group (one limiter per key, one job at a
 * time). Admission is the gate's job, not Bottleneck's: its reservoir cannot
 * be shared on Redis 7 (see slot-gate.ts), and a queued Bottleneck job cannot
 * be taken out, so a job here only waits for the gate and an aborted caller's
 * job, when its turn comes, ends at once without taking a slot. A call that
 * finds its key idle skips the queue.
 */

/**
 * 'burst' (default): a call goes out as soon as the service's window has
 * room, so a group's whole per-minute allowance can be used at once, as the
 * service allows. 'even': additionally at most one call per windowMs/limit
 * per key in this process, the old smooth cadence (looks less bursty to the
 * network, costs waiting).
 */
export type PaceMode = 'burst' | 'even';
export const PACE_MODES: readonly PaceMode[] = ['burst', 'even'];

export interface LimiterOptions {
  /** Length of the service's limit window; 60000 in production, scaled down in tests. */
  windowMs: number;
  /** Calls per window per group; null = unlimited. */
  limits: Record<LimitGroup, number | null>;
  /** Calls that may wait per (account, group) queue; more are refused at once. */
  maxQueue: number;
  /** Default longest wait for a slot. */
  maxWaitMs: number;
  /** How often a queued call reports progress. */
  progressIntervalMs: number;
  /** How often a call blocked by another process's unanswered call asks the gate again. */
  pendingPollMs: number;
  pace: PaceMode;
  gate: SlotGate;
  clock: Clock;
}

export const DEFAULT_LIMITER_OPTIONS: Omit<LimiterOptions, 'gate' | 'clock'> = {
  windowMs: 60_000,
  limits: PER_MINUTE_LIMITS,
  maxQueue: 100,
  maxWaitMs: 45_000,
  progressIntervalMs: 5_000,
  pendingPollMs: 50,
  pace: 'burst',
};

/** A granted slot: settle it when the call's answer (or failure) is known. */
export interface Slot {
  key: string;
  ticket: string;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  onProgress?: (progress: WaitProgress) => void;
  maxWaitMs?: number;
}

function cancelled(): ClientError {
  return new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller; nothing was sent' });
}

export class CallLimiter {
  private readonly options: LimiterOptions;
  private readonly clock: Clock;
  /** One FIFO queue per key; a job starts when the previous one ends. */
  private readonly queues = new Bottleneck.Group({ maxConcurrent: 1 });
  /** Stops of every live waiter, for close(). */
  private readonly live = new Set<AbortController>();
  private closed = false;
  /** Live (not cancelled) waiters per key, for wait estimates and the queue bound. */
  private readonly waiting = new Map<string, number>();
  /** Wakes the waiters of a key when one of its calls settles. */
  private readonly wakers = new Map<string, Set<() => void>>();
  /** pace 'even': earliest next start per key. */
  private readonly evenNext = new Map<string, number>();

  constructor(options: LimiterOptions) {
    this.options = options;
    this.clock = options.clock;
  }

  private params(group: LimitGroup): GateParams | null {
    const limit = this.options.limits[group];
    if (limit === null || limit === undefined || limit <= 0) return null;
    return { limit, windowMs: this.options.windowMs };
  }

  private key(account: string, group: LimitGroup): string {
    return `${account}:${group}`;
  }

  private evenInterval(params: GateParams): number {
    return this.options.pace === 'even' ? params.windowMs / params.limit : 0;
  }

  /** ms until the call `ahead` places back in line under key may start. */
  private estimate(key: string, params: GateParams, ahead: number): number {
    const gate = this.options.gate.estimateWait(key, params, ahead);
    const interval = this.evenInterval(params);
    if (!interval) return gate;
    return Math.max(gate, Math.max(0, (this.evenNext.get(key) ?? 0) - this.clock.now()) + ahead * interval);
  }

  /** Estimated wait for a new call under (account, group). */
  estimateWaitMs(account: string, group: LimitGroup): number {
    const params = this.params(group);
    if (!params) return 0;
    const key = this.key(account, group);
    return this.estimate(key, params, this.waiting.get(key) ?? 0);
  }

  private queueTimeout(group: LimitGroup, account: string, etaMs: number, why: string): ClientError {
    const wait = Math.max(0, Math.ceil(etaMs));
    const at = new Date(this.clock.now() + wait).toISOString();
    return new ClientError({
      kind: 'queue_timeout',
      message:
        `${why}: the ${group} per-minute limit of account ${account} has no free slot for ${describeDelay(wait)}. ` +
        `Nothing was sent; retry at ${at} (in ${describeDelay(wait)}).`,
      retryAfterMs: wait,
    });
  }

  /** A per-minute 429 said wait: every call of this key holds off. */
  async hold(account: string, group: LimitGroup, delayMs: number): Promise<void> {
    await this.options.gate.holdFor(this.key(account, group), delayMs);
  }

  /** The call's outcome: counted = the service may have counted it (anything but a 429 or a request never sent). */
  async settle(slot: Slot | undefined, counted: boolean): Promise<void> {
    if (!slot) return;
    await this.options.gate.settle(slot.key, slot.ticket, counted);
    for (const wake of this.wakers.get(slot.key) ?? []) wake();
  }

  /** Takes a slot now if the window (and pacing) allow: the ticket, or the wait. */
  private async attempt(key: string, params: GateParams): Promise<{ ticket: string } | { waitMs: number; pending: boolean }> {
    const now = this.clock.now();
    const evenAt = this.evenNext.get(key) ?? 0;
    if (evenAt > now) return { waitMs: evenAt - now, pending: false };
    // Reserved before the gate is asked, so concurrent callers see it.
    const interval = this.evenInterval(params);
    const reserved = now + interval;
    if (interval) this.evenNext.set(key, reserved);
    const admission = await this.options.gate.tryAcquire(key, params);
    if (!admission.granted) {
      if (interval && this.evenNext.get(key) === reserved) this.evenNext.set(key, evenAt);
      return { waitMs: admission.waitMs, pending: admission.pending };
    }
    return { ticket: admission.ticket };
  }

  /** Sleeps ms of the limiter's clock; resolves false when stopped, true when the time passed or a call of key settled. */
  private nap(key: string, ms: number, stop: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (stop.aborted) return resolve(false);
      let wakers = this.wakers.get(key);
      if (!wakers) this.wakers.set(key, (wakers = new Set()));
      const done = (result: boolean): void => {
        cancel();
        wakers!.delete(wake);
        if (wakers!.size === 0) this.wakers.delete(key);
        stop.removeEventListener('abort', onStop);
        resolve(result);
      };
      const wake = (): void => done(true);
      const onStop = (): void => done(false);
      const cancel = this.clock.setTimeout(wake, Math.max(0, ms));
      wakers.add(wake);
      stop.addEventListener('abort', onStop, { once: true });
    });
  }

  /** Resolves when this call may be sent; rejects with queue_timeout or cancelled. */
  async acquire(account: string, group: LimitGroup, opts: AcquireOptions = {}): Promise<Slot | undefined> {
    if (opts.signal?.aborted) throw cancelled();
    const params = this.params(group);
    if (!params) return undefined;
    if (this.closed) throw cancelled();
    const key = this.key(account, group);
    const maxWaitMs = opts.maxWaitMs ?? this.options.maxWaitMs;
    const ahead = this.waiting.get(key) ?? 0;
    if (ahead >= this.options.maxQueue) throw this.queueTimeout(group, account, this.estimate(key, params, ahead), `Queue full (${ahead} calls waiting)`);
    const eta = this.estimate(key, params, ahead);
    if (eta > maxWaitMs) throw this.queueTimeout(group, account, eta, `Longer than the maximum wait of ${describeDelay(maxWaitMs)}`);

    // Fast path: nobody waits on this key, so taking a free slot now jumps no queue.
    if (ahead === 0) {
      const first = await this.attempt(key, params);
      if ('ticket' in first) return { key, ticket: first.ticket };
      if (opts.signal?.aborted) throw cancelled();
    }

    const started = this.clock.now();
    const deadline = started + maxWaitMs;
    const stop = new AbortController();
    this.live.add(stop);
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    let inLine = true;
    const leave = (): void => {
      if (!inLine) return;
      inLine = false;
      this.waiting.set(key, Math.max(0, (this.waiting.get(key) ?? 1) - 1));
      if (this.waiting.get(key) === 0) this.waiting.delete(key);
      this.live.delete(stop);
      stop.abort();
    };

    const timers: (() => void)[] = [];
    const report = (): void => {
      if (!opts.onProgress || !inLine) return;
      const waitedMs = this.clock.now() - started;
      // The local estimate knows only this process's calls: with a shared (Redis) window it can be 0
      // while another process holds every slot. Then the wait is reported without a guess.
      const etaMs = eta > waitedMs ? eta - waitedMs : undefined;
      const left = etaMs === undefined ? 'waiting for a slot to free' : `about ${describeDelay(etaMs)} left`;
      try {
        opts.onProgress({
          message: `Waiting for the ${group} per-minute limit of account ${account} (${this.waiting.get(key) ?? 1} queued); ${left}`,
          waitedMs,
          ...(etaMs === undefined ? {} : { etaMs }),
        });
      } catch {
        // A failing progress callback must not break the call.
      }
      timers.push(this.clock.setTimeout(report, this.options.progressIntervalMs));
    };
    // Queued (the fast path found no free slot, or others wait ahead): say so at once.
    if (opts.onProgress) report();

    type Outcome = { ticket: string } | { timeoutMs: number } | false;
    // The job only waits for the slot, then ends: the HTTP request runs outside the queue.
    const job = this.queues.key(key).schedule(async (): Promise<Outcome> => {
      for (;;) {
        if (stop.signal.aborted || this.closed) return false;
        const result = await this.attempt(key, params);
        if ('ticket' in result) return result;
        const now = this.clock.now();
        // Blocked by a call that has no answer yet: it may free sooner, so look again soon.
        if (!result.pending && now + result.waitMs > deadline) return { timeoutMs: result.waitMs };
        const nap = result.pending ? Math.min(result.waitMs, this.options.pendingPollMs) : result.waitMs;
        if (!(await this.nap(key, nap, stop.signal))) return false;
      }
    });
    // A slot granted to a caller that has gone is handed back unused (exactly once, whichever ends first).
    let granted: string | undefined;
    let handedOver = false;
    void job.then(
      (outcome) => {
        if (!outcome || !('ticket' in outcome)) return;
        granted = outcome.ticket;
        if (!inLine) void this.settle({ key, ticket: granted }, false);
      },
      () => {},
    );

    let onAbort: (() => void) | undefined;
    const interrupted = new Promise<never>((_, reject) => {
      onAbort = (): void => reject(cancelled());
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      timers.push(
        this.clock.setTimeout(() => {
          const left = this.estimate(key, params, 0);
          reject(this.queueTimeout(group, account, left, `Waited the maximum of ${describeDelay(maxWaitMs)}`));
        }, maxWaitMs),
      );
    });

    try {
      const outcome = await Promise.race([job, interrupted]);
      if (outcome === false) {
        if (opts.signal?.aborted) throw cancelled();
        throw this.queueTimeout(group, account, this.estimate(key, params, 0), 'Limiter closed');
      }
      if ('timeoutMs' in outcome) throw this.queueTimeout(group, account, outcome.timeoutMs, `Longer than the maximum wait of ${describeDelay(maxWaitMs)}`);
      handedOver = true;
      return { key, ticket: outcome.ticket };
    } finally {
      const wasInLine = inLine;
      leave();
      if (wasInLine && granted !== undefined && !handedOver) void this.settle({ key, ticket: granted }, false);
      for (const cancel of timers) cancel();
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
