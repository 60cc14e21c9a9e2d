import { afterEach, describe, expect, it } from 'vitest';
import type { QuotaRule } from '../../src/contract/index.js';
import { getAccountStatus } from '../../src/contract/endpoints/account.js';
import { ManualClock } from '../../src/util/clock.js';
import { ACCOUNTS, startFakeService, type FakeService } from './fake-service.js';
import { reactToPost, recentMessages, scrapePost, searchGeo, sendConnect } from './endpoints.js';
import { clientFor, expectClientError } from './helpers.js';

const rules: QuotaRule[] = [
  { feature: 'REACT', window: 'daily', limit: 100, networkLimit: 200, capped: true },
  { feature: 'CONNECT', window: 'daily', limit: 100, networkLimit: 200, capped: true },
];
const [a, b] = [ACCOUNTS[0]!.id, ACCOUNTS[1]!.id];
const HOUR = 3_600_000;

let fake: FakeService | undefined;
let client: ReturnType<typeof clientFor> | undefined;
let clock: ManualClock;
afterEach(async () => {
  await client?.close();
  await fake?.close();
  client = undefined;
  fake = undefined;
});

async function setup(cache?: Parameters<typeof clientFor>[1]['cache']): Promise<{ fake: FakeService; client: ReturnType<typeof clientFor> }> {
  clock = new ManualClock('2026-01-05T10:00:00.000Z');
  const limits = { write: 100, content: 100, account: 100, search: 100 };
  fake = await startFakeService({ clock, quotaRules: rules, windowMs: 1000, limits });
  client = clientFor(fake, { clock, windowMs: 1000, limits, ...(cache ? { cache } : {}) });
  return { fake, client };
}

describe('response cache', () => {
  it('keeps account status only the 30 s of safe reads (its state changes; the service caches networkPlan), keyed by account', async () => {
    const { fake, client } = await setup();
    expect(getAccountStatus.cache).toBeUndefined();
    const first = await client.call(getAccountStatus, { accountId: a });
    expect(await client.call(getAccountStatus, { accountId: a })).toEqual(first);
    expect(fake.callsTo('A2', a)).toHaveLength(1);
    await client.call(getAccountStatus, { accountId: b });
    expect(fake.callsTo('A2', b)).toHaveLength(1);

    clock.advance(30_000 - 1);
    await client.call(getAccountStatus, { accountId: a });
    expect(fake.callsTo('A2', a)).toHaveLength(1);
    clock.advance(2); // past 30 s
    await client.call(getAccountStatus, { accountId: a });
    expect(fake.callsTo('A2', a)).toHaveLength(2);
    expect(client.stats()).toMatchObject({ cacheHits: 2, cacheMisses: 3 });
    void HOUR;
  });

  it('keys by the full input and gives each caller its own copy', async () => {
    const { fake, client } = await setup();
    const one = (await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' })) as { text: string };
    one.text = 'mutated by a caller';
    const again = (await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' })) as { text: string };
    expect(again.text).not.toBe('mutated by a caller');
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/2' });
    expect(fake.callsTo('E11')).toHaveLength(2);
  });

  it('drops what a write changes: that account, that area, nothing else', async () => {
    const { fake, client } = await setup();
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' });
    await client.call(scrapePost, { accountId: b, postUrl: 'https://n.example/p/1' });
    await client.call(searchGeo, { accountId: a, keywords: 'Berlin' });
    await client.call(reactToPost, { accountId: a, postUrn: 'urn:1', reactionType: 'PRAISE' }); // posts area of account a

    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' });
    await client.call(scrapePost, { accountId: b, postUrl: 'https://n.example/p/1' });
    await client.call(searchGeo, { accountId: a, keywords: 'Berlin' });
    expect(fake.callsTo('E11', a)).toHaveLength(2); // invalidated
    expect(fake.callsTo('E11', b)).toHaveLength(1); // other account kept
    expect(fake.callsTo('G8', a)).toHaveLength(1); // other area kept

    await client.call(sendConnect, { accountId: a, profileId: 'x' }); // actions area: posts cache stays
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' });
    expect(fake.callsTo('E11', a)).toHaveLength(2);
  });

  it('never caches errors', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', { status: 404, body: { error: 'Post not found', success: false } });
    const err = await expectClientError(client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/gone' }));
    expect(err.kind).toBe('not_found');
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/gone' });
    expect(fake.callsTo('E11').map((r) => r.status)).toEqual([404, 200]);
  });

  it('uses short TTLs for other safe reads, none for inbox reads, and honours overrides', async () => {
    const { fake, client } = await setup({ defaultTtlMs: 5_000, ttlMsByEndpoint: { E11: 0 } });
    await client.call(searchGeo, { accountId: a, keywords: 'Paris' });
    await client.call(searchGeo, { accountId: a, keywords: 'Paris' });
    expect(fake.callsTo('G8')).toHaveLength(1); // geo: 24 h by default
    await client.call(recentMessages, { accountId: a });
    await client.call(recentMessages, { accountId: a });
    expect(fake.callsTo('D1')).toHaveLength(2);
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' });
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/1' });
    expect(fake.callsTo('E11')).toHaveLength(2);
  });

  it('stays within its size bound', async () => {
    const { fake, client } = await setup({ maxSizeBytes: 1_000 });
    for (let i = 0; i < 10; i++) await client.call(scrapePost, { accountId: a, postUrl: `https://n.example/p/${i}` });
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/0' }); // evicted long ago
    await client.call(scrapePost, { accountId: a, postUrl: 'https://n.example/p/9' }); // most recent: kept
    expect(fake.callsTo('E11')).toHaveLength(11);
  });
});
