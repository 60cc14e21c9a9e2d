import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, OTHER_USER_ID } from '../../src/service/index.js';
import { startLive, type LiveService } from './http-harness.js';

let live: LiveService | undefined;
afterEach(async () => {
  await live?.close();
  live = undefined;
});

const UNAUTHORIZED = { error: 'Unauthorized: missing or invalid API key', success: false };
const NOT_ACCESSIBLE = { error: 'Account not found or not accessible', success: false };

describe('authentication', () => {
  it('answers 401 with the spec body for a missing, malformed or unknown key', async () => {
    live = await startLive();
    expect(await live.request('GET', '/accounts', { key: null })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await live.request('GET', '/accounts', { key: 'not-a-jwt' })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // A well-formed JWT signed with another secret.
    const foreign = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vIiwianRpIjoiZGVtby1rZXkiLCJpc3MiOiJvdXRyZWFjaC1tY3AifQ.c2lnbmF0dXJl';
    expect(await live.request('GET', '/accounts', { key: foreign })).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('refuses a revoked key at once and accepts a new one', async () => {
    live = await startLive();
    const { token, record } = await live.service.keys.create('demo', 'ci', live.clock.now());
    expect((await live.request('GET', '/accounts', { key: token })).status).toBe(200);
    expect(live.service.keys.revoke(record.id, live.clock.now())).toBe(true);
    expect(await live.request('GET', '/accounts', { key: token })).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

describe('accounts and access', () => {
  it('lists owned and workspace-shared accounts, most recently used first, never the unshared one', async () => {
    live = await startLive();
    const { status, body } = await live.request('GET', '/accounts');
    expect(status).toBe(200);
    const ids = body.accounts.map((a: { id: string }) => a.id);
    expect(ids).toEqual([
      DEMO_ACCOUNTS.salesNavigator,
      DEMO_ACCOUNTS.businessPremium,
      DEMO_ACCOUNTS.recruiter,
      DEMO_ACCOUNTS.free,
      DEMO_ACCOUNTS.warmup,
      DEMO_ACCOUNTS.shared,
      DEMO_ACCOUNTS.error,
    ]);
    expect(body.accounts[0]).toEqual({
      id: DEMO_ACCOUNTS.salesNavigator,
      firstName: 'Sam',
      lastName: 'Rivera',
      publicId: 'sam-rivera-0001',
      status: 'AVAILABLE',
      premiumType: 'SALES_NAVIGATOR',
      isDefault: true,
    });
    expect(body.accounts.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('serves A1 for the default account and A2 by id, networkPlan only for AVAILABLE and WARMUP', async () => {
    live = await startLive();
    const a1 = await live.request('GET', '/account/status');
    expect(a1.status).toBe(200);
    expect(a1.body).toEqual({
      id: DEMO_ACCOUNTS.salesNavigator,
      firstName: 'Sam',
      lastName: 'Rivera',
      publicId: 'sam-rivera-0001',
      platform: 'network',
      status: 'AVAILABLE',
      enabled: true,
      lastUsed: '2026-01-05T08:00:00.000Z',
      hasTokens: true,
      networkPlan: {
        premiumType: 'SALES_NAVIGATOR',
        isPremium: true,
        hasSalesNavigator: true,
        hasRecruiter: false,
        hasAwayMessages: false,
        hasAdvertiseBadge: true,
        hasHiringManager: false,
      },
    });
    const warmup = await live.request('GET', `/account/${DEMO_ACCOUNTS.warmup}/status`);
    expect(warmup.body).toMatchObject({ status: 'WARMUP', networkPlan: { premiumType: 'NON_PREMIUM', isPremium: false } });
    const error = await live.request('GET', `/account/${DEMO_ACCOUNTS.error}/status`);
    expect(error.body).toMatchObject({ status: 'ERROR', hasTokens: false, networkPlan: null });
    const viaQuery = await live.request('GET', `/account/status?accountId=${DEMO_ACCOUNTS.recruiter}`);
    expect(viaQuery.body).toMatchObject({ id: DEMO_ACCOUNTS.recruiter, networkPlan: { hasRecruiter: true, hasHiringManager: true } });
  });

  it('gives 404 for an account of another user that is not shared, 200 for the shared one', async () => {
    live = await startLive();
    expect(await live.request('GET', `/account/${DEMO_ACCOUNTS.otherPrivate}/status`)).toMatchObject({ status: 404, body: NOT_ACCESSIBLE });
    expect(await live.request('GET', `/account/status?accountId=${DEMO_ACCOUNTS.otherPrivate}`)).toMatchObject({ status: 404, body: NOT_ACCESSIBLE });
    expect(await live.request('GET', `/account/${DEMO_ACCOUNTS.otherPrivate}/quota`)).toMatchObject({ status: 404, body: NOT_ACCESSIBLE });
    expect((await live.request('GET', `/account/${DEMO_ACCOUNTS.shared}/status`)).status).toBe(200);
    // The other user sees its own accounts, not the demo user's.
    const { token } = await live.service.keys.create(OTHER_USER_ID, 'other', live.clock.now());
    const theirs = await live.request('GET', '/accounts', { key: token });
    expect(theirs.body.accounts.map((a: { id: string }) => a.id).sort()).toEqual([DEMO_ACCOUNTS.shared, DEMO_ACCOUNTS.otherPrivate].sort());
    expect(await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/status`, { key: token })).toMatchObject({ status: 404, body: NOT_ACCESSIBLE });
  });
});

describe('errors of spec section 7', () => {
  it('answers 400 "Invalid account ID format" for a malformed path or query account id', async () => {
    live = await startLive();
    const body = { error: 'Invalid account ID format', success: false };
    expect(await live.request('GET', '/account/not-an-id/status')).toMatchObject({ status: 400, body });
    expect(await live.request('GET', `/account/${'g'.repeat(24)}/quota`)).toMatchObject({ status: 400, body });
    expect(await live.request('GET', '/account/status?accountId=123')).toMatchObject({ status: 400, body });
  });

  it('answers invalid input with the validation body naming field and rule', async () => {
    live = await startLive();
    const res = await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/comments?count=500`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        name: 'ZodError',
        issues: [{ code: 'too_big', expected: '<=100', received: 'number', path: ['count'], message: 'Too big: expected number to be <=100' }],
      },
    });
    // count=0 names the bound too (spec 7: every issue carries expected where it means something).
    const zero = await live.request('POST', '/search/people', { body: { keywords: 'data', count: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.error.issues).toEqual([{ code: 'too_small', expected: '>=1', received: 'number', path: ['count'], message: 'Too small: expected number to be >=1' }]);
    const badEnum = await live.request('POST', '/posts/react', { body: { postUrn: 'urn:li:activity:1', reactionType: 'WOW' } });
    expect(badEnum.status).toBe(400);
    expect(badEnum.body.error.issues[0]).toMatchObject({ code: 'invalid_value', expected: '"LIKE"|"PRAISE"|"APPRECIATION"|"EMPATHY"|"INTEREST"|"ENTERTAINMENT"', received: 'string', path: ['reactionType'] });
    const tooLong = await live.request('POST', '/connect', { body: { profileId: 'x', message: 'y'.repeat(301) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.issues[0]).toMatchObject({ code: 'too_big', expected: 'length <=300', path: ['message'] });
    const missing = await live.request('POST', '/search/posts/v2', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues).toEqual([
      { code: 'invalid_type', expected: 'string', received: 'undefined', path: ['keywords'], message: 'Required' },
    ]);
  });

  it('answers 404 JSON for an unknown route, 413 for a huge body, 400 for malformed JSON', async () => {
    live = await startLive();
    expect(await live.request('GET', '/nope')).toMatchObject({ status: 404, body: { error: 'Not found: GET /nope', success: false } });
    const huge = await live.request('POST', '/connect', { body: { profileId: 'x', message: 'y'.repeat(2 * 1024 * 1024) } });
    expect(huge).toMatchObject({ status: 413, body: { error: 'Request body too large: the limit is 1mb', success: false } });
    const bad = await live.request('POST', '/connect', { rawBody: '{"profileId": ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { name: 'ZodError', issues: [{ code: 'invalid_json', path: [] }] } });
  });

  it('refuses a sales-navigation feature without a seat with 400 and changes nothing', async () => {
    live = await startLive();
    const res = await live.request('GET', `/ssi?accountId=${DEMO_ACCOUNTS.free}`);
    expect(res).toMatchObject({ status: 400, body: { error: 'This feature requires an active Sales Navigator seat on the account', success: false } });
  });
});

describe('limits through the pipeline', () => {
  it('counts the account group per minute: the 11th status read is 429 with the per-minute headers', async () => {
    live = await startLive();
    for (let i = 0; i < 10; i++) {
      const ok = await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/status`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('10');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
    }
    const refused = await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/status`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Rate limit exceeded: 10 account calls per minute for this account; retry in 60 s', success: false });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // The quota report stays free to poll.
    const quota = await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/quota`);
    expect(quota.status).toBe(200);
    expect(quota.body.accountId).toBe(DEMO_ACCOUNTS.free);
    live.clock.advance(60_000);
    expect((await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/status`)).status).toBe(200);
  });
});

describe('persistence', () => {
  it('keeps keys, revocations and the demo key across a restart on the same data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outreach-svc-'));
    try {
      live = await startLive({ dataDir: dir });
      const demoKey = live.apiKey;
      const kept = await live.service.keys.create('demo', 'kept', live.clock.now());
      const revoked = await live.service.keys.create('demo', 'revoked', live.clock.now());
      live.service.keys.revoke(revoked.record.id, live.clock.now());
      await live.close();

      live = await startLive({ dataDir: dir });
      expect(live.apiKey).toBe(demoKey);
      expect((await live.request('GET', '/accounts', { key: kept.token })).status).toBe(200);
      expect((await live.request('GET', '/accounts', { key: revoked.token })).status).toBe(401);
      await expect(startLive({ dataDir: dir, seed: 'another' })).rejects.toThrow(/seed "outreach"/);
    } finally {
      await live?.close();
      live = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
