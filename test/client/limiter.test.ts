import { afterEach, describe, expect, it } from 'vitest';
import { PER_MINUTE_LIMITS } from '../../src/contract/index.js';
import { CallLimiter, DEFAULT_LIMITER_OPTIONS, type PaceMode, type Slot } from '../../src/client/limiter.js';
import { LocalSlotGate, nthStart, type SlotGate } from '../../src/client/slot-gate.js';
import type { ClientError, WaitProgress } from '../../src/client/types.js';
import { expectClientError } from './expect-client-error.js';
import { ManualClock } from '../../src/util/clock.js';
import { until } from './until.js';

/**
 * The limiter and its in-process gate, exact on a ManualClock: the window is
 * the service's (60 s, 15 writes per account), the margin 10 ms. Nothing here
 * sleeps: time moves only by clock.advance().
 */
const WINDOW = 60_000;
const MARGIN = 10;
const A = 'a00000000000000000000001';
const B = 'a00000000000000000000002';

const limiters: CallLimiter[] = [];
afterEach(async () => {
  await Promise.all(limiters.splice(0).map((l) => l.close()));
});

function setup(options: { pace?: PaceMode; maxWaitMs?: number; maxQueue?: number } = {}): { clock: ManualClock; limiter: CallLimiter } {
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  const limiter = new CallLimiter({
    ...DEFAULT_LIMITER_OPTIONS,
    limits: PER_MINUTE_LIMITS,
    ...options,
    gate: new LocalSlotGate(clock, { marginMs: MARGIN }),
    clock,
  });
  limiters.push(limiter);
  return { clock, limiter };
}

/** Acquires, records when it was granted (clock time) or how it failed. */
function track(clock: ManualClock, p: Promise<Slot | undefined>): { at?: number; slot?: Slot; error?: ClientError } {
  const out: { at?: number; slot?: Slot; error?: ClientError } = {};
  p.then(
    (slot) => {
      out.at = clock.now();
      if (slot) out.slot = slot;
    },
    (err: unknown) => {
      out.error = err as ClientError;
    },
  );
  return out;
}

