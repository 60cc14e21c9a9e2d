import { describe, expect, it } from 'vitest';
import type { QuotaItem } from '../../../src/contract/resources/quota.js';
import { QUOTA_RULES } from '../../../src/contract/quotas.js';
import { ENDPOINTS } from '../../../src/contract/index.js';
import { rulesFor } from '../../../src/contract/quotas.js';
import { quotaFeaturesFor } from '../../../src/contract/index.js';
import { UnknownQuotaFeatureError, windowSpan } from '../../../src/service/limits/index.js';
import { ACCOUNT_A, ACCOUNT_B, ctx, E, setup, succeed } from './helpers.js';
import type { LimitsGovernor } from '../../../src/service/limits/index.js';
import type { ManualClock } from '../../../src/util/clock.js';

function item(governor: LimitsGovernor, feature: string, window: QuotaItem['window'], accountId = ACCOUNT_A): QuotaItem {
  const found = governor.quotaReport(accountId).quotas.find((q) => q.feature === feature && q.window === window);
  if (!found) throw new Error(`no ${window} ${feature} in report`);
  return found;
}

/** n successful connection requests, 4 s apart (15 a minute: never over the write limit). */
function connect(governor: LimitsGovernor, clock: ManualClock, n: number): void {
  for (let i = 0; i < n; i++) {
    succeed(governor, ctx(E.connect));
    clock.advance(4000);
  }
}

function refusal(governor: LimitsGovernor, c = ctx(E.connect)): { error: string; retryAfter: string | undefined } {
  const d = governor.admit(c);
  if (d.ok) throw new Error('expected a refusal');
  expect(d.status).toBe(429);
  expect(d.body.success).toBe(false);
  return { error: d.body.error, retryAfter: d.headers['Retry-After'] };
}

describe('quota windows (UTC)', () => {
  const at = (iso: string): number => Date.parse(iso);
  /** The window holding `now` is exactly [start, end). */
  const expectSpan = (window: Parameters<typeof windowSpan>[0], now: string, start: string, end: string): void => {
    expect(windowSpan(window, at(now))).toEqual({ start: at(start), end: at(end) });
  };
  it('daily ends at the next midnight', () => {
    expectSpan('daily', '2026-01-06T23:59:59.999Z', '2026-01-06T00:00:00.000Z', '2026-01-07T00:00:00.000Z');
  });
  it('weekly runs Monday 00:00 to Monday 00:00, Sunday included in the old week', () => {
    expectSpan('weekly', '2026-01-11T23:59:59.999Z', '2026-01-05T00:00:00.000Z', '2026-01-12T00:00:00.000Z');
    expect(windowSpan('weekly', at('2026-01-12T00:00:00.000Z')).start).toBe(at('2026-01-12T00:00:00.000Z'));
    // A week spanning a year boundary: Mon 2025-12-29 … Mon 2026-01-05.
    expectSpan('weekly', '2026-01-01T12:00:00.000Z', '2025-12-29T00:00:00.000Z', '2026-01-05T00:00:00.000Z');
  });
  it('monthly runs from the 1st, rolling December into January', () => {
    expectSpan('monthly', '2026-12-31T23:59:59.999Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z');
    expect(windowSpan('monthly', at('2028-02-29T08:00:00.000Z')).end).toBe(at('2028-03-01T00:00:00.000Z'));
  });
});

describe('which quota features a call spends', () => {
  it('spends SALES_NAV_SEARCH instead of the standard search for a sales-navigation url', () => {
    expect(quotaFeaturesFor(E.searchPeople, {})).toEqual(['SEARCH_PEOPLE']);
    expect(quotaFeaturesFor(E.searchPeople, { url: 'https://network.example/search/results/people/?keywords=cto' })).toEqual([
      'SEARCH_PEOPLE',
    ]);
    expect(quotaFeaturesFor(E.searchPeople, { url: 'https://network.example/sales/search/people?query=(x)' })).toEqual([
      'SALES_NAV_SEARCH',
    ]);
    expect(quotaFeaturesFor(E.searchCompanies, { url: 'https://network.example/sales/search/company?query=(y)' })).toEqual([
      'SALES_NAV_SEARCH',
    ]);
    expect(quotaFeaturesFor(E.searchCompanies, { url: 42 })).toEqual(['SEARCH_COMPANIES']);
    // Other features never switch, whatever the url.
    expect(quotaFeaturesFor(E.connect, { url: '/sales/search/people' })).toEqual(['CONNECT']);
    expect(quotaFeaturesFor(E.accountStatus, {})).toEqual([]);
  });

  it('every quota feature named in the endpoint table has a rule', () => {
    for (const e of ENDPOINTS) for (const f of e.quota ?? []) expect(rulesFor(f).length, `${e.id} ${f}`).toBeGreaterThan(0);
  });
});

