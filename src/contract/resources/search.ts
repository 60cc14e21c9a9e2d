import { z } from 'zod';
import { DegreeLabel } from '../common.js';

/**
 * Search results and their pagination objects (spec 2.14-2.19). hasMore sits
 * in every pagination object and is exact (the service fetches one row past
 * the page); `total` appears only where spec 2.19 allows it.
 */

/** People/company search pagination: total only for sales-navigation url searches. */
export const SearchPagination = z.object({
  count: z.number(),
  start: z.number(),
  total: z.number().optional(),
  hasMore: z.boolean(),
});
export type SearchPagination = z.infer<typeof SearchPagination>;

/** Job search pagination: total is never returned. */
export const JobSearchPagination = SearchPagination.omit({ total: true });
export type JobSearchPagination = z.infer<typeof JobSearchPagination>;

/** Group search pagination: total approximate, omitted when no count exists. */
export const GroupSearchPagination = SearchPagination;
export type GroupSearchPagination = SearchPagination;

/** Generic search pagination: count, start, total all present. */
export const GenericPagination = z.object({
  count: z.number(),
  start: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type GenericPagination = z.infer<typeof GenericPagination>;

/** PeopleSearchResult of spec 2.17. */
export const PeopleSearchResult = z.object({
  profileId: z.string(),
  profileUrn: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  profilePicture: z.string(),
  location: z.string(),
  connectionDegree: DegreeLabel,
  currentPosition: z.string(),
  profileUrl: z.string(),
  isPremium: z.boolean(),
  isOpenToWork: z.boolean(),
});
export type PeopleSearchResult = z.infer<typeof PeopleSearchResult>;

/** CompanySearchResult of spec 2.15. */
export const CompanySearchResult = z.object({
  companyId: z.string(),
  name: z.string(),
  universalName: z.string(),
  headline: z.string(),
  description: z.string(),
  logoUrl: z.string(),
  industry: z.string(),
  companyUrl: z.string(),
  location: z.string(),
  followerCount: z.number(),
});
export type CompanySearchResult = z.infer<typeof CompanySearchResult>;

/** JobSearchResult of spec 2.14; salary only when the posting shows one. */
export const JobSearchResult = z.object({
  jobId: z.string(),
  title: z.string(),
  companyName: z.string(),
  companyLogo: z.string(),
  location: z.string(),
  postedDate: z.string(),
  salary: z.string().optional(),
  jobUrl: z.string(),
  isRemote: z.boolean(),
  isHybrid: z.boolean(),
  easyApply: z.boolean(),
});
export type JobSearchResult = z.infer<typeof JobSearchResult>;

/** GroupSearchResult of spec 2.16 (memberCount approximated above 999). */
export const GroupSearchResult = z.object({
  groupId: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  groupUrl: z.string(),
  memberCount: z.number(),
  isPrivate: z.boolean(),
});
export type GroupSearchResult = z.infer<typeof GroupSearchResult>;

/** GeoLocation of spec 2.18. */
export const GeoLocation = z.object({
  name: z.string(),
  geoId: z.string(),
  countryCode: z.string(),
});
export type GeoLocation = z.infer<typeof GeoLocation>;

export const PeopleSearchResponse = z.object({
  success: z.boolean(),
  people: z.array(PeopleSearchResult),
  pagination: SearchPagination,
});
export type PeopleSearchResponse = z.infer<typeof PeopleSearchResponse>;

export const CompanySearchResponse = z.object({
  success: z.boolean(),
  companies: z.array(CompanySearchResult),
  pagination: SearchPagination,
});
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>;

export const JobSearchResponse = z.object({
  success: z.boolean(),
  jobs: z.array(JobSearchResult),
  pagination: JobSearchPagination,
});
export type JobSearchResponse = z.infer<typeof JobSearchResponse>;

export const GroupSearchResponse = z.object({
  success: z.boolean(),
  groups: z.array(GroupSearchResult),
  pagination: GroupSearchPagination,
});
export type GroupSearchResponse = z.infer<typeof GroupSearchResponse>;

export const GeoSearchResponse = z.object({
  success: z.boolean(),
  locations: z.array(GeoLocation),
});
export type GeoSearchResponse = z.infer<typeof GeoSearchResponse>;

/** Job details (G5; fields decided). */
export const JobDetails = z.object({
  jobId: z.string(),
  title: z.string(),
  companyName: z.string(),
  location: z.string(),
  description: z.string(),
  requirements: z.array(z.string()),
  employmentType: z.string(),
  experienceLevel: z.string(),
  workplaceType: z.enum(['remote', 'hybrid', 'on-site']),
  postedDate: z.string(),
  salary: z.string().nullable(),
  easyApply: z.boolean(),
  applyUrl: z.string(),
  jobUrl: z.string(),
});
export type JobDetails = z.infer<typeof JobDetails>;

export const JobDetailsResponse = z.object({ success: z.boolean(), job: JobDetails });
export type JobDetailsResponse = z.infer<typeof JobDetailsResponse>;
