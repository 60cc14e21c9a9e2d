import { describe, expect, it } from 'vitest';
import type { ConnectionRequestSent, Relationship, SentInvitationsPage } from '../../../../src/contract/resources/profiles.js';
import { actionsModule, invitationOutcome } from '../../../../src/service/domain/actions/index.js';
import { SENT_INVITATIONS_PAGE } from '../../../../src/service/domain/actions/outreach.js';
import { ConnectionAcceptedData } from '../../../../src/service/webhooks/events.js';
import type { Person } from '../../../../src/service/world/index.js';
import { ACCOUNTS, testWorld } from '../harness.js';
import { DAY, actionsHarness, eventsOf, personWhere, refusal } from './helpers.js';

const me = ACCOUNTS.free;
const world = () => testWorld();
const worldView = () => actionsHarness().deps.view(me);

/** A 3rd-degree person who accepts, with world connections that are 3rd degree to the account too. */
function accepter(): Person {
  const view = worldView();
  return personWhere(
    (p) =>
      view.degreeOf(p.id) === 3 &&
      invitationOutcome(world(), me.id, p).accepts &&
      p.connectionIds.some((c) => view.degreeOf(c) === 3),
  );
}

function ignorer(): Person {
  const view = worldView();
  return personWhere((p) => view.degreeOf(p.id) !== 1 && !invitationOutcome(world(), me.id, p).accepts);
}

function tables(h: ReturnType<typeof actionsHarness>) {
  const count = (table: string) => (h.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { invitations: count('actions_invitations'), due: count('actions_due') };
}

describe('B3 → B6 → acceptance → B4', () => {
  it('sends, lists, accepts once at the due time, and the relationship turns 1st degree', () => {
    const h = actionsHarness();
    const person = accepter();
    const sentAt = h.clock.now();
    const outcome = invitationOutcome(world(), me.id, person);

    const sent = h.call<ConnectionRequestSent>(actionsModule, 'B3', me, { profileId: person.profileId, message: 'Hi, shall we connect?' });
    expect(sent).toEqual({ success: true, invitationId: sent.invitationId, timestamp: new Date(sentAt).toISOString() });
    expect(sent.invitationId).toMatch(/^[1-9]\d{18}$/);

    const listed = h.call<SentInvitationsPage>(actionsModule, 'B6', me, {});
    expect(listed).toEqual({
      success: true,
      invitations: [
        {
          id: sent.invitationId,
          invitationId: sent.invitationId,
          invitationUrn: `urn:li:invitation:${sent.invitationId}`,
          memberId: person.memberId,
          memberUrn: person.memberUrn,
          invitationType: 'SENT',
          sentAt: 'Just now',
          profile: {
            firstName: person.firstName,
            lastName: person.lastName,
            headline: person.headline,
            profileUrl: person.profileUrl,
            publicIdentifier: person.profileId,
          },
        },
      ],
      count: 1,
      startIndex: 0,
      accountId: me.id,
    });

    const pending = h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId });
    expect(pending).toEqual({
      success: true,
      profileId: person.profileId,
      connectionDegree: 'DISTANCE_3',
      degree: 3,
      connected: false,
      following: false,
      follower: pending.follower,
      invitationPending: true,
      availableActions: ['WITHDRAW', 'FOLLOW'],
    });

    // One millisecond early: nothing happens.
    h.clock.set(sentAt + outcome.delayMs - 1);
    actionsModule.runDue!(h.deps, h.clock.now());
    expect(eventsOf(h, 'connection.accepted')).toEqual([]);
    expect(h.call<SentInvitationsPage>(actionsModule, 'B6', me, {}).count).toBe(1);

    h.clock.set(sentAt + outcome.delayMs);
    actionsModule.runDue!(h.deps, h.clock.now());
    actionsModule.runDue!(h.deps, h.clock.now());
    h.clock.advance(3 * DAY);
    actionsModule.runDue!(h.deps, h.clock.now());

    const accepted = eventsOf(h, 'connection.accepted');
    expect(accepted).toEqual([
      {
        userId: me.userId,
        accountId: me.id,
        event: 'connection.accepted',
        data: {
          accountId: me.id,
          profileId: person.profileId,
          fullName: `${person.firstName} ${person.lastName}`,
          headline: person.headline,
          connectionDate: new Date(sentAt + outcome.delayMs).toISOString(),
        },
      },
    ]);
    expect(ConnectionAcceptedData.safeParse(accepted[0]!.data).success).toBe(true);

    expect(h.call<SentInvitationsPage>(actionsModule, 'B6', me, {})).toMatchObject({ invitations: [], count: 0 });
    expect(h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId })).toEqual({
      success: true,
      profileId: person.profileId,
      connectionDegree: 'DISTANCE_1',
      degree: 1,
      connected: true,
      following: true,
      follower: true,
      invitationPending: false,
      availableActions: ['MESSAGE', 'UNFOLLOW'],
    });

    // The new connection's own connections come within reach: 3rd → 2nd degree.
    const friendOfFriend = person.connectionIds.find((c) => worldView().degreeOf(c) === 3)!;
    expect(h.deps.network.degreeOf(me, friendOfFriend)).toBe(2);
    expect(h.deps.network.connectionIds(me).has(person.id)).toBe(true);

    // And a second request is refused as an existing connection.
    const again = refusal(() => h.call(actionsModule, 'B3', me, { profileId: person.profileId }));
    expect(again.status).toBe(400);
    expect(again.message).toBe(`Already connected with ${person.firstName} ${person.lastName} (1st degree); send a message instead`);
  });

  it('leaves an invitation the person does not accept pending', () => {
    const h = actionsHarness();
    const person = ignorer();
    const sent = h.call<ConnectionRequestSent>(actionsModule, 'B3', me, { profileId: person.profileUrl });
    h.clock.advance(30 * DAY);
    actionsModule.runDue!(h.deps, h.clock.now());
    expect(eventsOf(h, 'connection.accepted')).toEqual([]);
    const listed = h.call<SentInvitationsPage>(actionsModule, 'B6', me, {});
    expect(listed.invitations.map((i) => [i.invitationId, i.sentAt])).toEqual([[sent.invitationId, '1 month ago']]);
    expect(h.call<Relationship>(actionsModule, 'B4', me, { profileId: person.profileId }).invitationPending).toBe(true);
  });
});