/** CONNECT's whole daily item before any network 429: 25 a day of the network's 100, limitReached not set. */
function connectDaily(at: { used: number; remaining: number; resetAt: string }): Record<string, unknown> {
  return {
    feature: 'CONNECT',
    window: 'daily',
    used: at.used,
    limit: 25,
    networkLimit: 100,
    remaining: at.remaining,
    limitReached: false,
    limitReachedAt: null,
    resetAt: at.resetAt,
  };
}

describe('daily quota', () => {
  it('counts used/remaining through the day, refuses at the limit, and resets exactly at 00:00:00.000Z', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' }); // a Tuesday
    expect(item(governor, 'CONNECT', 'daily')).toEqual(connectDaily({ used: 0, remaining: 25, resetAt: '2026-01-07T00:00:00.000Z' }));
    connect(governor, clock, 10);
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 10, remaining: 15, limitReached: false });
    connect(governor, clock, 15);
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 25, remaining: 0, limitReached: false, limitReachedAt: null });
    expect(item(governor, 'CONNECT', 'weekly')).toMatchObject({
      used: 25,
      limit: 100,
      remaining: 75,
      limitReached: false,
      resetAt: '2026-01-12T00:00:00.000Z',
    });

    clock.set('2026-01-06T10:00:00.000Z');
    expect(refusal(governor)).toEqual({
      error: 'Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-07T00:00:00.000Z',
      retryAfter: String(14 * 3600),
    });
    // The spec ties limitReached to the network's 429, not to the service's own refusal.
    expect(item(governor, 'CONNECT', 'daily')).toEqual(connectDaily({ used: 25, remaining: 0, resetAt: '2026-01-07T00:00:00.000Z' }));
    // The network's 429 sets it; the first time is kept.
    governor.markNetworkLimitReached(ACCOUNT_A, 'CONNECT');
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ limitReached: true, limitReachedAt: '2026-01-06T10:00:00.000Z' });
    // The network's 429 is per feature: every window of CONNECT shows it.
    expect(item(governor, 'CONNECT', 'weekly')).toMatchObject({ limitReached: true, limitReachedAt: '2026-01-06T10:00:00.000Z' });
    // Other features are untouched.
    expect(item(governor, 'MESSAGE', 'daily')).toMatchObject({ used: 0, limitReached: false });

    // A later refusal keeps the first time.
    clock.set('2026-01-06T23:59:59.999Z');
    expect(refusal(governor)).toEqual({
      error: 'Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-07T00:00:00.000Z',
      retryAfter: '1',
    });
    expect(item(governor, 'CONNECT', 'daily').limitReachedAt).toBe('2026-01-06T10:00:00.000Z');

    clock.set('2026-01-07T00:00:00.000Z');
    expect(item(governor, 'CONNECT', 'daily')).toEqual(connectDaily({ used: 0, remaining: 25, resetAt: '2026-01-08T00:00:00.000Z' }));
    succeed(governor, ctx(E.connect));
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 1, remaining: 24 });
    expect(item(governor, 'CONNECT', 'weekly')).toMatchObject({ used: 26, remaining: 74 });
  });

  it('keeps accounts apart', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    connect(governor, clock, 25);
    expect(governor.admit(ctx(E.connect)).ok).toBe(false);
    expect(governor.admit(ctx(E.connect, { accountId: ACCOUNT_B })).ok).toBe(true);
    expect(item(governor, 'CONNECT', 'daily', ACCOUNT_B)).toMatchObject({ used: 0, limitReached: false });
  });
});

