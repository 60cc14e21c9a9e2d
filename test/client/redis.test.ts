import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { endpointById } from '../../src/contract/index.js';
import { RedisSlotGate } from '../../src/client/slot-gate.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { systemClock } from '../../src/util/clock.js';
import { clientOn, closeSharedService, startHarness, type LiveHarness } from './live-service.js';

/**
 * Needs a real redis-server: .ci/run starts one and sets OUTREACH_TEST_REDIS_URL.
 * Skipped only on a developer machine without it (never in CI). Redis's own
 * clock decides, so these tests use the service's full minute and check what
 * is admitted and refused at one instant: nothing waits on wall time.
 */
const redisUrl = process.env.OUTREACH_TEST_REDIS_URL;
const skip = !redisUrl && !process.env.CI;
if (!redisUrl && process.env.CI) throw new Error('CI must provide OUTREACH_TEST_REDIS_URL (see .ci/run)');

const WRITE = { limit: 15, windowMs: 60_000 };
const closers: (() => Promise<unknown>)[] = [];
let h: LiveHarness | undefined;
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await h?.close();
  h = undefined;
});
afterAll(closeSharedService);

const prefixOf = (tag: string): string => `outreach-test:${process.pid}:${Date.now()}:${tag}:`;

function gate(prefix: string): RedisSlotGate {
  const g = new RedisSlotGate({ url: redisUrl!, keyPrefix: prefix });
  closers.push(() => g.close());
  return g;
}

describe.skipIf(skip)('the window shared through Redis', () => {
  it('two processes share one window: 15 admitted in all, the 16th told to wait for the oldest answered call', async () => {
    const prefix = prefixOf('share');
    const [one, two] = [gate(prefix), gate(prefix)];
    const key = 'a00000000000000000000001:write';
    const admissions = await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 ? one : two).tryAcquire(key, WRITE)));
    expect(admissions.every((a) => a.granted)).toBe(true);
    // Still in flight: the 16th is blocked by a call without an answer (it may free sooner than its bound).
    const blocked = await one.tryAcquire(key, WRITE);
    expect(blocked).toMatchObject({ granted: false, pending: true });
    for (const [i, a] of admissions.entries()) if (a.granted) await (i % 2 ? one : two).settle(key, a.ticket, true);
    const full = await two.tryAcquire(key, WRITE);
    expect(full.granted).toBe(false);
    if (full.granted) return;
    expect(full.pending).toBe(false);
    // A window (and the 10 ms margin) after the first answer, on Redis's clock.
    expect(full.waitMs).toBeGreaterThan(59_000);
    expect(full.waitMs).toBeLessThanOrEqual(60_010);
    // The local estimate (no I/O) agrees within the time the test took.
    expect(Math.abs(two.estimateWait(key, WRITE, 0) - full.waitMs)).toBeLessThan(1000);
  });

  it('a call the service did not count (429) frees its slot for every process at once', async () => {
    const prefix = prefixOf('free');
    const [one, two] = [gate(prefix), gate(prefix)];
    const key = 'a00000000000000000000002:write';
    const admissions = await Promise.all(Array.from({ length: 15 }, () => one.tryAcquire(key, WRITE)));
    expect((await two.tryAcquire(key, WRITE)).granted).toBe(false);
    const last = admissions[14]!;
    if (!last.granted) throw new Error('expected a slot');
    await one.settle(key, last.ticket, false);
    expect((await two.tryAcquire(key, WRITE)).granted).toBe(true);
    expect((await two.tryAcquire(key, WRITE)).granted).toBe(false);
  });

  it('a hold (Retry-After) set by one process stops the others', async () => {
    const prefix = prefixOf('hold');
    const [one, two] = [gate(prefix), gate(prefix)];
    const key = 'a00000000000000000000003:content';
    await one.holdFor(key, 30_000);
    const held = await two.tryAcquire(key, { limit: 30, windowMs: 60_000 });
    expect(held.granted).toBe(false);
    if (!held.granted) expect(held.waitMs).toBeGreaterThan(29_000);
  });

  it('two governed clients on the real service: 15 writes go at once, the rest are refused with the retry time, 0 service 429s', async () => {
    h = await startHarness();
    const prefix = prefixOf('clients');
    const account = DEMO_ACCOUNTS.businessPremium;
    // Real time for the clients: Redis's clock decides, and a call blocked by the other process's call in flight polls.
    const [one, two] = [0, 1].map(() => clientOn(h!, { redisUrl: redisUrl!, redisKeyPrefix: prefix, clock: systemClock }));
    closers.push(() => one!.close(), () => two!.close());
    const posts = h.live.service.deps.world().posts.filter((p) => p.visibility === 'PUBLIC').slice(0, 20);
    const react = endpointById('E3')!;
    const results = await Promise.allSettled(
      posts.map((p, i) => (i % 2 ? one! : two!).call(react, { accountId: account, postUrn: p.activityUrn, reactionType: 'LIKE' })),
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.reason.kind).toBe('queue_timeout');
      expect(r.reason.details.retryAfterMs).toBeGreaterThan(45_000);
    }
    expect(h.callsTo('E3').map((r) => r.status)).toEqual(Array(15).fill(200));
    expect(one!.stats().rateLimited + two!.stats().rateLimited).toBe(0);
    const redis = new Redis(redisUrl!);
    closers.push(() => redis.quit());
    expect(await redis.zcard(`${prefix}${account}:write`)).toBe(15);
  });
});
