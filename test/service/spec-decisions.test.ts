import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/contract/index.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { findPerson } from '../../src/service/world/index.js';
import { startLive, type LiveService } from './http-harness.js';

/** Rows of docs/spec-decisions.md that no other test pins down. */

let live: LiveService;
beforeAll(async () => {
  live = await startLive();
});
afterAll(() => live.close());

describe('docs/spec-decisions.md rows', () => {
  it('"success in 200 bodies": every answer carries success except A1, A2, A7, E11, F3, F4 and X1', () => {
    const without = ENDPOINTS.filter((e) => !('success' in (e.output as unknown as { shape: object }).shape)).map((e) => e.id);
    expect(without.sort()).toEqual(['A1', 'A2', 'A7', 'E11', 'F3', 'F4', 'X1']);
  });

  it('"B2 InMail selection": a non-connection without InMail, group or open profile is a 403 naming the ways out', async () => {
    const acting = live.service.accounts.find('demo', DEMO_ACCOUNTS.free)!;
    const world = live.service.deps.world();
    const stranger = world.people.find((p) => live.service.deps.network.degreeOf(acting, p.id) > 1 && !p.isOpenProfile)!;
    const r = await live.request('POST', '/message', { body: { accountId: DEMO_ACCOUNTS.free, recipientProfileId: stranger.profileId, message: 'Hi' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error: `${stranger.firstName} ${stranger.lastName} is not a 1st-degree connection and has no open profile: send a connection request, or an InMail (inMail: true; premium, spends one credit)`,
      success: false,
    });
    expect(findPerson(world, stranger.id)).toBeDefined();
  });

  it('"D11": an open profile takes a free message from a non-connection; others are refused with 403', async () => {
    const acting = live.service.accounts.find('demo', DEMO_ACCOUNTS.businessPremium)!;
    const world = live.service.deps.world();
    const far = (p: { id: string }) => live.service.deps.network.degreeOf(acting, p.id) > 1;
    const open = world.people.find((p) => far(p) && p.isOpenProfile)!;
    const closed = world.people.find((p) => far(p) && !p.isOpenProfile)!;
    const ok = await live.request('POST', '/messaging/send', { body: { accountId: acting.id, recipientProfileId: open.profileId, message: 'Hello' } });
    expect(ok.status).toBe(200);
    const refused = await live.request('POST', '/messaging/send', { body: { accountId: acting.id, recipientProfileId: closed.profileId, message: 'Hello' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('is not a 1st-degree connection and has no open profile');
  });

  it('"Inbox group headers": a refused inbox call reports the hourly plan state; an admitted one has no X-RateLimit-*', async () => {
    // A service of its own: the hourly count below starts at zero.
    const live = await startLive();
    const account = DEMO_ACCOUNTS.recruiter;
    const ok = await live.request('GET', `/messaging/recent-messages?accountId=${account}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBeNull();
    for (let i = 0; i < 149; i++) live.service.governor.recordUsage(account, 'RECENT_MESSAGES', 'api');
    const refused = await live.request('GET', `/messaging/recent-messages?accountId=${account}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Daily quota exceeded for RECENT_MESSAGES: 150 of 150 used; resets at 2026-01-06T00:00:00.000Z');
    expect(refused.headers.get('retry-after')).toBe(String(15 * 3600));
    expect(refused.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('999');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2026-01-05T10:00:00.000Z') / 1000));
    await live.close();
  });

  it('"A7 cost": the quota report carries no rate headers and counts nothing', async () => {
    const r = await live.request('GET', `/account/${DEMO_ACCOUNTS.free}/quota`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-limit')).toBeNull();
    expect(r.body).not.toHaveProperty('success');
  });
});
