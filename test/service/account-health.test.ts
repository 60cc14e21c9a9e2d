import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { startLive, type LiveService } from './http-harness.js';

/** Account health as a state machine: ERROR, WARMUP ramp, temporary hold after network 429s. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ERR = DEMO_ACCOUNTS.error;
const WARM = DEMO_ACCOUNTS.warmup;
const SALES = DEMO_ACCOUNTS.salesNavigator;
const SALES_URL = 'https://www.network.example/sales/search/people?keywords=engineer';

let live: LiveService;
let events: { event: string; accountId: string; data: Record<string, unknown> }[];
beforeEach(async () => {
  live = await startLive();
  events = [];
  const emit = live.service.deps.emit.bind(live.service.deps);
  live.service.deps.emit = (userId, accountId, event, data) => {
    events.push({ event, accountId, data });
    emit(userId, accountId, event, data);
  };
});
afterEach(() => live.close());

const quota = async (accountId: string, feature: string, window = 'daily') => {
  const r = await live.request('GET', `/account/${accountId}/quota`);
  expect(r.status).toBe(200);
  return r.body.quotas.find((q: any) => q.feature === feature && q.window === window);
};

/** People the account is not connected to, to invite. */
async function strangers(accountId: string, n: number): Promise<string[]> {
  const r = await live.request('POST', '/search/people', { body: { accountId, keywords: 'manager', filters: { connectionDegree: ['O'] }, count: n } });
  expect(r.status).toBe(200);
  return r.body.people.map((p: any) => p.profileId);
}

