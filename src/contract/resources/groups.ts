import { z } from 'zod';

/** Group members (F1, F2, F5), group details (G7) and event attendees (F6); item fields decided. */

export const GroupRole = z.enum(['Member', 'Manager', 'Owner']);
export type GroupRole = z.infer<typeof GroupRole>;

export const GroupMember = z.object({
  profileId: z.string(),
  profileUrn: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  profileUrl: z.string(),
  role: GroupRole,
  /** YYYY-MM-DD, null when the network does not show it. */
  joinedAt: z.string().nullable(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const GroupMemberList = z.object({
  success: z.boolean(),
  members: z.array(GroupMember),
  hasMore: z.boolean(),
});
export type GroupMemberList = z.infer<typeof GroupMemberList>;

export const GroupDetails = z.object({
  groupId: z.string(),
  name: z.string(),
  description: z.string(),
  rules: z.string().nullable(),
  memberCount: z.number(),
  /** The network's label, e.g. "Very active". */
  activityLevel: z.string(),
  isPrivate: z.boolean(),
  admins: z.array(z.object({ name: z.string(), profileUrl: z.string() })),
  groupUrl: z.string(),
  /** The acting account's membership (extension): MEMBER, PENDING (asked to join a private group) or NONE. */
  membership: z.enum(['MEMBER', 'PENDING', 'NONE']).optional(),
});
export type GroupDetails = z.infer<typeof GroupDetails>;

/** Answer of the join extension (X2). */
export const JoinGroupResult = z.object({
  success: z.boolean(),
  groupId: z.string(),
  /** MEMBER at once for a public group; PENDING for a private one until approved. */
  status: z.enum(['MEMBER', 'PENDING']),
  /** When a pending request is expected to be approved; null once a member. */
  approvalExpectedAt: z.string().nullable(),
});
export type JoinGroupResult = z.infer<typeof JoinGroupResult>;

export const EventAttendee = z.object({
  name: z.string(),
  headline: z.string(),
  location: z.string(),
  profilePicture: z.string(),
  connectionDegree: z.string(),
  profileUrl: z.string(),
});
export type EventAttendee = z.infer<typeof EventAttendee>;

/** Event attendees page; the page size is fixed at 10 (spec section 8). */
export const EventAttendeesPage = z.object({
  success: z.boolean(),
  attendees: z.array(EventAttendee),
  start: z.number(),
  hasMore: z.boolean(),
});
export type EventAttendeesPage = z.infer<typeof EventAttendeesPage>;

export const GroupDetailsResponse = z.object({ success: z.boolean(), group: GroupDetails });
export type GroupDetailsResponse = z.infer<typeof GroupDetailsResponse>;
