import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, IsoDate, SearchText, Start, list, pageSize, Text } from '../common.js';
import { EventAttendeesPage, GroupDetailsResponse, GroupMemberList, GroupRole, JoinGroupResult } from '../resources/groups.js';
import { ProfileDetails } from '../resources/profiles.js';
import { OrganizationList } from '../resources/organizations.js';
import { PROFILE_REF, READ_NETWORK, SET_STATE } from './shared.js';

/**
 * Spec 4.6 (F1-F4), the legacy group-members endpoint (F5), event attendees
 * (F6) and group details (G7). F5/F6 paths and fields are decided.
 */

/** Page size of event attendees, fixed by the network (spec section 8). */
export const EVENT_ATTENDEES_PAGE_SIZE = 10;

export const listGroupMembers = endpoint({
  id: 'F1',
  tool: 'list_group_members',
  title: 'Group members',
  method: 'POST',
  path: '/groups/members',
  group: 'content',
  toolset: 'groups',
  annotations: READ_NETWORK,
  description: 'Members of a group by id, optionally by role or joined after a date.',
  input: z.object({
    accountId: AccountIdOptional,
    groupId: Text.describe('Id, URN or URL'),
    limit: pageSize(100, 50),
    offset: Start,
    filters: z.object({ role: list(GroupRole), joinedAfter: IsoDate }).partial().optional(),
  }),
  output: GroupMemberList,
});

export const listGroupMembersByUrl = endpoint({
  id: 'F2',
  tool: 'list_group_members_by_url',
  title: 'Group members by URL',
  method: 'POST',
  path: '/groups/members-by-url',
  group: 'content',
  toolset: 'groups',
  annotations: READ_NETWORK,
  description: 'Members of a group given its URL.',
  input: z.object({ accountId: AccountIdOptional, groupUrl: Text, start: Start, count: pageSize(100, 50) }),
  output: GroupMemberList,
});

export const getProfile = endpoint({
  id: 'F3',
  tool: 'get_profile',
  title: 'Profile',
  method: 'POST',
  path: '/profile',
  group: 'profile',
  quota: ['PROFILE_VIEW'],
  toolset: 'profiles',
  annotations: READ_NETWORK,
  description: 'Full profile with experience, education and skills; contact info only with includeContact. The person sees the view.',
  input: z.object({
    accountId: AccountIdOptional,
    profileUrl: Text.describe(PROFILE_REF),
    includeExperience: z.boolean().default(true),
    includeEducation: z.boolean().default(true),
    includeContact: z.boolean().default(false),
  }),
  output: ProfileDetails,
});

export const listOrganizations = endpoint({
  id: 'F4',
  tool: 'list_organizations',
  title: 'Organizations directory',
  method: 'GET',
  path: '/organizations',
  group: 'search',
  toolset: 'search',
  annotations: READ_NETWORK,
  description: 'Organizations by name, industry, size range and location, with total.',
  input: z.object({
    accountId: AccountIdOptional,
    name: SearchText.optional(),
    industry: SearchText.optional(),
    size: SearchText.optional().describe('e.g. 51-200'),
    location: SearchText.optional(),
    start: Start,
    count: pageSize(100, 20),
  }),
  output: OrganizationList,
});

export const listGroupMembersLegacy = endpoint({
  id: 'F5',
  tool: 'list_group_members_legacy',
  title: 'Group members (legacy)',
  method: 'POST',
  path: '/groups/members/legacy',
  group: 'content',
  toolset: 'groups',
  annotations: READ_NETWORK,
  description: 'Older member listing: group by URL, URN or id; filter by membership status or name.',
  input: z.object({
    accountId: AccountIdOptional,
    group: Text.describe('Group URL, URN or id'),
    membershipStatus: z.enum(['OWNER', 'MANAGER', 'MEMBER']).optional(),
    keywords: SearchText.optional(),
    start: Start,
    count: pageSize(100, 50),
  }),
  output: GroupMemberList,
});

export const listEventAttendees = endpoint({
  id: 'F6',
  tool: 'list_event_attendees',
  title: 'Event attendees',
  method: 'POST',
  path: '/events/attendees',
  group: 'content',
  toolset: 'groups',
  annotations: READ_NETWORK,
  description: `Attendees of an event, ${EVENT_ATTENDEES_PAGE_SIZE} per page (page with start).`,
  input: z.object({
    accountId: AccountIdOptional,
    event: Text.describe('Event id, event URL, or search URL with eventAttending'),
    start: Start,
  }),
  output: EventAttendeesPage,
});

export const getGroupDetails = endpoint({
  id: 'G7',
  tool: 'get_group_details',
  title: 'Group details',
  method: 'POST',
  path: '/groups/details',
  group: 'content',
  toolset: 'groups',
  annotations: READ_NETWORK,
  description: 'Description, rules, member count, activity level and admins of a group.',
  input: z.object({ accountId: AccountIdOptional, groupId: Text.describe('Group id or URL') }),
  output: GroupDetailsResponse,
});

/** Extension (the spec has no join endpoint): membership is what makes group messaging (D12, B2 groupId) and private member lists possible. */
export const joinGroup = endpoint({
  id: 'X2',
  tool: 'join_group',
  title: 'Join a group',
  method: 'POST',
  path: '/groups/join',
  group: 'write',
  toolset: 'groups',
  annotations: SET_STATE,
  extension: true,
  description: 'Joins a group: a public group at once; a private group after its managers approve (status PENDING until then).',
  input: z.object({ accountId: AccountIdOptional, groupId: Text.describe('Group id or URL') }),
  output: JoinGroupResult,
});

export const groupEndpoints = [
  listGroupMembers,
  listGroupMembersByUrl,
  getProfile,
  listOrganizations,
  listGroupMembersLegacy,
  listEventAttendees,
  getGroupDetails,
  joinGroup,
] as const;
