import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, ACCOUNT_B, ctx, E, setup, succeed, unix, USER_1, USER_2 } from './helpers.js';

const T0 = '2026-01-05T00:00:00.000Z';

describe('per-minute limits (sliding 60 s log per account and group)', () => {
  it('refuses the 16th write in a minute with exact headers and body, and admits it once Retry-After has passed', () => {
    const { clock, governor } = setup({ start: T0 });
    const write = ctx(E.sendMessage);
    for (let i = 0; i < 15; i++) {
      const d = governor.admit(write);
      expect(d).toEqual({
        ok: true,
        headers: {
          'X-RateLimit-Limit': '15',
          'X-RateLimit-Remaining': String(14 - i),
          'X-RateLimit-Reset': unix('2026-01-05T00:01:00.000Z'),
        },
      });
      governor.commit(write);
      clock.advance(2000);
    }
    // 15 writes at 0, 2, …, 28 s; the 16th at 30 s.
    const refused = governor.admit(write);
    expect(refused).toEqual({
      ok: false,
      status: 429,
      headers: {
        'Retry-After': '30',
        'X-RateLimit-Limit': '15',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': unix('2026-01-05T00:01:00.000Z'),
      },
      body: { error: 'Rate limit exceeded: 15 write calls per minute for this account; retry in 30 s', success: false },
    });

    // One millisecond before the first write ages out: still refused, Retry-After rounds up to 1.
    clock.set('2026-01-05T00:00:59.999Z');
    const stillRefused = governor.admit(write);
    expect(stillRefused.ok).toBe(false);
    if (!stillRefused.ok) {
      expect(stillRefused.headers['Retry-After']).toBe('1');
      expect(stillRefused.body.error).toBe('Rate limit exceeded: 15 write calls per minute for this account; retry in 1 s');
    }

    // 30 s after the refusal (Retry-After) the first write has aged out.
    clock.set('2026-01-05T00:01:00.000Z');
    expect(governor.admit(write)).toEqual({
      ok: true,
      headers: {
        'X-RateLimit-Limit': '15',
        'X-RateLimit-Remaining': '0',
        // The oldest call still counted is the one at 2 s.
        'X-RateLimit-Reset': unix('2026-01-05T00:01:02.000Z'),
      },
    });
  });

  it('does not count refused calls', () => {
    const { clock, governor } = setup({ start: T0 });
    const write = ctx(E.connect);
    for (let i = 0; i < 15; i++) succeed(governor, write);
    for (let i = 0; i < 50; i++) expect(governor.admit(write).ok).toBe(false);
    clock.advance(60_000);
    // A whole fresh minute: the 50 refusals left no trace.
    expect(governor.admit(write)).toMatchObject({ ok: true, headers: { 'X-RateLimit-Remaining': '14' } });
  });

  it('keeps groups independent with their own limits', () => {
    const { governor } = setup({ start: T0 });
    for (let i = 0; i < 15; i++) succeed(governor, ctx(E.sendMessage));
    expect(governor.admit(ctx(E.connect)).ok).toBe(false); // /connect shares the write group

    expect(governor.admit(ctx(E.searchPeople)).headers).toEqual({
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '29',
      'X-RateLimit-Reset': unix('2026-01-05T00:01:00.000Z'),
    });
    expect(governor.admit(ctx(E.profile)).headers['X-RateLimit-Remaining']).toBe('29');
    expect(governor.admit(ctx(E.postComments)).headers['X-RateLimit-Remaining']).toBe('29');

    for (let i = 0; i < 10; i++) {
      expect(governor.admit(ctx(E.accountStatus)).headers).toMatchObject({
        'X-RateLimit-Limit': '10',
        'X-RateLimit-Remaining': String(9 - i),
      });
    }
    const eleventh = governor.admit(ctx(E.accountStatus));
    expect(eleventh).toEqual({
      ok: false,
      status: 429,
      headers: {
        'Retry-After': '60',
        'X-RateLimit-Limit': '10',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': unix('2026-01-05T00:01:00.000Z'),
      },
      body: { error: 'Rate limit exceeded: 10 account calls per minute for this account; retry in 60 s', success: false },
    });
  });

  it('keeps accounts independent, also for the same user', () => {
    const { governor } = setup({ start: T0 });
    for (let i = 0; i < 15; i++) succeed(governor, ctx(E.connect, { accountId: ACCOUNT_A }));
    expect(governor.admit(ctx(E.connect, { accountId: ACCOUNT_A })).ok).toBe(false);
    expect(governor.admit(ctx(E.connect, { accountId: ACCOUNT_B, userId: USER_1 }))).toMatchObject({
      ok: true,
      headers: { 'X-RateLimit-Limit': '15', 'X-RateLimit-Remaining': '14' },
    });
    expect(governor.admit(ctx(E.connect, { accountId: ACCOUNT_B, userId: USER_2 }))).toMatchObject({
      ok: true,
      headers: { 'X-RateLimit-Remaining': '13' },
    });
  });

  it('never limits inbox reads per minute and sends no X-RateLimit headers for them', () => {
    const { governor } = setup({ start: T0 });
    for (let i = 0; i < 500; i++) expect(governor.admit(ctx(E.conversations))).toEqual({ ok: true, headers: {} });
  });

  it('reports the limit that frees last when several are exceeded (quota outlasts the minute)', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    for (let i = 0; i < 25; i++) {
      succeed(governor, ctx(E.connect));
      clock.advance(4000); // 15 per minute: exactly at the limit, never over
    }
    clock.advance(60_000);
    for (let i = 0; i < 15; i++) succeed(governor, ctx(E.sendMessage));
    // Both the write minute (free again in 60 s) and the daily CONNECT quota are exhausted.
    const d = governor.admit(ctx(E.connect));
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.body.error).toBe('Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-07T00:00:00.000Z');
      expect(d.headers['Retry-After']).toBe(String((Date.parse('2026-01-07T00:00:00.000Z') - clock.now()) / 1000));
      // The X-RateLimit headers still describe the per-minute write budget.
      expect(d.headers['X-RateLimit-Limit']).toBe('15');
      expect(d.headers['X-RateLimit-Remaining']).toBe('0');
    }
  });
});