describe('weekly quota', () => {
  it('binds CONNECT after the daily window resets, and resets exactly at Monday 00:00Z', () => {
    const { clock, governor } = setup({ start: '2026-01-05T08:00:00.000Z' }); // Monday
    for (let day = 0; day < 4; day++) {
      clock.set(new Date(Date.parse('2026-01-05T08:00:00.000Z') + day * 86_400_000));
      connect(governor, clock, 25);
    }
    // Thursday: daily and weekly both exhausted; the weekly one frees last and is named.
    expect(refusal(governor)).toMatchObject({
      error: 'Weekly quota exceeded for CONNECT: 100 of 100 used; resets at 2026-01-12T00:00:00.000Z',
    });
    expect(item(governor, 'CONNECT', 'daily').limitReached).toBe(false);
    expect(item(governor, 'CONNECT', 'weekly')).toMatchObject({
      used: 100,
      remaining: 0,
      limitReached: false,
      limitReachedAt: null,
    });

    // Friday: the daily window is fresh, the weekly one still binds.
    clock.set('2026-01-09T00:00:00.000Z');
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 0, remaining: 25, limitReached: false });
    expect(refusal(governor)).toEqual({
      error: 'Weekly quota exceeded for CONNECT: 100 of 100 used; resets at 2026-01-12T00:00:00.000Z',
      retryAfter: String(3 * 86_400),
    });

    clock.set('2026-01-11T23:59:59.999Z');
    expect(refusal(governor).retryAfter).toBe('1');
    clock.set('2026-01-12T00:00:00.000Z');
    expect(item(governor, 'CONNECT', 'weekly')).toEqual({
      feature: 'CONNECT',
      window: 'weekly',
      used: 0,
      limit: 100,
      networkLimit: 200,
      remaining: 100,
      limitReached: false,
      limitReachedAt: null,
      resetAt: '2026-01-19T00:00:00.000Z',
    });
    succeed(governor, ctx(E.connect));
    expect(item(governor, 'CONNECT', 'weekly')).toMatchObject({ used: 1, remaining: 99 });
  });
});

describe('monthly quota', () => {
  it('refuses the 301st posts search v2 of December and resets on 1 January', () => {
    const { clock, governor } = setup({ start: '2026-12-31T20:00:00.000Z' });
    const search = ctx(E.searchPostsV2);
    for (let i = 0; i < 300; i++) {
      succeed(governor, search);
      clock.advance(2000); // 30 a minute
    }
    expect(item(governor, 'SEARCH_POSTS_V2', 'monthly')).toEqual({
      feature: 'SEARCH_POSTS_V2',
      window: 'monthly',
      used: 300,
      limit: 300,
      networkLimit: 300,
      remaining: 0,
      limitReached: false,
      limitReachedAt: null,
      resetAt: '2027-01-01T00:00:00.000Z',
    });
    clock.set('2026-12-31T23:59:59.999Z');
    expect(refusal(governor, search)).toEqual({
      error: 'Monthly quota exceeded for SEARCH_POSTS_V2: 300 of 300 used; resets at 2027-01-01T00:00:00.000Z',
      retryAfter: '1',
    });
    // The service's own refusal is not the network's 429.
    expect(item(governor, 'SEARCH_POSTS_V2', 'monthly')).toMatchObject({ remaining: 0, limitReached: false, limitReachedAt: null });
    clock.set('2027-01-01T00:00:00.000Z');
    succeed(governor, search);
    expect(item(governor, 'SEARCH_POSTS_V2', 'monthly')).toEqual({
      feature: 'SEARCH_POSTS_V2',
      window: 'monthly',
      used: 1,
      limit: 300,
      networkLimit: 300,
      remaining: 299,
      limitReached: false,
      limitReachedAt: null,
      resetAt: '2027-02-01T00:00:00.000Z',
    });
  });
});

describe('uncapped sales-navigation searches', () => {
  it('are counted but never refused by the service; limitReached only when the network says so', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    const sales = ctx(E.searchPeople, { input: { url: 'https://network.example/sales/search/people?query=(a)' } });
    for (let i = 0; i < 1000; i++) governor.recordUsage(ACCOUNT_A, 'SALES_NAV_SEARCH', 'service');
    for (let i = 0; i < 5; i++) {
      succeed(governor, sales);
      clock.advance(2000);
    }
    expect(item(governor, 'SALES_NAV_SEARCH', 'daily')).toMatchObject({
      used: 1005,
      limit: 1000,
      remaining: 0,
      limitReached: false,
      limitReachedAt: null,
    });
    expect(item(governor, 'SEARCH_PEOPLE', 'daily').used).toBe(0);

    clock.set('2026-01-06T12:00:00.000Z');
    governor.markNetworkLimitReached(ACCOUNT_A, 'SALES_NAV_SEARCH');
    expect(item(governor, 'SALES_NAV_SEARCH', 'daily')).toMatchObject({
      limitReached: true,
      limitReachedAt: '2026-01-06T12:00:00.000Z',
    });
    expect(governor.admit(sales).ok).toBe(true);

    clock.set('2026-01-07T00:00:00.000Z');
    expect(item(governor, 'SALES_NAV_SEARCH', 'daily')).toMatchObject({ used: 0, limitReached: false, limitReachedAt: null });
  });
});

