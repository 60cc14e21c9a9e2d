import { afterEach, describe, expect, it } from 'vitest';
import type { QuotaRule } from '../../src/contract/index.js';
import type { WaitProgress } from '../../src/client/index.js';
import { ACCOUNTS, maxInAnyWindow, startFakeService, type FakeService } from './fake-service.js';
import { sendConnect, scrapePost } from './endpoints.js';
import { clientFor, expectClientError } from './helpers.js';

const roomyQuotas: QuotaRule[] = [{ feature: 'CONNECT', window: 'daily', limit: 100_000, networkLimit: 100_000, capped: true }];

let fake: FakeService | undefined;
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await fake?.close();
  fake = undefined;
});

describe('per-minute governance', () => {
  it('queues a burst of 200 writes over 4 accounts: zero 429s, at least 95 % of the allowed rate', async () => {
    // The minute scaled to 2 s: 15 writes per 2 s per account, ~7 s in all.
    const windowMs = 2000;
    fake = await startFakeService({ windowMs, limits: { write: 15 }, quotaRules: roomyQuotas });
    const client = clientFor(fake, { windowMs, limits: { write: 15 }, maxWaitMs: 20_000 });
    clients.push(client);
    // What an agent's session does first anyway: read each account's quotas (opens the connections).
    await Promise.all(ACCOUNTS.map((a) => client.quota(a.id)));

    const calls = Array.from({ length: 200 }, (_, i) =>
      client.call(sendConnect, { accountId: ACCOUNTS[i % 4]!.id, profileId: `p-${i}` }),
    );
    const results = await Promise.all(calls);
    expect(results).toHaveLength(200);

    const timeline = (id: string): string =>
      fake!.requests.filter((r) => r.account === id).slice(0, 20).map((r) => `${r.at.toFixed(1)}:${r.endpointId ?? 'A7'}:${r.status}`).join(' ');
    const rejected = fake.requests.filter((r) => r.status === 429);
    expect(rejected, rejected.length ? timeline(rejected[0]!.account!) : '').toEqual([]);
    for (const account of ACCOUNTS) {
      const times = fake.callsTo('B3', account.id).map((r) => r.at);
      expect(times).toHaveLength(50);
      expect(maxInAnyWindow(times, windowMs)).toBeLessThanOrEqual(15);
      const perWindow = ((times.length - 1) / (Math.max(...times) - Math.min(...times))) * windowMs;
      expect(perWindow).toBeGreaterThanOrEqual(0.95 * 15);
      expect(perWindow).toBeLessThanOrEqual(15);
    }
    expect(client.stats().rateLimited).toBe(0);
  });

  it('keeps groups and accounts apart: a queue of writes does not delay a read', async () => {
    fake = await startFakeService({ windowMs: 2000, limits: { write: 2 }, quotaRules: roomyQuotas });
    const client = clientFor(fake, { windowMs: 2000, limits: { write: 2 } });
    clients.push(client);
    const account = ACCOUNTS[0]!.id;
    await client.call(sendConnect, { accountId: account, profileId: 'warm' });
    const queuedWrite = client.call(sendConnect, { accountId: account, profileId: 'x' });
    const t0 = performance.now();
    await client.call(scrapePost, { accountId: account, postUrl: 'https://network.example/p/1' });
    expect(performance.now() - t0).toBeLessThan(500);
    await queuedWrite;
  });
});

describe('a queued call', () => {
  async function setup(): Promise<{ client: ReturnType<typeof clientFor>; account: string }> {
    // One write per 2 s: the second call waits ~2 s.
    fake = await startFakeService({ windowMs: 2000, limits: { write: 1 }, quotaRules: roomyQuotas });
    const client = clientFor(fake, { windowMs: 2000, limits: { write: 1 }, progressIntervalMs: 100 });
    clients.push(client);
    const account = ACCOUNTS[1]!.id;
    await client.call(sendConnect, { accountId: account, profileId: 'first' });
    return { client, account };
  }

  it('reports progress while it waits', async () => {
    const { client, account } = await setup();
    const progress: WaitProgress[] = [];
    await client.call(sendConnect, { accountId: account, profileId: 'second' }, { onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress[0]!.etaMs).toBeGreaterThan(1000);
    expect(progress[0]!.message).toContain(`write per-minute limit of account ${account}`);
    const waited = progress.map((p) => p.waitedMs);
    expect(waited).toEqual([...waited].sort((a, b) => a - b));
  });

  it('leaves the queue when its caller aborts, without spending the slot', async () => {
    const { client, account } = await setup();
    const controller = new AbortController();
    const t0 = performance.now();
    const aborted = client.call(sendConnect, { accountId: account, profileId: 'aborted' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const err = await expectClientError(aborted);
    expect(err.kind).toBe('cancelled');
    expect(performance.now() - t0).toBeLessThan(600);

    // The next call gets the slot the aborted one would have had (~2 s after the first), not the one after.
    const next = performance.now();
    await client.call(sendConnect, { accountId: account, profileId: 'next' });
    const total = performance.now() - t0;
    expect(total).toBeLessThan(2600);
    expect(performance.now() - next).toBeGreaterThan(800);
    expect(fake!.callsTo('B3', account).map((r) => (r.body as { profileId: string }).profileId)).toEqual(['first', 'next']);
  });

  it('fails fast with queue_timeout and a retry hint when the wait exceeds maxWaitMs', async () => {
    const { client, account } = await setup();
    const t0 = performance.now();
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: 'late' }, { maxWaitMs: 500 }));
    expect(performance.now() - t0).toBeLessThan(100);
    expect(err.kind).toBe('queue_timeout');
    expect(err.details.retryAfterMs).toBeGreaterThan(1000);
    expect(err.details.retryAfterMs).toBeLessThanOrEqual(2100);
    expect(err.message).toMatch(/Nothing was sent; retry in \d s \(after \d{4}-\d\d-\d\dT/);
    expect(fake!.callsTo('B3', account)).toHaveLength(1);
  });

  it('refuses at once when the bounded queue is full', async () => {
    fake = await startFakeService({ windowMs: 2000, limits: { write: 1 }, quotaRules: roomyQuotas });
    const client = clientFor(fake, { windowMs: 2000, limits: { write: 1 }, maxQueue: 2, maxWaitMs: 60_000 });
    clients.push(client);
    const account = ACCOUNTS[2]!.id;
    const controller = new AbortController();
    const pending = [0, 1, 2].map((i) =>
      client.call(sendConnect, { accountId: account, profileId: `q${i}` }, { signal: controller.signal }).catch((e: unknown) => e),
    );
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: 'overflow' }));
    expect(err.kind).toBe('queue_timeout');
    expect(err.message).toMatch(/Queue full|Too many calls queued/);
    controller.abort();
    await Promise.all(pending);
  });
});
