import { describe, expect, it } from 'vitest';
import { endpointById, endpointByRole } from '../../src/contract/index.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { liveHarnessPerTest, until } from './live-service.js';

/**
 * The client's own bookkeeping (quota report, accounts list) against the real
 * embedded service: never metered, never queued behind an account's calls.
 */
const ACCOUNT = DEMO_ACCOUNTS.recruiter;
const live = liveHarnessPerTest();

describe('bookkeeping never queues', () => {
  it('quota and accounts reads answer at once while the account group of that account is full and calls wait', async () => {
    const { fake: h, client } = await live.start({ maxWaitMs: 120_000 });
    const history = endpointById('A5')!;
    // Distinct inputs, so no answer comes from the client's cache.
    const page = (i: number) => client.call(history, { accountId: ACCOUNT, count: i + 1 });
    // The account group's 10 calls of this minute, then 3 more that must wait for the window.
    await Promise.all(Array.from({ length: 10 }, (_, i) => page(i)));
    const outcomes: string[] = [];
    const queued = Array.from({ length: 3 }, (_, i) =>
      page(10 + i).then(
        () => outcomes.push('ok'),
        (err: Error) => outcomes.push(err.message),
      ),
    );
    await until(() => h.clock.pendingTimers() > 0 || outcomes.length > 0, 'the 11th call to queue');
    expect(outcomes).toEqual([]);
    const before = h.callsTo('A5').length;

    const t0 = h.clock.now();
    const report = await client.quota(ACCOUNT);
    const viaTable = (await client.call(endpointByRole('quotaReport'), { accountId: ACCOUNT })) as typeof report;
    const accounts = await client.accounts({ fresh: true });
    expect(h.clock.now()).toBe(t0); // no time passed: nothing waited for the window
    expect(report.accountId).toBe(ACCOUNT);
    expect(viaTable.quotas).toEqual(report.quotas);
    expect(accounts.map((a) => a.id)).toContain(ACCOUNT);
    expect(h.callsTo('A7').length).toBeGreaterThanOrEqual(2);
    expect(h.callsTo('X1').length).toBeGreaterThanOrEqual(1);
    // The queued calls are still waiting: the reads did not jump them by taking slots of the group.
    expect(h.callsTo('A5')).toHaveLength(before);
    expect(client.stats().rateLimited).toBe(0);

    h.clock.advance(61_000);
    await Promise.all(queued);
    expect(outcomes).toEqual(['ok', 'ok', 'ok']);
    expect(h.callsTo('A5')).toHaveLength(13);
    expect(h.callsTo('A5').every((r) => r.status === 200)).toBe(true);
  });

  it('the accounts list is read once for concurrent callers and kept for the entry cache lifetime', async () => {
    const { fake: h, client } = await live.start();
    const [a, b] = await Promise.all([client.accounts(), client.accounts()]);
    expect(b).toEqual(a);
    expect(h.callsTo('X1')).toHaveLength(1);
    h.clock.advance(endpointByRole('accountsList').cache!.ttlMs - 1);
    await client.accounts();
    expect(h.callsTo('X1')).toHaveLength(1);
    h.clock.advance(1);
    await client.accounts();
    expect(h.callsTo('X1')).toHaveLength(2);
  });

  it('a caller that gives up does not cancel the shared read for the others', async () => {
    const { fake: h, client } = await live.start();
    const abort = new AbortController();
    const gone = client.accounts({ signal: abort.signal }).catch((err: unknown) => err);
    const stays = client.accounts();
    abort.abort();
    expect(await gone).toMatchObject({ kind: 'cancelled' });
    expect((await stays).map((a) => a.id)).toContain(ACCOUNT);
    expect(h.callsTo('X1')).toHaveLength(1);
  });

  it('warm-up reads the accounts and every quota report in parallel, so a first call sends only itself', async () => {
    const { fake: h, client } = await live.start();
    await client.warmUp();
    const accounts = await client.accounts();
    expect(h.callsTo('X1')).toHaveLength(1);
    expect(new Set(h.callsTo('A7').map((r) => r.path))).toEqual(new Set(accounts.map((a) => `/account/${a.id}/quota`)));
    const sent = h.requests.length;
    // Default account (no accountId) and a quota-spending endpoint: no bookkeeping round trip first.
    await client.call(endpointById('G4')!, { keywords: 'engineer' });
    expect(h.requests.slice(sent).map((r) => r.endpointId)).toEqual(['G4']);
  });
});