describe('hourly plan limit (per user, fixed UTC hour)', () => {
  it('refuses the 1,001st request of a standard user in one hour, naming the hourly plan limit', () => {
    const { clock, governor } = setup({ start: T0 });
    for (let i = 0; i < 1000; i++) {
      // Alternate accounts: the hourly limit is per user, across accounts.
      expect(governor.admit(ctx(E.conversations, { accountId: i % 2 ? ACCOUNT_A : ACCOUNT_B })).ok).toBe(true);
      clock.advance(3000);
    }
    // 1,000 calls at 0 … 2,997 s; now 00:50:00. The hourly limit reports itself (spec 8, second listing).
    const hourHeaders = { 'Retry-After': '600', 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': unix('2026-01-05T01:00:00.000Z') };
    const hourRefusal = {
      ok: false,
      status: 429,
      headers: hourHeaders,
      body: {
        error: 'Rate limit exceeded: hourly plan limit of 1000 requests per hour (standard plan) for this user; retry in 600 s',
        success: false,
      },
    };
    expect(governor.admit(ctx(E.conversations))).toEqual(hourRefusal);
    // A group with a per-minute limit too: the headers report the limit that applied, the hourly one.
    expect(governor.admit(ctx(E.connect))).toEqual(hourRefusal);
    // Another user is not affected.
    expect(governor.admit(ctx(E.conversations, { userId: USER_2 })).ok).toBe(true);

    clock.set('2026-01-05T00:59:59.999Z');
    expect(governor.admit(ctx(E.conversations)).ok).toBe(false);
    clock.set('2026-01-05T01:00:00.000Z');
    expect(governor.admit(ctx(E.conversations)).ok).toBe(true);
  });

  it('allows 10,000 requests an hour on the enterprise plan', () => {
    const { clock, governor } = setup({ start: T0, plans: { [USER_1]: 'enterprise' } });
    for (let i = 0; i < 10_000; i++) {
      if (!governor.admit(ctx(E.conversations)).ok) throw new Error(`refused call ${i + 1}`);
      clock.advance(300);
    }
    expect(governor.admit(ctx(E.conversations))).toEqual({
      ok: false,
      status: 429,
      headers: { 'Retry-After': '600', 'X-RateLimit-Limit': '10000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': unix('2026-01-05T01:00:00.000Z') },
      body: {
        error: 'Rate limit exceeded: hourly plan limit of 10000 requests per hour (enterprise plan) for this user; retry in 600 s',
        success: false,
      },
    });
  });
});