describe('the window mirror', () => {
  it('sends a whole window at once, then the next call exactly when the oldest answered call ages out', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 120_000 });
    const t0 = clock.now();
    const first = await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')));
    expect(first.every((s) => s !== undefined)).toBe(true);
    // The answers come back 40 ms later: the service counted each call at the latest then.
    clock.advance(40);
    for (const slot of first) await limiter.settle(slot, true);

    const next = track(clock, limiter.acquire(A, 'write'));
    await until(() => clock.pendingTimers() > 0, 'the 16th call to wait');
    clock.set(t0 + 40 + WINDOW + MARGIN - 1);
    await until(() => true);
    expect(next.at).toBeUndefined();
    clock.advance(1);
    await until(() => next.at !== undefined, 'the 16th call');
    expect(next.at).toBe(t0 + 40 + WINDOW + MARGIN);
  });

  it('frees a slot at once when the service did not count the call (a 429 answer, nothing sent)', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 120_000 });
    const slots = await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')));
    const next = track(clock, limiter.acquire(A, 'write'));
    await until(() => clock.pendingTimers() > 0);
    await limiter.settle(slots[3], false);
    await until(() => next.at !== undefined, 'the freed slot');
    expect(next.at).toBe(clock.now());
  });

  it('keeps groups and accounts apart: a full write window delays no read and no other account', async () => {
    const { limiter } = setup();
    await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')));
    expect(await limiter.acquire(A, 'content')).toBeDefined();
    expect(await limiter.acquire(B, 'write')).toBeDefined();
    expect(await limiter.acquire(A, 'inbox')).toBeUndefined(); // unlimited: no slot at all
  });

  it('admits queued calls in FIFO order, each as a slot frees', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 120_000 });
    const t0 = clock.now();
    const slots: Slot[] = [];
    for (let i = 0; i < 15; i++) {
      slots.push((await limiter.acquire(A, 'write'))!);
      await limiter.settle(slots[i], true);
      clock.advance(1000); // answered calls at t0, t0+1 s, ..., t0+14 s
    }
    const order: number[] = [];
    const at: number[] = [];
    const waiting = [0, 1, 2].map((i) => limiter.acquire(A, 'write').then(() => (order.push(i), at.push(clock.now()))));
    for (let i = 0; i < 3; i++) {
      await until(() => clock.pendingTimers() > 0, 'the head of the line to wait');
      clock.set(t0 + i * 1000 + WINDOW + MARGIN);
      await until(() => at.length === i + 1, `waiter ${i}`);
    }
    await Promise.all(waiting);
    expect(order).toEqual([0, 1, 2]);
    expect(at).toEqual([t0 + WINDOW + MARGIN, t0 + 1000 + WINDOW + MARGIN, t0 + 2000 + WINDOW + MARGIN]);
  });

  it('refuses at once, with the exact time to retry, a call whose wait exceeds its maximum wait', async () => {
    const { clock, limiter } = setup();
    const t0 = clock.now();
    await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')));
    const err = await expectClientError(limiter.acquire(A, 'write', { maxWaitMs: 45_000 }));
    expect(err.kind).toBe('queue_timeout');
    // Calls still in flight are estimated as answered now: the first frees a window (and the margin) later.
    expect(err.details.retryAfterMs).toBe(WINDOW + MARGIN);
    expect(err.message).toContain(`retry at ${new Date(t0 + WINDOW + MARGIN).toISOString()}`);
    expect(clock.now()).toBe(t0);
    // The same call with room to wait is queued instead.
    const patient = track(clock, limiter.acquire(A, 'write', { maxWaitMs: 90_000 }));
    await until(() => clock.pendingTimers() > 0);
    expect(patient.error).toBeUndefined();
  });

  it('counts the calls ahead in line when refusing: the n-th waiter gets the n-th free slot time', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 120_000 });
    const t0 = clock.now();
    for (let i = 0; i < 15; i++) {
      await limiter.settle(await limiter.acquire(A, 'write'), true);
      clock.advance(2000);
    }
    // Now t0 + 30 s: two callers wait for the slots of t0 and t0 + 2 s.
    void limiter.acquire(A, 'write').catch(() => {});
    void limiter.acquire(A, 'write').catch(() => {});
    await until(() => clock.pendingTimers() > 0);
    const err = await expectClientError(limiter.acquire(A, 'write', { maxWaitMs: 1000 }));
    expect(err.details.retryAfterMs).toBe(t0 + 4000 + WINDOW + MARGIN - clock.now());
  });

  it('an aborted waiter leaves the queue without spending the slot', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 120_000 });
    const slots = await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')));
    for (const s of slots) await limiter.settle(s, true);
    const t0 = clock.now();
    const abort = new AbortController();
    const gone = expectClientError(limiter.acquire(A, 'write', { signal: abort.signal }));
    const next = track(clock, limiter.acquire(A, 'write'));
    await until(() => clock.pendingTimers() > 0);
    abort.abort();
    expect((await gone).kind).toBe('cancelled');
    clock.set(t0 + WINDOW + MARGIN);
    await until(() => next.at !== undefined);
    expect(next.at).toBe(t0 + WINDOW + MARGIN);
    // The window aged out at once: exactly one of its 15 slots went (to the waiter that stayed).
    for (let i = 0; i < 14; i++) expect(await limiter.acquire(A, 'write', { maxWaitMs: 0 })).toBeDefined();
    expect((await expectClientError(limiter.acquire(A, 'write', { maxWaitMs: 0 }))).kind).toBe('queue_timeout');
  });

  it('reports progress on the clock while queued', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 120_000 });
    const t0 = clock.now();
    for (const s of await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')))) await limiter.settle(s, true);
    const progress: WaitProgress[] = [];
    const waiter = limiter.acquire(A, 'write', { onProgress: (p) => progress.push(p) });
    await until(() => progress.length === 1);
    expect(progress[0]).toMatchObject({ waitedMs: 0, etaMs: WINDOW + MARGIN });
    clock.advance(5000);
    clock.advance(5000);
    expect(progress.map((p) => p.waitedMs)).toEqual([0, 5000, 10_000]);
    expect(progress[2]!.message).toContain(`write per-minute limit of account ${A}`);
    clock.set(t0 + WINDOW + MARGIN);
    await waiter;
    // Reports at 0, 5, ..., 60 s; the slot frees at 60.01 s.
    expect(progress).toHaveLength(13);
  });

  it('reports progress at once, without a guessed time, when another process filled the window', async () => {
    // A gate shared with another process (Redis) knows nothing locally until it asks: its estimate is 0.
    const clock = new ManualClock('2026-03-02T10:00:00.000Z');
    const shared = new LocalSlotGate(clock, { marginMs: MARGIN });
    const seenFromHere: SlotGate = {
      tryAcquire: (key, params) => shared.tryAcquire(key, params),
      settle: (key, ticket, counted) => shared.settle(key, ticket, counted),
      holdFor: (key, ms) => shared.holdFor(key, ms),
      estimateWait: () => 0,
      close: () => shared.close(),
    };
    const limiter = new CallLimiter({ ...DEFAULT_LIMITER_OPTIONS, limits: PER_MINUTE_LIMITS, maxWaitMs: 120_000, gate: seenFromHere, clock });
    limiters.push(limiter);
    const params = { limit: PER_MINUTE_LIMITS.write!, windowMs: WINDOW };
    for (let i = 0; i < params.limit; i++) {
      const other = await shared.tryAcquire(`${A}:write`, params);
      if (other.granted) await shared.settle(`${A}:write`, other.ticket, true);
    }
    const progress: WaitProgress[] = [];
    const waiter = limiter.acquire(A, 'write', { onProgress: (p) => progress.push(p) });
    await until(() => progress.length === 1);
    expect(progress[0]).toEqual({
      message: `Waiting for the write per-minute limit of account ${A} (1 queued); waiting for a slot to free`,
      waitedMs: 0,
    });
    clock.advance(WINDOW + MARGIN);
    expect(await waiter).toBeDefined();
  });

  it('refuses at once when the bounded queue is full', async () => {
    const { clock, limiter } = setup({ maxWaitMs: 600_000, maxQueue: 2 });
    await Promise.all(Array.from({ length: 15 }, () => limiter.acquire(A, 'write')));
    void limiter.acquire(A, 'write').catch(() => {});
    void limiter.acquire(A, 'write').catch(() => {});
    await until(() => clock.pendingTimers() > 0);
    const err = await expectClientError(limiter.acquire(A, 'write'));
    expect(err.kind).toBe('queue_timeout');
    expect(err.message).toContain('Queue full (2 calls waiting)');
  });

  it('a per-minute 429 holds every call of the key for its Retry-After', async () => {
    const { clock, limiter } = setup();
    const t0 = clock.now();
    await limiter.hold(A, 'write', 7000);
    const next = track(clock, limiter.acquire(A, 'write'));
    await until(() => clock.pendingTimers() > 0);
    clock.set(t0 + 6999);
    await until(() => true);
    expect(next.at).toBeUndefined();
    clock.set(t0 + 7000);
    await until(() => next.at !== undefined);
    expect(next.at).toBe(t0 + 7000);
  });

  it('pace even spaces the starts windowMs/limit apart (opt-in)', async () => {
    const { clock, limiter } = setup({ pace: 'even', maxWaitMs: 120_000 });
    const t0 = clock.now();
    const times: number[] = [];
    const calls = Array.from({ length: 3 }, () => limiter.acquire(A, 'write').then(() => times.push(clock.now())));
    for (let i = 1; i < 3; i++) {
      await until(() => times.length === i && clock.pendingTimers() > 0, `call ${i} to wait`);
      clock.set(t0 + i * 4000);
    }
    await Promise.all(calls);
    expect(times).toEqual([t0, t0 + 4000, t0 + 8000]);
  });
});

describe('nthStart (the wait estimate)', () => {
  it('is the time the n-th next call finds a free slot', () => {
    const stamps = [0, 1000, 2000];
    expect(nthStart(stamps, 3, 60_000, 5000, 0, 0)).toBe(55_000);
    expect(nthStart(stamps, 3, 60_000, 5000, 0, 2)).toBe(57_000);
    // The fourth call in line needs the first waiter's own slot to age out.
    expect(nthStart(stamps, 3, 60_000, 5000, 0, 3)).toBe(115_000);
    expect(nthStart([], 3, 60_000, 5000, 9000, 0)).toBe(4000);
  });
});
