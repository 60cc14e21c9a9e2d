import { describe, expect, it } from 'vitest';
import type { FollowResult, Relationship } from '../../../../src/contract/resources/profiles.js';
import { actionsModule, createNetworkState } from '../../../../src/service/domain/actions/index.js';
import { touchNetwork } from '../../../../src/service/domain/actions/store.js';
import { ACCOUNTS, testWorld } from '../harness.js';
import { actionsHarness, personWhere, refusal } from './helpers.js';

const me = ACCOUNTS.free;

function followRows(h: ReturnType<typeof actionsHarness>): number {
  return (h.db.prepare('SELECT COUNT(*) AS n FROM actions_follows').get() as { n: number }).n;
}

describe('B1 follow and unfollow', () => {
  it('follow → B4 following → unfollow → B4 not following', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const person = personWhere((p) => view.degreeOf(p.id) !== 1 && !view.following.people.some((f) => f.personId === p.id));
    expect(h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId }).following).toBe(false);

    expect(h.call<FollowResult>(actionsModule, 'B1', me, { profileId: person.profileId })).toEqual({ success: true, following: true });
    const after = h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId });
    expect(after.following).toBe(true);
    expect(after.availableActions).toEqual(['CONNECT', 'UNFOLLOW']);
    expect(h.deps.network.isFollowing(me, person.id)).toBe(true);

    expect(h.call<FollowResult>(actionsModule, 'B1', me, { profileUrn: person.profileUrn, action: 'unfollow' })).toEqual({
      success: true,
      following: false,
    });
    const back = h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId });
    expect(back.following).toBe(false);
    expect(back.availableActions).toEqual(['CONNECT', 'FOLLOW']);
  });

  it('is idempotent: following a followed target or unfollowing one not followed writes nothing', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const followed = testWorld().people.find((p) => p.id === view.following.people[0]!.personId)!;
    expect(h.call<FollowResult>(actionsModule, 'B1', me, { profileId: followed.profileId })).toEqual({ success: true, following: true });
    const stranger = personWhere((p) => !view.following.people.some((f) => f.personId === p.id));
    expect(h.call<FollowResult>(actionsModule, 'B1', me, { profileId: stranger.profileId, action: 'unfollow' })).toEqual({
      success: true,
      following: false,
    });
    expect(followRows(h)).toBe(0);
    expect(h.deps.network.isFollowing(me, followed.id)).toBe(true);
    expect(h.deps.network.isFollowing(me, stranger.id)).toBe(false);
  });

  it('unfollowing a person the world has the account follow overrides the world', () => {
    const h = actionsHarness();
    const followed = h.deps.view(me).following.people[0]!.personId;
    const person = testWorld().people.find((p) => p.id === followed)!;
    h.call(actionsModule, 'B1', me, { profileId: person.profileUrl, action: 'unfollow' });
    expect(h.deps.network.isFollowing(me, followed)).toBe(false);
    expect(h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId }).following).toBe(false);
  });

  it('follows and unfollows companies by universal name or organization URN', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const company = testWorld().companies.find((c) => !view.following.companies.some((f) => f.companyId === c.companyId))!;
    expect(h.call<FollowResult>(actionsModule, 'B1', me, { profileId: company.universalName, profileType: 'company' })).toEqual({
      success: true,
      following: true,
    });
    expect(h.deps.network.isFollowing(me, company.companyId)).toBe(true);
    // An organization URN names a company whatever profileType says.
    h.call(actionsModule, 'B1', me, { profileUrn: company.entityUrn, action: 'unfollow' });
    expect(h.deps.network.isFollowing(me, company.companyId)).toBe(false);
  });

  it('refuses unknown targets with 404 and the own profile with 400, writing nothing', () => {
    const h = actionsHarness();
    const person = refusal(() => h.call(actionsModule, 'B1', me, { profileId: 'ghost-profile-1' }));
    expect([person.status, person.message]).toEqual([404, 'Profile not found: ghost-profile-1']);
    const company = refusal(() => h.call(actionsModule, 'B1', me, { profileId: 'ghost-company', profileType: 'company' }));
    expect([company.status, company.message]).toEqual([404, 'Company not found: ghost-company']);
    const self = refusal(() => h.call(actionsModule, 'B1', me, { profileId: me.publicId }));
    expect([self.status, self.message]).toEqual([400, 'You cannot follow your own profile']);
    expect(followRows(h)).toBe(0);
  });

  it('needs profileId or profileUrn (schema)', () => {
    const h = actionsHarness();
    expect(() => h.call(actionsModule, 'B1', me, { action: 'follow' })).toThrow('invalid input for B1: profileId: profileId or profileUrn is required');
  });
});

describe('createNetworkState', () => {
  it('without overlays equals the world', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    expect([...h.deps.network.connectionIds(me)].sort()).toEqual(view.connections.map((c) => c.personId).sort());
    for (const p of testWorld().people.slice(0, 300)) expect(h.deps.network.degreeOf(me, p.id)).toBe(view.degreeOf(p.id));
    for (const f of view.following.companies) expect(h.deps.network.isFollowing(me, f.companyId)).toBe(true);
  });

  it('sees writes made through another instance on the same database', () => {
    const h = actionsHarness();
    const { network: _ignored, ...base } = h.deps;
    const other = createNetworkState(base);
    const view = h.deps.view(me);
    const person = personWhere((p) => !view.following.people.some((f) => f.personId === p.id));
    expect(other.isFollowing(me, person.id)).toBe(false); // cached now
    h.call(actionsModule, 'B1', me, { profileId: person.profileId });
    expect(other.isFollowing(me, person.id)).toBe(true);
  });

  it('never keeps state from a rolled-back transaction', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const [a, b] = testWorld().people.filter((p) => !view.following.people.some((f) => f.personId === p.id)).slice(0, 2);
    const handler = actionsModule.handlers.get('B1')!;
    expect(() =>
      h.db.transaction(() => {
        handler(h.deps, { account: me, input: { profileId: a!.profileId, profileType: 'user', action: 'follow' } });
        expect(h.deps.network.isFollowing(me, a!.id)).toBe(true); // cached inside the transaction
        throw new Error('quota spend failed');
      })(),
    ).toThrow('quota spend failed');
    // The next overlay write (here one that reads nothing first, as an acceptance in runDue)
    // must not revive the cache filled inside the rolled-back transaction.
    touchNetwork(h.db, me.id);
    expect(h.deps.network.isFollowing(me, a!.id)).toBe(false);
    h.call(actionsModule, 'B1', me, { profileId: b!.profileId });
    expect(h.deps.network.isFollowing(me, b!.id)).toBe(true);
    expect(h.deps.network.isFollowing(me, a!.id)).toBe(false);
  });

  it('keeps accounts apart', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const person = personWhere((p) => !view.following.people.some((f) => f.personId === p.id) && !h.deps.view(ACCOUNTS.business).following.people.some((f) => f.personId === p.id));
    h.call(actionsModule, 'B1', me, { profileId: person.profileId });
    expect(h.deps.network.isFollowing(me, person.id)).toBe(true);
    expect(h.deps.network.isFollowing(ACCOUNTS.business, person.id)).toBe(false);
  });
});
