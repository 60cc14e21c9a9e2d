import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/contract/index.js';
import { createClient } from '../../src/client/index.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { expectClientError } from './expect-client-error.js';
import { liveHarnessPerTest, quietLogger, until } from './live-service.js';

/** Retries through the limiter, against the real embedded service with scripted failures in front of it. */
const account = DEMO_ACCOUNTS.businessPremium;
const scrapePost = endpointById('E11')!;
const sendConnect = endpointById('B3')!;
const perMinute429 = {
  status: 429,
  body: { error: 'Rate limit exceeded: 30 calls per minute for content endpoints. Retry after 1 seconds.', success: false },
  headers: { 'retry-after': '1', 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1767607201' },
};

const { start: setup, current } = liveHarnessPerTest({ cache: { maxSizeBytes: 0 } });

let nextPerson = 100;
/** A person not yet invited by this account (each test invites its own). */
const someone = (): string => current().live.service.deps.world().people[nextPerson++]!.profileId;
const postUrl = (i: number): string => current().live.service.deps.world().posts.filter((p) => p.visibility === 'PUBLIC')[i]!.postUrl;

describe('per-minute 429', () => {
  it('retries a read after Retry-After, through the limiter: every call of that account and group holds off', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', perMinute429);
    const t0 = fake.clock.now();
    const first = client.call(scrapePost, { accountId: account, postUrl: postUrl(0) });
    await until(() => fake.callsTo('E11').length === 1 && fake.callsTo('E11')[0]!.status === 429 && fake.clock.pendingTimers() > 0, 'the 429');
    // A call started after the 429 holds off too, though the window has room.
    const second = client.call(scrapePost, { accountId: account, postUrl: postUrl(1) });
    await until(() => fake.clock.pendingTimers() > 1, 'the second call to wait');
    fake.clock.advance(999);
    expect(fake.callsTo('E11')).toHaveLength(1);
    fake.clock.advance(1);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ text: expect.any(String) });
    expect(b).toMatchObject({ text: expect.any(String) });
    const log = fake.callsTo('E11');
    expect(log.map((r) => r.status)).toEqual([429, 200, 200]);
    expect(log.map((r) => r.at)).toEqual([t0, t0 + 1000, t0 + 1000]);
    expect(client.stats()).toMatchObject({ rateLimited: 1, retries: 1 });
  });

  it('gives up after the bounded number of retries with the retry hint', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', perMinute429, perMinute429, perMinute429);
    const pending = expectClientError(client.call(scrapePost, { accountId: account, postUrl: postUrl(2) }));
    for (let i = 1; i <= 2; i++) {
      await until(() => fake.callsTo('E11').length === i && fake.clock.pendingTimers() > 0, `429 number ${i}`);
      fake.clock.advance(1000);
    }
    const err = await pending;
    expect(err.kind).toBe('rate_limit');
    expect(err.details).toMatchObject({ status: 429, retryAfterMs: 1000 });
    expect(err.message).toBe(perMinute429.body.error);
    expect(fake.callsTo('E11')).toHaveLength(3); // first try + maxRetries (2)
  });

  it('retries a write after a per-minute 429 (it provably did not land) with the same idempotency key', async () => {
    const { fake, client } = await setup();
    fake.failNext('B3', perMinute429);
    const sent = client.call(sendConnect, { accountId: account, profileId: someone() });
    await until(() => fake.callsTo('B3').length === 1 && fake.clock.pendingTimers() > 0, 'the 429');
    fake.clock.advance(1000);
    await sent;
    const log = fake.callsTo('B3');
    expect(log.map((r) => r.status)).toEqual([429, 200]);
    expect(log[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(log[1]!.idempotencyKey).toBe(log[0]!.idempotencyKey);
  });
});

describe('writes that may have landed', () => {
  it('does not retry a write that got a 500 without an idempotency key when the service does not dedupe', async () => {
    const { fake, client } = await setup({ idempotentRetries: false });
    fake.failNext('B3', { status: 500, body: { error: 'Internal server error', success: false } });
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: someone() }));
    expect(err.kind).toBe('server');
    expect(err.details.status).toBe(500);
    expect(err.details.mayHaveLanded).toBe(true);
    expect(err.message).toMatch(/^Internal server error \(the action may have been performed/);
    expect(fake.callsTo('B3')).toHaveLength(1);
  });

  it('does not retry a write whose connection was lost without an idempotency key when the service does not dedupe', async () => {
    const { fake, client } = await setup({ idempotentRetries: false });
    fake.failNext('B3', { destroy: true });
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: someone() }));
    expect(err.kind).toBe('network');
    expect(err.details.mayHaveLanded).toBe(true);
    expect(fake.callsTo('B3')).toHaveLength(1);
  });

  it('retries a keyed write after a 500 and after a lost connection, with the same key', async () => {
    const { fake, client } = await setup();
    fake.failNext('B3', { status: 500 }, { destroy: true });
    const result = await client.call(sendConnect, { accountId: account, profileId: someone() }, { idempotencyKey: 'connect-p-once' });
    expect(result).toMatchObject({ success: true });
    const log = fake.callsTo('B3');
    expect(log.map((r) => r.status)).toEqual([500, -1, 200]);
    expect(log.map((r) => r.idempotencyKey)).toEqual(['connect-p-once', 'connect-p-once', 'connect-p-once']);
  });

  it('by default retries a write after a lost connection with its own key, the same on every attempt', async () => {
    const { fake, client } = await setup();
    fake.failNext('B3', { destroy: true });
    const result = await client.call(sendConnect, { accountId: account, profileId: someone() });
    expect(result).toMatchObject({ success: true });
    const keys = fake.callsTo('B3').map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('retries a read after a 500', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', { status: 500 });
    await client.call(scrapePost, { accountId: account, postUrl: postUrl(3) });
    expect(fake.callsTo('E11').map((r) => r.status)).toEqual([500, 200]);
    expect(fake.callsTo('E11')[0]!.idempotencyKey).toBeUndefined();
  });

  it('retries a write whose connection was refused (nothing was sent), then reports it did not land', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', logger: quietLogger, retryBackoffMs: 5 });
    const unmeteredWrite = { ...sendConnect, id: 'X-test', quota: [] };
    try {
      const err = await expectClientError(c.call(unmeteredWrite, { accountId: account, profileId: 'someone' }));
      expect(err.kind).toBe('network');
      expect(err.details.mayHaveLanded).toBe(false);
      expect(err.message).toContain('ECONNREFUSED');
      expect(c.stats().retries).toBe(2);
    } finally {
      await c.close();
    }
  });
});
