import {
  EVENT_ATTENDEES_PAGE_SIZE,
  listEventAttendees,
  listGroupMembers,
  listGroupMembersByUrl,
  listGroupMembersLegacy,
} from '../../../contract/endpoints/groups.js';
import { assertMayListMembers, groupOrThrow } from '../groups/index.js';
import * as W from '../../world/index.js';
import { unit } from '../actions/simulation.js';
import { DomainError, handle, type DomainDeps } from '../context.js';
import { memberResult } from './map.js';

/** F1, F2, F5 (group members) and F6 (event attendees). */


function membersPage(
  deps: DomainDeps,
  group: W.Group,
  filter: { roles?: W.GroupRole[]; joinedAfterMs?: number; keywords?: string },
  start: number,
  count: number,
) {
  const world = deps.world();
  const rows = group.members.flatMap((m) => {
    if (filter.roles && !filter.roles.includes(m.role)) return [];
    if (filter.joinedAfterMs !== undefined && m.joinedAtMs <= filter.joinedAfterMs) return [];
    const p = W.findPerson(world, m.personId);
    if (!p) return [];
    if (filter.keywords && !W.matchesKeywords(`${p.firstName} ${p.lastName} | ${p.headline}`, filter.keywords)) return [];
    return [memberResult(m, p)];
  });
  const page = W.pageOf(rows, { start, count });
  return { success: true, members: page.items, hasMore: page.hasMore };
}

export const members = handle(listGroupMembers, (deps, { account, input }) => {
  const g = groupOrThrow(deps.world(), input.groupId, 'groupId');
  assertMayListMembers(deps, account, g);
  const f = input.filters ?? {};
  return membersPage(
    deps,
    g,
    { ...(f.role ? { roles: f.role } : {}), ...(f.joinedAfter ? { joinedAfterMs: Date.parse(`${f.joinedAfter}T23:59:59.999Z`) } : {}) },
    input.offset,
    input.limit,
  );
});

export const membersByUrl = handle(listGroupMembersByUrl, (deps, { account, input }) => {
  if (!/\/groups\/[^/?#]+/.test(input.groupUrl)) throw new DomainError(400, `groupUrl: not a group URL (…/groups/<id>): "${input.groupUrl}"`);
  const g = groupOrThrow(deps.world(), input.groupUrl, 'groupUrl');
  assertMayListMembers(deps, account, g);
  return membersPage(deps, g, {}, input.start, input.count);
});

const STATUS_ROLE: Record<'OWNER' | 'MANAGER' | 'MEMBER', W.GroupRole> = { OWNER: 'Owner', MANAGER: 'Manager', MEMBER: 'Member' };

export const membersLegacy = handle(listGroupMembersLegacy, (deps, { account, input }) => {
  const g = groupOrThrow(deps.world(), input.group, 'group');
  assertMayListMembers(deps, account, g);
  return membersPage(
    deps,
    g,
    { ...(input.membershipStatus ? { roles: [STATUS_ROLE[input.membershipStatus]] } : {}), ...(input.keywords ? { keywords: input.keywords } : {}) },
    input.start,
    input.count,
  );
});

/** The event id of a numeric id, an event URL (/events/<id>) or a search URL with eventAttending. */
export function eventIdOf(ref: string): string | undefined {
  const trimmed = ref.trim();
  if (/^\d{3,19}$/.test(trimmed)) return trimmed;
  const fromPath = /\/events\/(?:[^/?#]*-)?(\d{3,19})/.exec(trimmed)?.[1];
  if (fromPath) return fromPath;
  const attending = /[?&]eventAttending=([^&#]+)/.exec(trimmed)?.[1];
  return attending ? /(\d{3,19})/.exec(decodeURIComponent(attending))?.[1] : undefined;
}

/**
 * The world has no events: an event's attendees are drawn from the world
 * deterministically from its id (20-200 people), so the same id always lists
 * the same people in the same order.
 */
export function attendeesOf(world: W.World, eventId: string): W.Person[] {
  const size = 20 + Math.floor(unit(world.seed, 'event', eventId, 'size') * 181);
  return [...world.people]
    .map((p) => ({ p, key: unit(world.seed, 'event', eventId, p.id) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, size)
    .map((x) => x.p);
}

export const attendees = handle(listEventAttendees, (deps, { account, input }) => {
  const eventId = eventIdOf(input.event);
  if (!eventId) throw new DomainError(400, `event: expected a numeric event id, an event URL or a search URL with eventAttending, got "${input.event}"`);
  const page = W.pageOf(attendeesOf(deps.world(), eventId), { start: input.start, count: EVENT_ATTENDEES_PAGE_SIZE });
  return {
    success: true,
    attendees: page.items.map((p) => ({
      name: `${p.firstName} ${p.lastName}`,
      headline: p.headline,
      location: p.location.name,
      profilePicture: p.profilePicture,
      connectionDegree: W.degreeLabel(deps.network.degreeOf(account, p.id)),
      profileUrl: p.profileUrl,
    })),
    start: page.start,
    hasMore: page.hasMore,
  };
});
