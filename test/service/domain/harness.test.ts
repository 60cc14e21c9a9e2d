import { describe, expect, it } from 'vitest';
import { ACCOUNTS, createHarness, testWorld } from './harness.js';

describe('domain test harness', () => {
  it('builds deps over one shared world with per-account views', () => {
    const h = createHarness();
    expect(h.deps.world()).toBe(testWorld());
    const view = h.deps.view(ACCOUNTS.free);
    expect(h.deps.view(ACCOUNTS.free)).toBe(view);
    const friend = view.connections[0]!.personId;
    expect(h.deps.network.degreeOf(ACCOUNTS.free, friend)).toBe(1);
    expect(h.deps.network.connectionIds(ACCOUNTS.free).has(friend)).toBe(true);
  });
});
