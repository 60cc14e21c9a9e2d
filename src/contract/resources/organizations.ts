import { z } from 'zod';

/** Organization of spec 2.11. */
export const Organization = z.object({
  entityUrn: z.string(),
  name: z.string(),
  universalName: z.string(),
  logoUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  followerCount: z.number(),
  visitorsCount: z.number(),
  pageType: z.string(),
  isFollowing: z.boolean(),
});
export type Organization = z.infer<typeof Organization>;

/** CompanyFollower of spec 2.12. */
export const CompanyFollower = z.object({
  profileUrn: z.string(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  connectionDegree: z.string().nullable(),
  followDate: z.string().nullable(),
});
export type CompanyFollower = z.infer<typeof CompanyFollower>;

/** CompanyFollowInvitationResult of spec 2.13. */
export const CompanyFollowInvitationResult = z.object({
  profileUrn: z.string(),
  success: z.boolean(),
  status: z.enum(['SENT', 'FAILED']).nullable(),
  error: z.string().nullable(),
});
export type CompanyFollowInvitationResult = z.infer<typeof CompanyFollowInvitationResult>;

/** Organization list item of spec 2.24 (GET /organizations). */
export const OrganizationListItem = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.string(),
  size: z.string(),
  location: z.string(),
  websiteUrl: z.string(),
  followerCount: z.number(),
});
export type OrganizationListItem = z.infer<typeof OrganizationListItem>;

export const OrganizationList = z.object({
  organizations: z.array(OrganizationListItem),
  total: z.number(),
});
export type OrganizationList = z.infer<typeof OrganizationList>;

/** Company details (G6; fields decided from the spec's purpose line). */
export const CompanyDetails = z.object({
  companyId: z.string(),
  name: z.string(),
  universalName: z.string(),
  description: z.string(),
  specialties: z.array(z.string()),
  employeeCount: z.number(),
  headquarters: z.string(),
  industry: z.string(),
  websiteUrl: z.string().nullable(),
  foundedYear: z.number().nullable(),
  followerCount: z.number(),
  companyUrl: z.string(),
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;

export const CompanyDetailsResponse = z.object({ success: z.boolean(), company: CompanyDetails });
export type CompanyDetailsResponse = z.infer<typeof CompanyDetailsResponse>;
