import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/contract/index.js';
import { getAccountStatus } from '../../src/contract/endpoints/account.js';
import type { CacheOptions } from '../../src/client/index.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { expectClientError } from './expect-client-error.js';
import { liveHarnessPerTest, type LiveClient, type LiveHarness } from './live-service.js';

/** The response cache against the real embedded service; lifetimes come from the contract entries. */
const [a, b] = [DEMO_ACCOUNTS.salesNavigator, DEMO_ACCOUNTS.businessPremium];
const scrapePost = endpointById('E11')!;
const searchGeo = endpointById('G8')!;
const reactToPost = endpointById('E3')!;
const sendConnect = endpointById('B3')!;
const recentMessages = endpointById('D1')!;

const live = liveHarnessPerTest();

let postUrls: string[] = [];
let clock: LiveHarness['clock'];

async function setup(cache?: CacheOptions): Promise<{ fake: LiveHarness; client: LiveClient }> {
  const fake = await live.startProxy();
  clock = fake.clock;
  // A new day for each test: the quotas of the day before do not matter.
  clock.advance(86_400_000);
  const client = live.openClient(cache ? { cache } : {});
  const world = fake.live.service.deps.world();
  postUrls = world.posts.filter((p) => p.visibility === 'PUBLIC').map((p) => p.postUrl);
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
  });

  it('keys by the full input and gives each caller its own copy', async () => {
    const { fake, client } = await setup();
    const one = (await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! })) as { text: string };
    one.text = 'mutated by a caller';
    const again = (await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! })) as { text: string };
    expect(again.text).not.toBe('mutated by a caller');
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[2]! });
    expect(fake.callsTo('E11')).toHaveLength(2);
  });

  it('drops what a write changes: that account, that area, nothing else', async () => {
    const { fake, client } = await setup();
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! });
    await client.call(scrapePost, { accountId: b, postUrl: postUrls[1]! });
    await client.call(searchGeo, { accountId: a, keywords: 'Berlin' });
    const post = live.current().live.service.deps.world().posts.find((p) => p.visibility === 'PUBLIC')!;
    await client.call(reactToPost, { accountId: a, postUrn: post.activityUrn, reactionType: 'PRAISE' }); // posts area of account a

    await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! });
    await client.call(scrapePost, { accountId: b, postUrl: postUrls[1]! });
    await client.call(searchGeo, { accountId: a, keywords: 'Berlin' });
    expect(fake.callsTo('E11', a)).toHaveLength(2); // invalidated
    expect(fake.callsTo('E11', b)).toHaveLength(1); // other account kept
    expect(fake.callsTo('G8', a)).toHaveLength(1); // other area kept

    const person = live.current().live.service.deps.world().people[40]!;
    await client.call(sendConnect, { accountId: a, profileId: person.profileId }); // actions area: posts cache stays
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! });
    expect(fake.callsTo('E11', a)).toHaveLength(2);
  });

  it('never caches errors', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', { status: 404, body: { error: 'Post not found', success: false } });
    const err = await expectClientError(client.call(scrapePost, { accountId: a, postUrl: postUrls[3]! }));
    expect(err.kind).toBe('not_found');
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[3]! });
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
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! });
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[1]! });
    expect(fake.callsTo('E11')).toHaveLength(2);
  });

  it('stays within its size bound', async () => {
    // Room for about three scrape answers (each is its JSON plus 64 bytes of bookkeeping).
    const { fake, client: sizing } = await setup({ maxSizeBytes: 0 });
    const sizes = await Promise.all([0, 1, 2, 9].map(async (i) => Buffer.byteLength(JSON.stringify(await sizing.call(scrapePost, { accountId: a, postUrl: postUrls[i]! }))) + 64));
    await sizing.close();
    const client = live.openClient({ cache: { maxSizeBytes: Math.max(...sizes) * 3 } });
    const calls = (): number => fake.callsTo('E11').length;
    const before = calls();
    for (let i = 0; i < 10; i++) await client.call(scrapePost, { accountId: a, postUrl: postUrls[i]! });
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[9]! }); // most recent: kept
    expect(calls() - before).toBe(10);
    await client.call(scrapePost, { accountId: a, postUrl: postUrls[0]! }); // evicted long ago
    expect(calls() - before).toBe(11);
  });
});
