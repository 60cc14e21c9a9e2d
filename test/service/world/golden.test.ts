import { describe, expect, it } from 'vitest';
import { accountView, generateWorld } from '../../../src/service/world/index.js';
import { Mersenne32 } from '../../../src/service/world/mersenne.js';
import { hashOf } from './fixture.js';

/**
 * The demo seed's world, pinned by digest: every data directory, every start
 * and every speed-up of the generator must serve exactly this world (stored
 * invitations, messages and reactions name its ids). The digests were taken
 * from the generator before the start-up work (Faker's own randomizer).
 */
describe('the demo world is pinned', () => {
  it('generates the same world, byte for byte, as before', () => {
    expect(hashOf(generateWorld('outreach'))).toBe('81d3effdf916fb33dffee05dd26ef437ba5c4c18623979151288de58d73fbf2a');
    expect(hashOf(generateWorld('outreach', { epochMs: Date.UTC(2026, 10, 22) }))).toBe('f80491f63688ba7bc49920e8e15c8655536638f588a97c8c20bb111e1df0770b');
  });

  it('builds the same account view as before', () => {
    const owner = { firstName: 'Ada', lastName: 'Lovelace', publicId: 'ada-lovelace', premium: true, salesNavigator: true };
    expect(hashOf(accountView(generateWorld('outreach'), 'a00000000000000000000001', owner))).toBe(
      'bb4c3a81d4943c096e73cd6770b87131477dde741d43d7c4150a5b1e9e918661',
    );
  });

  it('draws the reference MT19937 sequence (init_by_array 0x123, 0x234, 0x345, 0x456)', () => {
    // The first outputs of the algorithm's reference implementation (mt19937ar.c), as 32-bit integers.
    const mt = new Mersenne32([0x123, 0x234, 0x345, 0x456]);
    const first = Array.from({ length: 5 }, () => Math.round(mt.next() * 2 ** 32));
    expect(first).toEqual([1067595299, 955945823, 477289528, 4107218783, 4228976476]);
  });
});