describe('B3 refusals change nothing', () => {
  it('refuses a second pending invitation to the same person with 400', () => {
    const h = actionsHarness();
    const person = ignorer();
    const first = h.call<ConnectionRequestSent>(actionsModule, 'B3', me, { profileId: person.profileId });
    const before = tables(h);
    const err = refusal(() => h.call(actionsModule, 'B3', me, { profileId: person.profileUrn, message: 'Trying again' }));
    expect(err.status).toBe(400);
    expect(err.message).toBe(
      `A connection request to ${person.firstName} ${person.lastName} is already pending (invitation ${first.invitationId}, sent ${new Date(h.clock.now()).toISOString()})`,
    );
    expect(tables(h)).toEqual(before);
    expect(h.call<SentInvitationsPage>(actionsModule, 'B6', me, {}).invitations.map((i) => i.invitationId)).toEqual([first.invitationId]);
  });

  it('refuses an existing 1st-degree connection of the world with 400', () => {
    const h = actionsHarness();
    const friend = testWorld().people.find((p) => p.id === h.deps.view(me).connections[0]!.personId)!;
    const err = refusal(() => h.call(actionsModule, 'B3', me, { profileId: friend.profileId }));
    expect(err.status).toBe(400);
    expect(err.message).toBe(`Already connected with ${friend.firstName} ${friend.lastName} (1st degree); send a message instead`);
    expect(tables(h).invitations).toBe(0);
  });

  it('answers 404 for an unknown profile and 400 for the account itself', () => {
    const h = actionsHarness();
    const missing = refusal(() => h.call(actionsModule, 'B3', me, { profileId: 'no-such-person-xyz' }));
    expect([missing.status, missing.message]).toEqual([404, 'Profile not found: no-such-person-xyz']);
    const self = refusal(() => h.call(actionsModule, 'B3', me, { profileId: `https://www.network.example/in/${me.publicId}/` }));
    expect([self.status, self.message]).toEqual([400, 'You cannot send a connection request to yourself']);
    expect(tables(h).invitations).toBe(0);
  });

  it('enforces the 300-character note in the schema; 300 exactly is fine', () => {
    const h = actionsHarness();
    const person = ignorer();
    expect(() => h.call(actionsModule, 'B3', me, { profileId: person.profileId, message: 'x'.repeat(301) })).toThrow(
      'invalid input for B3: message: Connection message must be at most 300 characters',
    );
    expect(tables(h).invitations).toBe(0);
    h.call(actionsModule, 'B3', me, { profileId: person.profileId, message: 'x'.repeat(300) });
    expect(tables(h).invitations).toBe(1);
  });
});

