import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { findPerson, type Group, type Person, type World } from '../../src/service/world/index.js';
import { startLive, type LiveService } from './http-harness.js';

/** Accounts belong to groups; group messaging needs both sides in the group; private groups list members to members only. */

const FREE = DEMO_ACCOUNTS.free;
let live: LiveService;
let world: World;
let own: Set<string>;
let degreeOf: (personId: string) => number;

// One service for the file (a world build each is slow); tests use different groups, the clock moves last.
beforeAll(async () => {
  live = await startLive();
  world = live.service.deps.world();
  const acting = live.service.accounts.find('demo', FREE)!;
  own = new Set(live.service.deps.view(acting).groupIds);
  degreeOf = (id) => live.service.deps.network.degreeOf(acting, id);
});
afterAll(() => live.close());

/** A non-connection member of the group without an open profile (only group context could reach them). */
const strangerIn = (g: Group): Person | undefined =>
  g.members.map((m) => findPerson(world, m.personId)!).find((p) => degreeOf(p.id) > 1 && !p.isOpenProfile);
const notJoined = (isPrivate: boolean) => world.groups.find((g) => !own.has(g.groupId) && g.isPrivate === isPrivate && strangerIn(g))!;
const name = (p: Person) => `${p.firstName} ${p.lastName}`;

