import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountIdOptional, endpoint, type QuotaRule } from '../../src/contract/index.js';
import { ManualClock } from '../../src/util/clock.js';
import { ACCOUNTS, startFakeService, type FakeService } from './fake-service.js';
import { TEST_ENDPOINTS, reactToPost, sendConnect } from './endpoints.js';
import { clientFor, expectClientError } from './helpers.js';

const salesNavSearch = endpoint({
  id: 'C1',
  tool: 'search_people_sales_nav',
  title: 'Sales-navigation people search',
  method: 'POST',
  path: '/search/people',
  group: 'search',
  quota: ['SALES_NAV_SEARCH'],
  toolset: 'salesnav',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  description: 'test entry',
  input: z.object({ accountId: AccountIdOptional, url: z.string() }),
  output: z.object({ success: z.boolean() }),
});

const rules: QuotaRule[] = [
  { feature: 'CONNECT', window: 'daily', limit: 3, networkLimit: 100, capped: true },
  { feature: 'CONNECT', window: 'weekly', limit: 5, networkLimit: 200, capped: true },
  { feature: 'REACT', window: 'daily', limit: 10, networkLimit: 200, capped: true },
  { feature: 'SALES_NAV_SEARCH', window: 'daily', limit: 1, networkLimit: 1000, capped: false },
];

const account = ACCOUNTS[0]!.id;
let fake: FakeService | undefined;
let client: ReturnType<typeof clientFor> | undefined;
let clock: ManualClock;

async function setup(): Promise<{ fake: FakeService; client: ReturnType<typeof clientFor> }> {
  clock = new ManualClock('2026-01-05T10:00:00.000Z'); // a Monday
  fake = await startFakeService({ clock, quotaRules: rules, windowMs: 1000, limits: { write: 100, search: 100, account: 100 }, endpoints: [...TEST_ENDPOINTS, salesNavSearch] });
  client = clientFor(fake, { clock, windowMs: 1000, limits: { write: 100, search: 100, account: 100 } });
  return { fake, client };
}

afterEach(async () => {
  await client?.close();
  await fake?.close();
  client = undefined;
  fake = undefined;
});

const quotaReads = (f: FakeService): number => f.requests.filter((r) => r.path.endsWith('/quota')).length;

describe('quota guard', () => {
  it('refuses call limit+1 without sending it, and lets calls through after the reset', async () => {
    const { fake, client } = await setup();
    for (let i = 0; i < 3; i++) await client.call(sendConnect, { accountId: account, profileId: `p${i}` });
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: 'p3' }));
    expect(err.kind).toBe('local_quota');
    expect(err.details).toMatchObject({ feature: 'CONNECT', window: 'daily', limit: 3, resetAt: '2026-01-06T00:00:00.000Z' });
    expect(err.message).toBe(
      'Daily quota for CONNECT reached on account aaaaaaaaaaaaaaaaaaaaaaaa: 3 of 3 used, limit 3. ' +
        'It resets at 2026-01-06T00:00:00.000Z (in 14 h). Nothing was sent.',
    );
    expect(fake.callsTo('B3')).toHaveLength(3);
    expect(quotaReads(fake)).toBe(1);
    expect(client.stats().localQuotaRefusals).toBe(1);

    clock.set('2026-01-06T00:00:01.000Z');
    await client.call(sendConnect, { accountId: account, profileId: 'p4' });
    expect(fake.callsTo('B3')).toHaveLength(4);
    expect(quotaReads(fake)).toBe(2); // the passed resetAt made it read the report again
  });

  it('names the weekly window when the weekly quota is the one reached', async () => {
    const { fake, client } = await setup();
    for (let i = 0; i < 3; i++) await client.call(sendConnect, { accountId: account, profileId: `mon${i}` });
    clock.set('2026-01-06T09:00:00.000Z');
    for (let i = 0; i < 2; i++) await client.call(sendConnect, { accountId: account, profileId: `tue${i}` });
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: 'tue2' }));
    expect(err.kind).toBe('local_quota');
    expect(err.details).toMatchObject({ feature: 'CONNECT', window: 'weekly', limit: 5, resetAt: '2026-01-12T00:00:00.000Z' });
    expect(err.message).toContain('Weekly quota for CONNECT');
    expect(fake.callsTo('B3')).toHaveLength(5);
  });

  it('admits only the remaining units when calls race', async () => {
    const { fake, client } = await setup();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => client.call(sendConnect, { accountId: account, profileId: `r${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.kind)).toEqual(['local_quota', 'local_quota']);
    expect(fake.callsTo('B3')).toHaveLength(3);
  });

  it('never refuses a counted but uncapped feature', async () => {
    const { fake, client } = await setup();
    for (let i = 0; i < 3; i++) await client.call(salesNavSearch, { accountId: account, url: 'https://network.example/sales/search/people?q=1' });
    expect(fake.callsTo('C1')).toHaveLength(3);
  });

  it('does not retry a quota 429 from the service and re-reads the report before the next call', async () => {
    const { fake, client } = await setup();
    await client.call(reactToPost, { accountId: account, postUrn: 'urn:1', reactionType: 'LIKE' });
    fake.setUsed(account, 'REACT', 10); // spent elsewhere (the service's own runs)
    const err = await expectClientError(client.call(reactToPost, { accountId: account, postUrn: 'urn:2', reactionType: 'LIKE' }));
    expect(err.kind).toBe('quota');
    expect(err.details.status).toBe(429);
    expect(err.message).toBe('Daily quota exceeded for REACT: 10/10 used. Resets at 2026-01-06T00:00:00.000Z');
    expect(err.details.resetAt).toBe('2026-01-06T00:00:00.000Z');
    expect(fake.callsTo('E3')).toHaveLength(2);

    const local = await expectClientError(client.call(reactToPost, { accountId: account, postUrn: 'urn:3', reactionType: 'LIKE' }));
    expect(local.kind).toBe('local_quota');
    expect(fake.callsTo('E3')).toHaveLength(2);
    expect(quotaReads(fake)).toBe(2);
  });

  it('quota() returns the report and refreshes the guard', async () => {
    const { fake, client } = await setup();
    fake.setUsed(account, 'CONNECT', 3);
    const report = await client.quota(account);
    expect(report.accountId).toBe(account);
    expect(report.quotas.find((q) => q.feature === 'CONNECT' && q.window === 'daily')).toMatchObject({ used: 3, limit: 3, remaining: 0 });
    const err = await expectClientError(client.call(sendConnect, { accountId: account, profileId: 'x' }));
    expect(err.kind).toBe('local_quota');
    expect(fake.callsTo('B3')).toHaveLength(0);
  });
});
