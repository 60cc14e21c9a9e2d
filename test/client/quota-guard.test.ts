import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/contract/index.js';
import type { QuotaReport } from '../../src/contract/resources/quota.js';
import { QuotaGuard } from '../../src/client/quota-guard.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { ManualClock } from '../../src/util/clock.js';
import { expectClientError } from './expect-client-error.js';
import { liveHarnessPerTest, type LiveClient, type LiveHarness } from './live-service.js';

/**
 * The quota guard against the real embedded service and the contract's real
 * rules (REACT: 100 a day; CONNECT: 25 a day, 100 a week). The shared
 * service's clock starts Monday 2026-01-05 09:00 UTC and only moves forward;
 * each test uses its own account or moves to a new day.
 */
const react = endpointById('E3')!;
const live = liveHarnessPerTest({ maxWaitMs: 0 });

async function setup(): Promise<{ h: LiveHarness; client: LiveClient; posts: string[] }> {
  const { fake: h, client } = await live.start();
  const posts = h.live.service.deps.world().posts.filter((p) => p.visibility === 'PUBLIC').map((p) => p.activityUrn);
  return { h, client, posts };
}

/** Units spent outside this client (the service's own runs, another client). */
function spendElsewhere(h: LiveHarness, account: string, feature: string, n: number): void {
  for (let i = 0; i < n; i++) h.live.service.governor.recordUsage(account, feature, 'service');
}

describe('quota guard on the real service', () => {
  it('reads the report once, keeps it current from its own calls, and refuses limit+1 without sending it', async () => {
    const { h, client, posts } = await setup();
    const account = DEMO_ACCOUNTS.salesNavigator;
    spendElsewhere(h, account, 'REACT', 97);
    for (let i = 0; i < 3; i++) await client.call(react, { accountId: account, postUrn: posts[i]!, reactionType: 'LIKE' });
    expect(h.callsTo('A7')).toHaveLength(1); // one read, then counted locally
    const err = await expectClientError(client.call(react, { accountId: account, postUrn: posts[3]!, reactionType: 'LIKE' }));
    expect(err.kind).toBe('local_quota');
    expect(err.details).toMatchObject({ feature: 'REACT', window: 'daily', limit: 100, resetAt: '2026-01-06T00:00:00.000Z' });
    expect(err.message).toContain('100 of 100 used');
    expect(h.callsTo('E3')).toHaveLength(3);
    // The local count is the service's.
    expect((await client.quota(account)).quotas.find((q) => q.feature === 'REACT')).toMatchObject({ used: 100, remaining: 0 });

    // At resetAt the guard reads the report again, and the call goes.
    h.clock.set('2026-01-06T00:00:00.000Z');
    await client.call(react, { accountId: account, postUrn: posts[4]!, reactionType: 'LIKE' });
    expect(h.callsTo('A7')).toHaveLength(3);
    expect(h.callsTo('E3')).toHaveLength(4);
  });

  it('admits only the remaining units when calls race', async () => {
    const { h, client, posts } = await setup();
    const account = DEMO_ACCOUNTS.businessPremium;
    await client.quota(account);
    const used = (await client.quota(account)).quotas.find((q) => q.feature === 'REACT')!.used;
    spendElsewhere(h, account, 'REACT', 98 - used);
    await client.quota(account);
    const results = await Promise.allSettled(posts.slice(10, 15).map((postUrn) => client.call(react, { accountId: account, postUrn, reactionType: 'LIKE' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.kind)).toEqual(Array(3).fill('local_quota'));
    expect(h.callsTo('E3')).toHaveLength(2);
  });

  it('does not retry a quota 429 from the service, and reads the report again before the next call', async () => {
    const { h, client, posts } = await setup();
    const account = DEMO_ACCOUNTS.recruiter;
    await client.call(react, { accountId: account, postUrn: posts[20]!, reactionType: 'LIKE' });
    const used = (await client.quota(account)).quotas.find((q) => q.feature === 'REACT')!.used;
    spendElsewhere(h, account, 'REACT', 100 - used); // the guard does not know
    const reads = h.callsTo('A7').length;
    const err = await expectClientError(client.call(react, { accountId: account, postUrn: posts[21]!, reactionType: 'LIKE' }));
    expect(err.kind).toBe('quota');
    expect(err.details.status).toBe(429);
    expect(err.message).toContain('Daily quota exceeded for REACT');
    expect(h.callsTo('E3').map((r) => r.status)).toEqual([200, 429]);

    const local = await expectClientError(client.call(react, { accountId: account, postUrn: posts[22]!, reactionType: 'LIKE' }));
    expect(local.kind).toBe('local_quota');
    expect(h.callsTo('E3')).toHaveLength(2);
    expect(h.callsTo('A7')).toHaveLength(reads + 1);
  });

  it('names the weekly window when the weekly quota is the one reached', async () => {
    const { h, client } = await setup();
    const account = DEMO_ACCOUNTS.free;
    // 25 a day from Tuesday to Friday fill the week's 100; Saturday's daily quota is untouched.
    for (const day of ['2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']) {
      if (h.clock.now() < Date.parse(`${day}T10:00:00.000Z`)) h.clock.set(`${day}T10:00:00.000Z`);
      spendElsewhere(h, account, 'CONNECT', 25);
    }
    h.clock.set('2026-01-10T10:00:00.000Z');
    const err = await expectClientError(client.call(endpointById('B3')!, { accountId: account, profileId: 'someone' }));
    expect(err.kind).toBe('local_quota');
    expect(err.details).toMatchObject({ feature: 'CONNECT', window: 'weekly', limit: 100, resetAt: '2026-01-12T00:00:00.000Z' });
    expect(err.message).toMatch(/^Weekly quota for CONNECT reached/);
    expect(h.callsTo('B3')).toHaveLength(0);
  });
});

describe('quota guard rules', () => {
  const clock = new ManualClock('2026-01-05T10:00:00.000Z');
  const report = (feature: string, used: number, limit: number): QuotaReport =>
    ({
      accountId: 'a00000000000000000000001',
      quotas: [{ feature, window: 'daily', used, limit, remaining: Math.max(0, limit - used), resetAt: '2026-01-06T00:00:00.000Z', limitReached: false }],
    }) as unknown as QuotaReport;

  it('never refuses a counted but uncapped feature (sales-navigation searches)', () => {
    const guard = new QuotaGuard(clock);
    guard.update(report('SALES_NAV_SEARCH', 1000, 1000));
    expect(() => guard.reserve('a00000000000000000000001', ['SALES_NAV_SEARCH']).commit()).not.toThrow();
  });

  it('needs a fresh report at resetAt and after forget()', () => {
    const guard = new QuotaGuard(clock);
    guard.update(report('REACT', 1, 100));
    expect(guard.needsRefresh('a00000000000000000000001', ['REACT'])).toBe(false);
    guard.forget('a00000000000000000000001');
    expect(guard.needsRefresh('a00000000000000000000001', ['REACT'])).toBe(true);
  });
});