describe('group membership', () => {
  it('accounts belong to groups from the world, the same on every start', () => {
    expect(own.size).toBeGreaterThanOrEqual(3);
    const g = world.groups.find((x) => own.has(x.groupId))!;
    return live.request('POST', '/groups/details', { body: { accountId: FREE, groupId: g.groupId } }).then((r) => {
      expect(r.status).toBe(200);
      expect(r.body.group.membership).toBe('MEMBER');
    });
  });

  it('D12 and B2 with groupId refuse a recipient reached only through a group the sender is not in (403)', async () => {
    const g = notJoined(false);
    const p = strangerIn(g)!;
    const expected = {
      error: `${name(p)} is not a 1st-degree connection, and this account is not a member of group ${g.name} (${g.groupId}); group messaging needs both sides in the group (join_group, POST /groups/join)`,
      success: false,
    };
    const d12 = await live.request('POST', '/messaging/send-group', { body: { accountId: FREE, recipientProfileId: p.profileId, groupId: g.groupId, message: 'Hi' } });
    expect(d12.status).toBe(403);
    expect(d12.body).toEqual(expected);
    const b2 = await live.request('POST', '/message', { body: { accountId: FREE, recipientProfileId: p.profileId, groupId: g.groupId, message: 'Hi' } });
    expect(b2.status).toBe(403);
    expect(b2.body).toEqual(expected);
    // Nothing was sent.
    const audit = live.service.db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE account_id = ? AND endpoint_id IN ('D12', 'B2')").get(FREE) as { n: number };
    expect(audit.n).toBe(0);
  });

  it('a recipient outside the group is refused even when the sender is a member', async () => {
    const g = world.groups.find((x) => own.has(x.groupId))!;
    const outsider = world.people.find((p) => degreeOf(p.id) > 1 && !p.isOpenProfile && !g.members.some((m) => m.personId === p.id))!;
    const r = await live.request('POST', '/messaging/send-group', { body: { accountId: FREE, recipientProfileId: outsider.profileId, groupId: g.groupId, message: 'Hi' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error: `${name(outsider)} is not a 1st-degree connection and not a member of group ${g.name} (${g.groupId}); group messaging reaches members only`,
      success: false,
    });
  });

  it('a 1st-degree connection needs no group: the 1st-degree rule applies', async () => {
    const acting = live.service.accounts.find('demo', FREE)!;
    const friend = findPerson(world, live.service.deps.view(acting).connections[0]!.personId)!;
    const g = notJoined(true);
    const r = await live.request('POST', '/messaging/send-group', { body: { accountId: FREE, recipientProfileId: friend.profileId, groupId: g.groupId, message: 'Hi' } });
    expect(r.status).toBe(200);
  });

  it('joining a public group admits at once; then group messaging works', async () => {
    const g = world.groups.filter((x) => !own.has(x.groupId) && !x.isPrivate && strangerIn(x))[1]!;
    const p = strangerIn(g)!;
    const joined = await live.request('POST', '/groups/join', { body: { accountId: FREE, groupId: g.groupId } });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ success: true, groupId: g.groupId, status: 'MEMBER', approvalExpectedAt: null });
    const sent = await live.request('POST', '/messaging/send-group', { body: { accountId: FREE, recipientProfileId: p.profileId, groupId: g.groupId, message: 'Fellow member' } });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
  });

  it('a private group: members only for members; a join waits for approval, then members show and messaging works', async () => {
    const g = notJoined(true);
    const p = strangerIn(g)!;
    const privateError = {
      error: `Group ${g.name} (${g.groupId}) is private: only its members see who is in it; join it first (join_group, POST /groups/join)`,
      success: false,
    };
    for (const [path, body] of [
      ['/groups/members', { accountId: FREE, groupId: g.groupId }],
      ['/groups/members-by-url', { accountId: FREE, groupUrl: g.groupUrl }],
      ['/groups/members/legacy', { accountId: FREE, group: g.groupId }],
    ] as const) {
      const r = await live.request('POST', path, { body });
      expect(r.status, path).toBe(403);
      expect(r.body).toEqual(privateError);
    }
    // A public group lists its members to anyone.
    const open = notJoined(false);
    expect((await live.request('POST', '/groups/members', { body: { accountId: FREE, groupId: open.groupId } })).status).toBe(200);

    const joined = await live.request('POST', '/groups/join', { body: { accountId: FREE, groupId: g.groupId } });
    expect(joined.status).toBe(200);
    expect(joined.body.status).toBe('PENDING');
    const approvalAt = Date.parse(joined.body.approvalExpectedAt);
    expect(approvalAt - live.clock.now()).toBeGreaterThanOrEqual(3_600_000);
    expect(approvalAt - live.clock.now()).toBeLessThanOrEqual(48 * 3_600_000);
    const pending = await live.request('POST', '/messaging/send-group', { body: { accountId: FREE, recipientProfileId: p.profileId, groupId: g.groupId, message: 'Hi' } });
    expect(pending.status).toBe(403);
    expect(pending.body.error).toBe(`${name(p)} is not a 1st-degree connection, and this account is not a member of group ${g.name} (${g.groupId}): its request to join is still pending; group messaging needs both sides in the group (join_group, POST /groups/join)`);
    expect((await live.request('POST', '/groups/details', { body: { accountId: FREE, groupId: g.groupId } })).body.group.membership).toBe('PENDING');
    // Asking again changes nothing.
    expect((await live.request('POST', '/groups/join', { body: { accountId: FREE, groupId: g.groupId } })).body.approvalExpectedAt).toBe(joined.body.approvalExpectedAt);

    live.clock.set(approvalAt - 1);
    expect((await live.request('POST', '/groups/members', { body: { accountId: FREE, groupId: g.groupId } })).status).toBe(403);
    live.clock.set(approvalAt);
    const members = await live.request('POST', '/groups/members', { body: { accountId: FREE, groupId: g.groupId } });
    expect(members.status).toBe(200);
    expect(members.body.members.length).toBeGreaterThan(0);
    const sent = await live.request('POST', '/messaging/send-group', { body: { accountId: FREE, recipientProfileId: p.profileId, groupId: g.groupId, message: 'Hello' } });
    expect(sent.status).toBe(200);
  });

  it('joining an unknown group is a 404 naming it', async () => {
    const r = await live.request('POST', '/groups/join', { body: { accountId: FREE, groupId: '1' } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Group not found (groupId): 1', success: false });
  });
});
