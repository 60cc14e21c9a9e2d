import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { QuotaRule } from '../../src/contract/index.js';
import { ACCOUNTS, maxInAnyWindow, startFakeService, type FakeService } from './fake-service.js';
import { sendConnect } from './endpoints.js';
import { clientFor } from './helpers.js';

/**
 * Needs a real redis-server: .ci/run starts one and sets OUTREACH_TEST_REDIS_URL.
 * Skipped only on a developer machine without it (never in CI).
 */
const redisUrl = process.env.OUTREACH_TEST_REDIS_URL;
const skip = !redisUrl && !process.env.CI;
if (!redisUrl && process.env.CI) throw new Error('CI must provide OUTREACH_TEST_REDIS_URL (see .ci/run)');

const rules: QuotaRule[] = [{ feature: 'CONNECT', window: 'daily', limit: 10_000, networkLimit: 10_000, capped: true }];

let fake: FakeService | undefined;
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await fake?.close();
  fake = undefined;
});

describe.skipIf(skip)('limiter state shared through Redis', () => {
  it('keeps two client instances within one account limit together', async () => {
    const windowMs = 2000;
    const limits = { write: 10, account: 100 };
    const prefix = `outreach-test:${process.pid}:${Date.now()}:`;
    fake = await startFakeService({ windowMs, limits, quotaRules: rules });
    const one = clientFor(fake, { windowMs, limits, redisUrl: redisUrl!, redisKeyPrefix: prefix, maxWaitMs: 20_000 });
    const two = clientFor(fake, { windowMs, limits, redisUrl: redisUrl!, redisKeyPrefix: prefix, maxWaitMs: 20_000 });
    closers.push(() => one.close(), () => two.close());
    const account = ACCOUNTS[0]!.id;

    await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? one : two).call(sendConnect, { accountId: account, profileId: `p${i}` })),
    );
    const log = fake.callsTo('B3', account);
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    expect(log).toHaveLength(24);
    expect(maxInAnyWindow(log.map((r) => r.at), windowMs)).toBeLessThanOrEqual(10);
    // Both instances took part, and together they still ran near the allowed rate.
    const times = log.map((r) => r.at);
    const perWindow = ((times.length - 1) / (Math.max(...times) - Math.min(...times))) * windowMs;
    expect(perWindow).toBeGreaterThanOrEqual(0.9 * 10);
    expect(one.stats().rateLimited + two.stats().rateLimited).toBe(0);

    const redis = new Redis(redisUrl!);
    closers.push(() => redis.quit());
    expect(await redis.keys(`${prefix}*`)).toContain(`${prefix}${account}:write`);
  });

  it('spaces a single instance against state another process left in Redis', async () => {
    const windowMs = 1000;
    const limits = { write: 5, account: 100 };
    const prefix = `outreach-test:${process.pid}:${Date.now()}:b:`;
    fake = await startFakeService({ windowMs, limits, quotaRules: rules });
    const account = ACCOUNTS[1]!.id;
    const redis = new Redis(redisUrl!);
    closers.push(() => redis.quit());
    // Another process just started a call: its theoretical arrival time is one interval ahead.
    const [sec, micro] = await redis.time();
    const now = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
    await redis.set(`${prefix}${account}:write`, String(now + 206), 'PX', 60_000);
    const client = clientFor(fake, { windowMs, limits, redisUrl: redisUrl!, redisKeyPrefix: prefix });
    closers.push(() => client.close());
    const t0 = performance.now();
    await client.call(sendConnect, { accountId: account, profileId: 'p' });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(150);
  });
});
