import {
  followProfile,
  getRelationship,
  listSentInvitations,
  sendConnectionRequest,
} from '../../../contract/endpoints/actions.js';
import type { RelationshipAction, SentInvitation } from '../../../contract/resources/profiles.js';
import { degreeDistance, findPerson, relativeAge, type Person } from '../../world/index.js';
import { DomainError, handle } from '../context.js';
import { touchAccount } from './activity.js';
import { followedVisit, invitationIdFor, invitationOutcome, inviteeVisit } from './simulation.js';
import { schedule, sql, touchNetwork, type InvitationRow } from './store.js';
import { companyOrThrow, fullName, isOwnProfile, looksLikeCompany, personOrThrow } from './targets.js';

/** B1 follow/unfollow, B3 connection request, B4 relationship, B6 sent invitations. */

/** Sent invitations per B6 page (the spec gives startIndex but no page size). */
export const SENT_INVITATIONS_PAGE = 20;

export const follow = handle(followProfile, (deps, { account, input }) => {
  touchAccount(deps, account);
  const ref = (input.profileId ?? input.profileUrn) as string;
  const isCompany = input.profileType === 'company' || looksLikeCompany(ref);
  if (!isCompany && isOwnProfile(account, ref)) throw new DomainError(400, 'You cannot follow your own profile');
  const world = deps.world();
  const person = isCompany ? undefined : personOrThrow(world, ref);
  const target = person
    ? { id: person.id, type: 'person' as const }
    : { id: companyOrThrow(world, ref).companyId, type: 'company' as const };
  const want = input.action === 'follow';
  // Following a followed target, or unfollowing one not followed, changes nothing.
  if (deps.network.isFollowing(account, target.id) !== want) {
    const now = deps.clock.now();
    sql(deps.db).upsertFollow.run(account.id, target.id, target.type, want ? 1 : 0, now);
    touchNetwork(deps.db, account.id);
    if (want && person) {
      // A new follower sometimes gets a look back (once per person).
      const visit = followedVisit(world, account.id, person);
      if (visit.visits) {
        schedule(deps.db, account.id, 'visit', `follow:${target.id}`, now + visit.delayMs, { personId: target.id, anonymousLabel: null });
      }
    }
  }
  return { success: true, following: want };
});

export const connect = handle(sendConnectionRequest, (deps, { account, input }) => {
  touchAccount(deps, account);
  if (isOwnProfile(account, input.profileId)) throw new DomainError(400, 'You cannot send a connection request to yourself');
  const world = deps.world();
  const person = personOrThrow(world, input.profileId);
  const name = fullName(person);
  if (deps.network.degreeOf(account, person.id) === 1) {
    throw new DomainError(400, `Already connected with ${name} (1st degree); send a message instead`);
  }
  const s = sql(deps.db);
  const pending = s.pendingTo.get(account.id, person.id);
  if (pending) {
    throw new DomainError(
      400,
      `A connection request to ${name} is already pending (invitation ${pending.invitation_id}, sent ${new Date(pending.sent_at_ms).toISOString()})`,
    );
  }
  const now = deps.clock.now();
  const sequence = s.invitationCount.get(account.id)?.n ?? 0;
  const invitationId = invitationIdFor(world, account.id, person.id, sequence);
  const note = input.message !== undefined && input.message.trim().length > 0 ? input.message : null;
  s.insertInvitation.run(invitationId, account.id, person.id, `urn:li:invitation:${invitationId}`, note, now);

  // What the invitee will do, decided now from their propensities.
  const outcome = invitationOutcome(world, account.id, person);
  if (outcome.accepts) schedule(deps.db, account.id, 'accept', invitationId, now + outcome.delayMs, {});
  const visit = inviteeVisit(world, account.id, person);
  if (visit.visits) {
    schedule(deps.db, account.id, 'visit', `invite:${invitationId}`, now + visit.delayMs, { personId: person.id, anonymousLabel: null });
  }
  return { success: true, invitationId, timestamp: new Date(now).toISOString() };
});

export const relationship = handle(getRelationship, (deps, { account, input }) => {
  touchAccount(deps, account);
  if (isOwnProfile(account, input.profileId)) {
    throw new DomainError(400, 'This is the account\'s own profile; a relationship needs another person');
  }
  const person = personOrThrow(deps.world(), input.profileId);
  const s = sql(deps.db);
  const degree = deps.network.degreeOf(account, person.id);
  const following = deps.network.isFollowing(account, person.id);
  const pending = s.pendingTo.get(account.id, person.id) !== undefined;
  // Connecting makes the other side follow the account too.
  const follower =
    deps.view(account).followers.some((f) => f.personId === person.id) || s.acceptedTo.get(account.id, person.id) !== undefined;
  const availableActions: RelationshipAction[] = [];
  if (degree === 1) availableActions.push('MESSAGE');
  else {
    availableActions.push(pending ? 'WITHDRAW' : 'CONNECT');
    if (account.isPremium) availableActions.push('INMAIL');
  }
  availableActions.push(following ? 'UNFOLLOW' : 'FOLLOW');
  return {
    success: true,
    profileId: person.profileId,
    connectionDegree: degreeDistance(degree),
    degree,
    connected: degree === 1,
    following,
    follower,
    invitationPending: pending,
    availableActions,
  };
});

export const sentInvitations = handle(listSentInvitations, (deps, { account, input }) => {
  touchAccount(deps, account);
  const rows = sql(deps.db).pendingPage.all(account.id, SENT_INVITATIONS_PAGE, input.startIndex);
  const world = deps.world();
  const now = deps.clock.now();
  const listed = rows.flatMap((row) => {
    const person = findPerson(world, row.person_id);
    return person ? [{ row, person }] : [];
  });
  const invitations: SentInvitation[] = listed.map(({ row, person }) => ({
    id: row.invitation_id,
    invitationId: row.invitation_id,
    invitationUrn: row.invitation_urn,
    memberId: person.memberId,
    memberUrn: person.memberUrn,
    invitationType: 'SENT',
    sentAt: relativeAge(row.sent_at_ms, now),
    profile: {
      firstName: person.firstName,
      lastName: person.lastName,
      headline: person.headline,
      profileUrl: person.profileUrl,
      publicIdentifier: person.profileId,
    },
  }));
  const page = {
    success: true,
    invitations,
    count: invitations.length,
    startIndex: input.startIndex,
    accountId: account.id,
  };
  if (!input.debug) return page;
  return { ...page, rawResponse: rawResponseOf(listed, input.startIndex) };
});

/** The network's own answer for the page, as debug shows it (a JSON string). */
function rawResponseOf(listed: { row: InvitationRow; person: Person }[], start: number): string {
  return JSON.stringify({
    paging: { start, count: SENT_INVITATIONS_PAGE },
    elements: listed.map(({ row, person }) => ({
      entityUrn: `urn:li:fsd_invitation:${row.invitation_id}`,
      invitationUrn: row.invitation_urn,
      invitationType: 'SENT',
      sentTime: row.sent_at_ms,
      message: row.message,
      invitee: {
        memberUrn: person.memberUrn,
        profileUrn: person.profileUrn,
        publicIdentifier: person.profileId,
        firstName: person.firstName,
        lastName: person.lastName,
        occupation: person.headline,
      },
    })),
  });
}
