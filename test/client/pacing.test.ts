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
