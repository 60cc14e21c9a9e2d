import { z } from 'zod';
import { IsoDateTime, RelativeTime, integer } from '../common.js';

/** Profile summary of spec 2.10. */
export const Profile = z.object({
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  location: z.string(),
  profileUrl: z.string(),
  connections: z.number(),
});
export type Profile = z.infer<typeof Profile>;

/** Item shapes of the profile fetch arrays: not shown in the spec, decided. */
export const ExperienceItem = z.object({
  title: z.string(),
  companyName: z.string(),
  location: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  description: z.string().nullable(),
});
export type ExperienceItem = z.infer<typeof ExperienceItem>;

export const EducationItem = z.object({
  school: z.string(),
  degree: z.string().nullable(),
  fieldOfStudy: z.string().nullable(),
  startYear: z.number().nullable(),
  endYear: z.number().nullable(),
});
export type EducationItem = z.infer<typeof EducationItem>;

/** Profile fetch response of spec 2.24; arrays are empty when not requested. */
export const ProfileDetails = z.object({
  profileId: z.string(),
  fullName: z.string(),
  headline: z.string(),
  location: z.string(),
  industry: z.string(),
  experience: z.array(ExperienceItem),
  education: z.array(EducationItem),
  skills: z.array(z.string()),
  /** Present only when includeContact was true; null when the network shows none. */
  contactInfo: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).optional(),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;

/** Connection distance in the network's own notation (B4, 2.12). */
export const Distance = z.enum(['DISTANCE_1', 'DISTANCE_2', 'DISTANCE_3']);
export type Distance = z.infer<typeof Distance>;

/** Actions the relationship lookup offers (B4). */
export const RelationshipAction = z.enum(['MESSAGE', 'CONNECT', 'FOLLOW', 'UNFOLLOW', 'INMAIL', 'WITHDRAW']);
export type RelationshipAction = z.infer<typeof RelationshipAction>;

/**
 * Relationship (B4). The two listings disagree; both forms are returned:
 * connectionDegree as DISTANCE_n, degree as its number (3 = 3rd+).
 */
export const Relationship = z.object({
  success: z.boolean(),
  profileId: z.string(),
  connectionDegree: Distance,
  degree: integer(),
  connected: z.boolean(),
  following: z.boolean(),
  follower: z.boolean(),
  invitationPending: z.boolean(),
  availableActions: z.array(RelationshipAction),
});
export type Relationship = z.infer<typeof Relationship>;

/** Sent invitation of spec 2.21. */
export const SentInvitation = z.object({
  id: z.string(),
  invitationId: z.string(),
  invitationUrn: z.string(),
  memberId: z.string(),
  memberUrn: z.string(),
  invitationType: z.literal('SENT'),
  sentAt: RelativeTime,
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    headline: z.string(),
    profileUrl: z.string(),
    publicIdentifier: z.string(),
  }),
});
export type SentInvitation = z.infer<typeof SentInvitation>;

/** B6 response. */
export const SentInvitationsPage = z.object({
  success: z.boolean(),
  invitations: z.array(SentInvitation),
  count: z.number(),
  startIndex: z.number(),
  accountId: z.string(),
  rawResponse: z.string().optional(),
});
export type SentInvitationsPage = z.infer<typeof SentInvitationsPage>;

/** B3 response (second listing). */
export const ConnectionRequestSent = z.object({
  success: z.boolean(),
  invitationId: z.string(),
  timestamp: IsoDateTime,
});
export type ConnectionRequestSent = z.infer<typeof ConnectionRequestSent>;

/** B1 response: the follow state after the call. */
export const FollowResult = z.object({
  success: z.boolean(),
  following: z.boolean(),
});
export type FollowResult = z.infer<typeof FollowResult>;
