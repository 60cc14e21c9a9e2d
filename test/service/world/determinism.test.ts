import { describe, expect, it } from 'vitest';
import { accountView, generateWorld } from '../../../src/service/world/index.js';
import { ACCOUNT_A, ACCOUNT_B, OWNER, SMALL, hashOf } from './fixture.js';

describe('world determinism', () => {
  it('builds a deeply equal default-size world from the same seed', () => {
    const a = generateWorld('same-seed');
    const b = generateWorld('same-seed');
    expect(a.people).toHaveLength(3000);
    expect(hashOf(a)).toBe(hashOf(b));
  });

  it('builds different worlds from different seeds', () => {
    const a = generateWorld('seed-one', SMALL);
    const b = generateWorld('seed-two', SMALL);
    expect(hashOf(a)).not.toBe(hashOf(b));
    expect(a.people.map((p) => p.profileId)).not.toEqual(b.people.map((p) => p.profileId));
  });

  it('keeps two worlds independent when generated interleaved', () => {
    const alone = hashOf(generateWorld('independent', SMALL));
    const other = generateWorld('other', SMALL);
    const again = generateWorld('independent', SMALL);
    expect(hashOf(again)).toBe(alone);
    expect(hashOf(other)).not.toBe(alone);
  });

  it('anchors every timestamp at epochMs, so a later epoch shifts the world', () => {
    const early = generateWorld('anchor', SMALL);
    const later = generateWorld('anchor', { ...SMALL, epochMs: SMALL.epochMs + 86_400_000 });
    expect(hashOf(later)).not.toBe(hashOf(early));
    for (const p of early.posts) expect(p.createdAtMs).toBeLessThanOrEqual(early.epochMs);
    for (const j of early.jobs) expect(j.postedAtMs).toBeLessThanOrEqual(early.epochMs);
  });

  it('rejects a people count too small to hold a network', () => {
    expect(() => generateWorld('x', { people: 3 })).toThrow(/people/);
  });

  it('gives the same account view for the same account and different views for different accounts', () => {
    const world = generateWorld('views', SMALL);
    const a1 = accountView(world, ACCOUNT_A, OWNER);
    const a2 = accountView(generateWorld('views', SMALL), ACCOUNT_A, OWNER);
    const b = accountView(world, ACCOUNT_B, OWNER);
    expect(hashOf(a1)).toBe(hashOf(a2));
    expect(hashOf(b)).not.toBe(hashOf(a1));
    expect(b.connections.map((c) => c.personId)).not.toEqual(a1.connections.map((c) => c.personId));
  });

  it('keeps the base view when only the plan changes, adding plan-only threads', () => {
    const world = generateWorld('plans', SMALL);
    const free = accountView(world, ACCOUNT_A, OWNER);
    const sales = accountView(world, ACCOUNT_A, { ...OWNER, premium: true, salesNavigator: true });
    expect(sales.connections).toEqual(free.connections);
    expect(sales.posts).toEqual(free.posts);
    expect(free.conversations.every((c) => c.source === 'network' && c.kind !== 'inmail')).toBe(true);
    expect(sales.conversations.some((c) => c.source === 'sales_navigator')).toBe(true);
    expect(sales.conversations.some((c) => c.kind === 'inmail' && c.source === 'network')).toBe(true);
  });
});
