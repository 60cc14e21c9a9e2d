import { openSqlite } from '../../src/service/store/sqlite.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/util/clock.js';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_MS,
  IdempotencyStore,
  fingerprint,
  idempotencyMigrations,
} from '../../src/service/idempotency/store.js';

function open(clock: ManualClock): IdempotencyStore {
  const db = openSqlite(':memory:');
  for (const m of idempotencyMigrations) if (typeof m.up === 'string') db.exec(m.up);
  return new IdempotencyStore(db, () => clock.now());
}

describe('idempotency store', () => {
  const account = 'a'.repeat(24);

  it('fingerprints ignore key order but not values, endpoint or account', () => {
    const base = fingerprint('B3', account, { profileId: 'x', message: 'hi' });
    expect(fingerprint('B3', account, { message: 'hi', profileId: 'x' })).toBe(base);
    expect(fingerprint('B3', account, { profileId: 'x', message: 'hi!' })).not.toBe(base);
    expect(fingerprint('D11', account, { profileId: 'x', message: 'hi' })).not.toBe(base);
    expect(fingerprint('B3', 'b'.repeat(24), { profileId: 'x', message: 'hi' })).not.toBe(base);
  });

  it('replays the stored response for the same request, refuses a different one', () => {
    const clock = new ManualClock();
    const store = open(clock);
    const print = fingerprint('B3', account, { profileId: 'x' });
    expect(store.lookup('u1', 'k1', print)).toEqual({ kind: 'new' });
    store.save('u1', 'k1', print, { endpointId: 'B3', accountId: account }, { status: 200, body: { success: true, invitationId: 'i1' } });
    expect(store.lookup('u1', 'k1', print)).toEqual({
      kind: 'replay',
      response: { status: 200, body: { success: true, invitationId: 'i1' } },
    });
    expect(store.lookup('u1', 'k1', fingerprint('B3', account, { profileId: 'y' }))).toEqual({ kind: 'mismatch', endpointId: 'B3' });
    // Keys are per user: another user's identical key is new.
    expect(store.lookup('u2', 'k1', print)).toEqual({ kind: 'new' });
  });

  it('forgets a key after 24 hours exactly', () => {
    const clock = new ManualClock('2026-03-02T10:00:00.000Z');
    const store = open(clock);
    const print = fingerprint('E3', account, {});
    store.save('u1', 'k', print, { endpointId: 'E3' }, { status: 200, body: {} });
    clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect(store.lookup('u1', 'k', print).kind).toBe('replay');
    clock.advance(1);
    expect(store.lookup('u1', 'k', print).kind).toBe('new');
    expect(store.purgeExpired()).toBe(1);
  });

  it('accepts UUID-like keys and refuses empty, spaced or oversized ones', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('3f2c1a9e-7b1d-4c55-9a0e-2f8d6f1b7c01')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('has space')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(256))).toBe(false);
  });
});