describe('ERROR account (no session tokens)', () => {
  it('answers the spec\'s 500 bodies on network reads, with code ACCOUNT_UNAVAILABLE', async () => {
    const premium = await live.request('GET', `/account/${ERR}/premium`);
    expect(premium.status).toBe(500);
    expect(premium.body).toEqual({ error: 'Failed to fetch premium status', success: false, code: 'ACCOUNT_UNAVAILABLE' });
    for (const [path, body] of [['/search/posts/v2', { accountId: ERR, keywords: 'growth' }], ['/search/posts', { accountId: ERR, keywords: 'growth' }], ['/posts/search', { accountId: ERR, keywords: ['growth'] }]] as const) {
      const r = await live.request('POST', path, { body });
      expect(r.status, path).toBe(500);
      expect(r.body).toEqual({ error: 'Failed to search posts', success: false, code: 'ACCOUNT_UNAVAILABLE' });
    }
    const generic = { error: 'Failed to fetch from the network: the account needs attention (status ERROR, no valid session)', success: false, code: 'ACCOUNT_UNAVAILABLE' };
    for (const [method, path, body] of [
      ['POST', '/feed', { accountId: ERR }],
      ['GET', `/invitations/sent?accountId=${ERR}`, undefined],
      ['GET', `/account/${ERR}/reactions`, undefined],
      ['POST', '/search/people', { accountId: ERR, keywords: 'data' }],
    ] as const) {
      const r = await live.request(method, path, body ? { body } : {});
      expect(r.status, path).toBe(500);
      expect(r.body, path).toEqual(generic);
    }
  });

  it('refuses writes with 403 saying the account needs attention; nothing is spent or sent', async () => {
    const before = await quota(ERR, 'CONNECT');
    const r = await live.request('POST', '/connect', { body: { accountId: ERR, profileId: 'anyone' }, headers: { 'Idempotency-Key': 'k-err-1' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error: 'Account needs attention: its network session is no longer valid (status ERROR), so nothing was sent; reconnect the account, then retry',
      success: false,
      code: 'ACCOUNT_UNAVAILABLE',
    });
    expect((await quota(ERR, 'CONNECT')).used).toBe(before.used);
    const sent = live.service.db.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE account_id = ?').get(ERR) as { n: number };
    expect(sent.n).toBe(0);
  });

  it('status, quota and the account list keep answering (database reads)', async () => {
    const status = await live.request('GET', `/account/${ERR}/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'ERROR', hasTokens: false, networkPlan: null });
    expect((await live.request('GET', `/account/status?accountId=${ERR}`)).status).toBe(200);
    expect((await live.request('GET', `/account/${ERR}/quota`)).status).toBe(200);
    expect((await live.request('GET', '/accounts')).status).toBe(200);
  });
});

describe('WARMUP ramp', () => {
  it('20% of each capped limit on day 0, +10 points a day, exact in A7 and enforced; AVAILABLE on day 8', async () => {
    const day0 = await quota(WARM, 'CONNECT');
    expect(day0).toMatchObject({ limit: 5, used: 0, remaining: 5 }); // 25 × 0.2
    expect(await quota(WARM, 'CONNECT', 'weekly')).toMatchObject({ limit: 20 }); // 100 × 0.2
    expect(await quota(WARM, 'PROFILE_VIEW')).toMatchObject({ limit: 20 });
    expect(await quota(WARM, 'SALES_NAV_SEARCH')).toMatchObject({ limit: 1000 }); // uncapped: counted only

    const targets = await strangers(WARM, 6);
    for (const profileId of targets.slice(0, 5)) {
      const r = await live.request('POST', '/connect', { body: { accountId: WARM, profileId } });
      expect(r.status, profileId).toBe(200);
    }
    const refused = await live.request('POST', '/connect', { body: { accountId: WARM, profileId: targets[5] } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Daily quota exceeded for CONNECT: 5 of 5 used; resets at 2026-01-06T00:00:00.000Z');
    expect(refused.headers.get('retry-after')).toBe(String(15 * 3600));
    expect(refused.headers.get('x-ratelimit-limit')).toBe('15');
    // The service's own refusal is not the network's 429: limitReached stays false.
    expect(await quota(WARM, 'CONNECT')).toMatchObject({ used: 5, limitReached: false, limitReachedAt: null });

    live.clock.advance(DAY);
    expect(await quota(WARM, 'CONNECT')).toMatchObject({ limit: 7, used: 0 }); // 25 × 0.3 = 7.5
    live.clock.advance(3 * DAY);
    expect(await quota(WARM, 'PROFILE_VIEW')).toMatchObject({ limit: 60 }); // day 4: 0.6
    expect((await live.request('GET', `/account/${WARM}/status`)).body.status).toBe('WARMUP');

    live.clock.advance(4 * DAY); // day 8: full
    live.service.runActivity();
    expect((await live.request('GET', `/account/${WARM}/status`)).body.status).toBe('AVAILABLE');
    expect(await quota(WARM, 'CONNECT')).toMatchObject({ limit: 25 });
    expect(events.filter((e) => e.event === 'account.status_changed')).toEqual([
      { event: 'account.status_changed', accountId: WARM, data: { status: 'AVAILABLE', previousStatus: 'WARMUP', reason: 'warmup_complete', until: null } },
    ]);
  });
});

describe('temporary hold after network 429s', () => {
  it('the network answers 429 at its ceiling; the third within 24 h puts the account on hold (IN_USE) for 12 h, then lifts it', async () => {
    for (let i = 0; i < 1000; i++) live.service.governor.recordUsage(SALES, 'SALES_NAV_SEARCH', 'service');
    const t0 = live.clock.now();
    const first = await live.request('POST', '/search/people', { body: { accountId: SALES, url: SALES_URL } });
    expect(first.status).toBe(429);
    expect(first.body).toEqual({
      error: 'Network rate limit: the network answered 429 for SALES_NAV_SEARCH (1000 of its 1000 per day used); resets at 2026-01-06T00:00:00.000Z',
      success: false,
    });
    expect(first.headers.get('retry-after')).toBe(String(15 * 3600));
    expect(first.headers.get('x-ratelimit-limit')).toBe('30');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('30');
    expect(await quota(SALES, 'SALES_NAV_SEARCH')).toMatchObject({ limitReached: true, limitReachedAt: new Date(t0).toISOString(), used: 1000 });

    live.clock.advance(60_000);
    expect((await live.request('POST', '/search/people', { body: { accountId: SALES, url: SALES_URL } })).status).toBe(429);
    expect((await live.request('GET', `/account/${SALES}/status`)).body.status).toBe('AVAILABLE');
    live.clock.advance(60_000);
    const third = await live.request('POST', '/search/people', { body: { accountId: SALES, url: SALES_URL } });
    const holdEnd = new Date(live.clock.now() + 12 * HOUR).toISOString();
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ success: false, code: 'ACCOUNT_UNAVAILABLE', retryAt: holdEnd });
    expect(third.body.error).toContain(`the account is now on hold until ${holdEnd}`);
    expect(third.headers.get('retry-after')).toBe(String(12 * 3600));

    // On hold: status IN_USE, every network call refused with the time to retry; database reads answer.
    const status = await live.request('GET', `/account/${SALES}/status`);
    expect(status.body.status).toBe('IN_USE');
    const held = await live.request('POST', '/search/people', { body: { accountId: SALES, keywords: 'data' } });
    expect(held.status).toBe(429);
    expect(held.body).toEqual({
      error: `Account temporarily on hold: the network answered 429 to it 3 times within 24 h; nothing was sent; calls resume at ${holdEnd}`,
      success: false,
      code: 'ACCOUNT_UNAVAILABLE',
      retryAt: holdEnd,
    });
    expect(held.headers.get('retry-after')).toBe(String(12 * 3600));
    expect(held.headers.get('x-ratelimit-limit')).toBe('30');
    expect(held.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(held.headers.get('x-ratelimit-reset')).toBe(String(Date.parse(holdEnd) / 1000));
    expect((await live.request('POST', '/connect', { body: { accountId: SALES, profileId: 'x' } })).status).toBe(429);
    expect(events.filter((e) => e.event === 'account.status_changed').map((e) => e.data)).toEqual([
      { status: 'IN_USE', previousStatus: 'AVAILABLE', reason: 'network_rate_limited', until: holdEnd },
    ]);

    // One second before the end it still holds; at the end the background run lifts it.
    live.clock.set(Date.parse(holdEnd) - 1000);
    expect((await live.request('POST', '/search/people', { body: { accountId: SALES, keywords: 'data' } })).status).toBe(429);
    live.clock.set(Date.parse(holdEnd));
    live.service.runActivity();
    expect((await live.request('GET', `/account/${SALES}/status`)).body.status).toBe('AVAILABLE');
    expect((await live.request('POST', '/search/people', { body: { accountId: SALES, keywords: 'data' } })).status).toBe(200);
    expect(events.filter((e) => e.event === 'account.status_changed').map((e) => e.data.reason)).toEqual(['network_rate_limited', 'hold_lifted']);
  });
});