describe('usage from every source', () => {
  it('counts calls the service runs on the customer behalf against the same limit', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    for (let i = 0; i < 20; i++) governor.recordUsage(ACCOUNT_A, 'CONNECT', 'service');
    connect(governor, clock, 5);
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 25, remaining: 0 });
    expect(refusal(governor).error).toBe('Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-07T00:00:00.000Z');
  });

  it('rejects an unknown feature or source and counts nothing', () => {
    const { governor } = setup();
    expect(() => governor.recordUsage(ACCOUNT_A, 'TELEPORT', 'api')).toThrow(UnknownQuotaFeatureError);
    expect(() => governor.recordUsage(ACCOUNT_A, 'TELEPORT', 'api')).toThrow('Unknown quota feature "TELEPORT"');
    expect(() => governor.recordUsage(ACCOUNT_A, 'CONNECT', 'robot' as 'api')).toThrow(
      'source must be one of api, service; got "robot"',
    );
    expect(governor.quotaReport(ACCOUNT_A).quotas.every((q) => q.used === 0)).toBe(true);
  });
});

describe('spend happens on success only', () => {
  it('a failed call (admitted, never committed) spends nothing', () => {
    const { governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    const c = ctx(E.connect);
    expect(governor.admit(c).ok).toBe(true);
    governor.release(c);
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 0, remaining: 25 });
    expect(item(governor, 'CONNECT', 'weekly')).toMatchObject({ used: 0, remaining: 100 });
  });

  it('holds the last unit for a call in flight, so two requests at limit - 1 cannot both pass', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    connect(governor, clock, 24);
    clock.advance(60_000); // a fresh write minute: only the quota is in play
    const first = ctx(E.connect);
    const second = ctx(E.connect);
    expect(governor.admit(first).ok).toBe(true);
    // Retry-After 1: the call in flight may still fail and hand its unit back.
    expect(refusal(governor, second)).toEqual({
      error: 'Daily quota exceeded for CONNECT: 24 of 25 used (+1 in progress); resets at 2026-01-07T00:00:00.000Z',
      retryAfter: '1',
    });
    governor.commit(first);
    expect(item(governor, 'CONNECT', 'daily')).toMatchObject({ used: 25, remaining: 0 });
    expect(refusal(governor, second).error).toBe('Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-07T00:00:00.000Z');
  });

  it('gives the unit back when the first call fails (release), or after the reservation expires', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z', reservationTtlMs: 30_000 });
    connect(governor, clock, 24);
    clock.advance(60_000); // a fresh write minute: only the quota is in play
    const failing = ctx(E.connect);
    expect(governor.admit(failing).ok).toBe(true);
    governor.release(failing);
    const next = ctx(E.connect);
    expect(governor.admit(next).ok).toBe(true);

    // `next` is never committed nor released: its slot is held for 30 s, then freed.
    clock.advance(29_999);
    expect(governor.admit(ctx(E.connect)).ok).toBe(false);
    clock.advance(1);
    expect(governor.admit(ctx(E.connect)).ok).toBe(true);
    expect(item(governor, 'CONNECT', 'daily').used).toBe(24);
  });

  it('commit with an equal but different context object still frees the reservation', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    connect(governor, clock, 23);
    clock.advance(60_000);
    expect(governor.admit(ctx(E.connect)).ok).toBe(true);
    governor.commit(ctx(E.connect)); // a copy, as a pipeline might rebuild it
    // 24 used, nothing in flight: one more fits.
    expect(governor.admit(ctx(E.connect)).ok).toBe(true);
  });
});

describe('the quota report (A7)', () => {
  it('lists one item per rule with the right reset per window', () => {
    const { governor } = setup({ start: '2026-02-11T15:30:00.000Z' }); // a Wednesday
    const report = governor.quotaReport(ACCOUNT_A);
    expect(report.accountId).toBe(ACCOUNT_A);
    expect(report.quotas.map((q) => `${q.feature}/${q.window}`)).toEqual(QUOTA_RULES.map((r) => `${r.feature}/${r.window}`));
    const resets = Object.fromEntries(report.quotas.map((q) => [q.window, q.resetAt]));
    expect(resets).toEqual({
      daily: '2026-02-12T00:00:00.000Z',
      weekly: '2026-02-16T00:00:00.000Z',
      monthly: '2026-03-01T00:00:00.000Z',
    });
    expect(item(governor, 'PROFILE_VIEW', 'daily')).toEqual({
      feature: 'PROFILE_VIEW',
      window: 'daily',
      used: 0,
      limit: 100,
      networkLimit: 250,
      remaining: 100,
      limitReached: false,
      limitReachedAt: null,
      resetAt: '2026-02-12T00:00:00.000Z',
    });
  });
});