describe('B6 paging', () => {
  it('lists newest first in pages of 20 by startIndex; debug adds the raw answer', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const people = testWorld().people.filter((p) => view.degreeOf(p.id) !== 1).slice(0, 25);
    const ids: string[] = [];
    for (const p of people) {
      ids.push(h.call<ConnectionRequestSent>(actionsModule, 'B3', me, { profileId: p.profileId }).invitationId);
      h.clock.advance(60_000);
    }
    const newestFirst = [...ids].reverse();
    const first = h.call<SentInvitationsPage>(actionsModule, 'B6', me, {});
    expect(SENT_INVITATIONS_PAGE).toBe(20);
    expect(first.invitations.map((i) => i.invitationId)).toEqual(newestFirst.slice(0, 20));
    expect([first.count, first.startIndex, first.rawResponse]).toEqual([20, 0, undefined]);
    expect(first.invitations[0]!.sentAt).toBe('1 minute ago');
    expect(first.invitations[19]!.sentAt).toBe('20 minutes ago');
    const second = h.call<SentInvitationsPage>(actionsModule, 'B6', me, { startIndex: 20, debug: true });
    expect(second.invitations.map((i) => i.invitationId)).toEqual(newestFirst.slice(20));
    expect([second.count, second.startIndex]).toEqual([5, 20]);
    const raw = JSON.parse(second.rawResponse!) as { paging: { start: number }; elements: Array<{ invitationUrn: string; invitee: { publicIdentifier: string } }> };
    expect(raw.paging.start).toBe(20);
    expect(raw.elements.map((e) => e.invitationUrn)).toEqual(second.invitations.map((i) => i.invitationUrn));
    expect(raw.elements.map((e) => e.invitee.publicIdentifier)).toEqual(second.invitations.map((i) => i.profile.publicIdentifier));
    expect(h.call<SentInvitationsPage>(actionsModule, 'B6', me, { startIndex: 25 })).toMatchObject({ invitations: [], count: 0 });
  });

  it('keeps each account\'s invitations apart', () => {
    const h = actionsHarness();
    const person = ignorer();
    h.call(actionsModule, 'B3', me, { profileId: person.profileId });
    expect(h.call<SentInvitationsPage>(actionsModule, 'B6', ACCOUNTS.business, {}).count).toBe(0);
  });
});

describe('B4 relationship', () => {
  it('reports the world degree, follow state and actions; INMAIL for premium accounts only', () => {
    const h = actionsHarness();
    const view = h.deps.view(ACCOUNTS.salesNav);
    const second = personWhere((p) => view.degreeOf(p.id) === 2);
    const out = h.call<Relationship>(actionsModule, 'B4', ACCOUNTS.salesNav, { profileId: second.profileId });
    const following = view.following.people.some((f) => f.personId === second.id);
    expect(out).toEqual({
      success: true,
      profileId: second.profileId,
      connectionDegree: 'DISTANCE_2',
      degree: 2,
      connected: false,
      following,
      follower: view.followers.some((f) => f.personId === second.id),
      invitationPending: false,
      availableActions: ['CONNECT', 'INMAIL', following ? 'UNFOLLOW' : 'FOLLOW'],
    });
    const freeView = h.deps.view(me);
    const stranger = personWhere((p) => freeView.degreeOf(p.id) !== 1 && !freeView.following.people.some((f) => f.personId === p.id));
    expect(h.call<Relationship>(actionsModule, 'B4', me, { profileId: stranger.profileId }).availableActions).toEqual(['CONNECT', 'FOLLOW']);
  });

  it('shows a world connection as 1st degree with MESSAGE', () => {
    const h = actionsHarness();
    const view = h.deps.view(me);
    const edge = view.connections[0]!;
    const friend = testWorld().people.find((p) => p.id === edge.personId)!;
    const out = h.call<Relationship>(actionsModule, 'B4', me, { profileId: friend.profileUrn });
    expect(out).toMatchObject({ profileId: friend.profileId, connectionDegree: 'DISTANCE_1', degree: 1, connected: true, invitationPending: false });
    expect(out.availableActions[0]).toBe('MESSAGE');
    expect(out.availableActions).not.toContain('CONNECT');
    expect(out.availableActions).not.toContain('INMAIL');
  });

  it('answers 404 for an unknown profile', () => {
    const h = actionsHarness();
    const err = refusal(() => h.call(actionsModule, 'B4', me, { profileId: 'nobody-here-123' }));
    expect([err.status, err.message]).toEqual([404, 'Profile not found: nobody-here-123']);
  });
});
