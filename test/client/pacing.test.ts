import { describe, expect, it } from 'vitest';
import { PacingGate, describeWorkingHours, nextAllowedAt, parseWorkingHours } from '../../src/client/pacing.js';

const at = (iso: string) => new Date(iso).getTime();

describe('working hours', () => {
  const paris = parseWorkingHours('Europe/Paris Mon-Fri 09:00-18:00');

  it('parses days, hours and zone', () => {
    expect(paris).toEqual({ timeZone: 'Europe/Paris', days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1080 });
    expect(describeWorkingHours(parseWorkingHours('UTC sat,sun 22:00-06:00'))).toBe('UTC sat,sun 22:00-06:00');
  });

  it('refuses malformed specs naming the bad part', () => {
    expect(() => parseWorkingHours('Mars/Base Mon-Fri 09:00-18:00')).toThrow(/unknown time zone "Mars\/Base"/);
    expect(() => parseWorkingHours('UTC Funday 09:00-18:00')).toThrow(/unknown day "Funday"/);
    expect(() => parseWorkingHours('UTC Mon 9-18')).toThrow(/must be HH:MM/);
    expect(() => parseWorkingHours('UTC Mon 09:00-09:00')).toThrow(/empty window/);
  });

  it('is open inside the window, in the zone (winter: Paris = UTC+1)', () => {
    const wednesday10 = at('2026-01-07T09:00:00.000Z'); // 10:00 in Paris
    expect(nextAllowedAt(paris, wednesday10)).toBe(wednesday10);
    // 17:59:59.999 Paris is open; 18:00 Paris is closed until Thursday 09:00 Paris.
    expect(nextAllowedAt(paris, at('2026-01-07T16:59:59.999Z'))).toBe(at('2026-01-07T16:59:59.999Z'));
    expect(nextAllowedAt(paris, at('2026-01-07T17:00:00.000Z'))).toBe(at('2026-01-08T08:00:00.000Z'));
  });

  it('skips the weekend and follows daylight saving time (summer: UTC+2)', () => {
    // Friday 2026-03-27 19:00 Paris (UTC+1) -> Monday 2026-03-30 09:00 Paris, which is UTC+2 after the change.
    expect(nextAllowedAt(paris, at('2026-03-27T18:00:00.000Z'))).toBe(at('2026-03-30T07:00:00.000Z'));
  });

  it('handles windows past midnight', () => {
    const night = parseWorkingHours('UTC Mon 22:00-06:00');
    expect(nextAllowedAt(night, at('2026-01-06T05:59:00.000Z'))).toBe(at('2026-01-06T05:59:00.000Z')); // Tuesday early = Monday's window
    expect(nextAllowedAt(night, at('2026-01-06T06:00:00.000Z'))).toBe(at('2026-01-12T22:00:00.000Z'));
  });
});

describe('pacing gate', () => {
  it('refuses outside hours with the next allowed time and spaces writes by jitter', () => {
    const gate = new PacingGate(
      (id) => (id === 'paced' ? { hours: parseWorkingHours('UTC Mon-Fri 09:00-17:00'), jitter: { minMs: 30_000, maxMs: 90_000 } } : undefined),
      () => 0.5,
    );
    const monday8 = at('2026-01-05T08:00:00.000Z');
    expect(gate.check('paced', monday8)).toEqual({ ok: false, notBefore: at('2026-01-05T09:00:00.000Z'), reason: 'outside_hours' });
    expect(gate.check('free', monday8)).toEqual({ ok: true });

    const monday10 = at('2026-01-05T10:00:00.000Z');
    expect(gate.check('paced', monday10)).toEqual({ ok: true });
    gate.recordWrite('paced', monday10);
    // 30 s + floor(0.5 * 60001) = 60 000 ms pause.
    expect(gate.check('paced', monday10 + 59_999)).toEqual({ ok: false, notBefore: monday10 + 60_000, reason: 'jitter' });
    expect(gate.check('paced', monday10 + 60_000)).toEqual({ ok: true });
  });
});

describe('pacing through the governed client', () => {
  it('refuses a write outside working hours before sending, waits out a short pause, and lets reads through', async () => {
    const { parsePacing } = await import('../../src/client/index.js');
    const { endpointById } = await import('../../src/contract/index.js');
    const { DEMO_ACCOUNTS } = await import('../../src/service/index.js');
    const { clientOn, closeSharedService, startHarness, until } = await import('./live-service.js');
    const fake = await startHarness(); // its clock: Monday 2026-01-05 09:00 UTC
    const clock = fake.clock;
    const client = clientOn(fake, { pacing: parsePacing('UTC Mon-Fri 11:00-17:00', '2-2')! });
    const account = DEMO_ACCOUNTS.recruiter;
    const world = fake.live.service.deps.world();
    const react = endpointById('E3')!;
    const posts = world.posts.filter((p) => p.visibility === 'PUBLIC');
    const reactTo = (i: number) => ({ accountId: account, postUrn: posts[i]!.activityUrn, reactionType: 'LIKE' });
    try {
      const err = await client.call(react, reactTo(1)).catch((e: unknown) => e);
      expect(err).toMatchObject({
        details: {
          kind: 'paced',
          retryAfterMs: 2 * 3_600_000,
          message: `outside the working hours set for account ${account}; the next write is allowed at 2026-01-05T11:00:00.000Z`,
        },
      });
      expect(fake.callsTo('E3')).toHaveLength(0);
      // Reads are not paced.
      await client.call(endpointById('E11')!, { accountId: account, postUrl: world.posts.find((p) => p.visibility === 'PUBLIC')!.postUrl });

      clock.set('2026-01-05T11:00:00.000Z');
      await client.call(react, reactTo(2));
      // The second write waits the 2 s pause on the client's clock, then goes.
      const second = client.call(react, reactTo(3));
      await until(() => clock.pendingTimers() > 0, 'the pause');
      expect(fake.callsTo('E3')).toHaveLength(1);
      clock.advance(2000);
      await second;
      expect(fake.callsTo('E3')).toHaveLength(2);
    } finally {
      await client.close();
      await fake.close();
      await closeSharedService();
    }
  });

  it('parses per-account specs and refuses bad ones', async () => {
    const { parsePacing } = await import('../../src/client/index.js');
    const policy = parsePacing('a00000000000000000000001=UTC Mon 09:00-10:00;*=UTC Tue 09:00-10:00', undefined)!;
    expect(policy('A00000000000000000000001')?.hours?.days).toEqual([1]);
    expect(policy('a00000000000000000000002')?.hours?.days).toEqual([2]);
    expect(parsePacing(undefined, undefined)).toBeUndefined();
    expect(() => parsePacing('bob=UTC Mon 09:00-10:00', undefined)).toThrow(/"bob" is neither an account id/);
    expect(() => parsePacing(undefined, '90-30')).toThrow(/MIN <= MAX/);
  });
});
