import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, Keywords, SearchText, Start, integer, list, pageSize, Text } from '../common.js';
import {
  CompanySearchResponse,
  GeoSearchResponse,
  GroupSearchResponse,
  JobDetailsResponse,
  JobSearchResponse,
  PeopleSearchResponse,
} from '../resources/search.js';
import { CompanyDetailsResponse } from '../resources/organizations.js';
import { READ_NETWORK } from './shared.js';

/**
 * Spec 4.7 (G1-G8 but G7, which lives with groups). G4 also answers C1 and
 * G2 also answers C2: the spec lists each path twice, the url field selects
 * the sales-navigation mode.
 */

/** A url containing these switches people/company search to sales navigation (C1, C2). */
export const SALES_NAV_PEOPLE_URL = '/sales/search/people';
export const SALES_NAV_COMPANY_URL = '/sales/search/company';
/** Sales-navigation people searches return at most this many results (C1). */
export const SALES_NAV_MAX_RESULTS = 1000;

function urlContains(input: Readonly<Record<string, unknown>>, marker: string): boolean {
  const url = input['url'];
  return typeof url === 'string' && url.includes(marker);
}

const strings = list(SearchText);
/** Largest member count a group filter takes (decided: beyond any group on the network). */
const MAX_MEMBERS = 100_000_000;
const requiresSeatForSalesUrl = {
  requirement: 'salesNavigator',
  when: 'a /sales/ url',
  test: (input: Readonly<Record<string, unknown>>) => urlContains(input, '/sales/'),
} as const;
const searchPage = { start: Start, count: pageSize(50, 10) };
const searchUrl = Text.optional().describe('Pasted search URL');

export const searchJobs = endpoint({
  id: 'G1',
  tool: 'search_jobs',
  title: 'Job search',
  method: 'POST',
  path: '/search/jobs',
  group: 'search',
  quota: ['SEARCH_JOBS'],
  toolset: 'search',
  annotations: READ_NETWORK,
  description: 'Job postings by keywords and filters; page on pagination.hasMore.',
  input: z.object({
    accountId: AccountIdOptional,
    keywords: SearchText.optional(),
    filters: z
      .object({
        location: SearchText.describe('Place name or geoId'),
        jobType: list(z.enum(['F', 'P', 'C', 'T', 'I'])).describe('F full-time P part-time C contract T temporary I internship'),
        experienceLevel: list(z.enum(['internship', 'entry', 'associate', 'mid_senior', 'director', 'executive'])),
        workplaceType: list(z.enum(['remote', 'hybrid', 'on-site'])),
        easyApply: z.boolean(),
      })
      .partial()
      .optional(),
    ...searchPage,
  }),
  output: JobSearchResponse,
});

export const searchCompanies = endpoint({
  id: 'G2',
  sharedIds: ['C2'],
  tool: 'search_companies',
  title: 'Company search',
  method: 'POST',
  path: '/search/companies',
  group: 'search',
  quota: ['SEARCH_COMPANIES', 'SALES_NAV_SEARCH'],
  quotaFor: (input) => [urlContains(input, SALES_NAV_COMPANY_URL) ? 'SALES_NAV_SEARCH' : 'SEARCH_COMPANIES'],
  toolset: 'search',
  requiresWhen: requiresSeatForSalesUrl,
  annotations: READ_NETWORK,
  description: 'Companies by keywords/filters, or by a pasted search url (sales-navigation account search).',
  input: z.object({
    accountId: AccountIdOptional,
    keywords: SearchText.optional(),
    url: searchUrl,
    filters: z
      .object({
        location: strings.describe('geoIds'),
        industry: strings.describe('Industry names or ids'),
        companySize: list(z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'])).describe('A=1, B=2-10 … I=10001+'),
        companyType: strings.describe('e.g. public, privately held'),
      })
      .partial()
      .optional(),
    ...searchPage,
  }),
  output: CompanySearchResponse,
});

export const searchGroups = endpoint({
  id: 'G3',
  tool: 'search_groups',
  title: 'Group search',
  method: 'POST',
  path: '/search/groups',
  group: 'search',
  quota: ['SEARCH_GROUPS'],
  toolset: 'search',
  annotations: READ_NETWORK,
  description: 'Groups by keywords, optionally by member count.',
  input: z.object({
    accountId: AccountIdOptional,
    keywords: Keywords,
    minMembers: integer({ min: 0, max: MAX_MEMBERS }).optional(),
    maxMembers: integer({ min: 0, max: MAX_MEMBERS }).optional(),
    ...searchPage,
  }),
  output: GroupSearchResponse,
});

export const searchPeople = endpoint({
  id: 'G4',
  sharedIds: ['C1'],
  tool: 'search_people',
  title: 'People search',
  method: 'POST',
  path: '/search/people',
  group: 'search',
  quota: ['SEARCH_PEOPLE', 'SALES_NAV_SEARCH'],
  quotaFor: (input) => [urlContains(input, SALES_NAV_PEOPLE_URL) ? 'SALES_NAV_SEARCH' : 'SEARCH_PEOPLE'],
  toolset: 'search',
  requiresWhen: requiresSeatForSalesUrl,
  annotations: READ_NETWORK,
  description: 'People by keywords/filters, or by a pasted search url (sales-navigation lead search: max 1000 results, gives pagination.total).',
  input: z
    .object({
      accountId: AccountIdOptional,
      keywords: SearchText.optional(),
      url: searchUrl,
      filters: z
        .object({
          name: SearchText,
          title: SearchText,
          company: SearchText,
          school: SearchText,
          location: strings.describe('geoIds'),
          connectionDegree: list(z.enum(['F', 'S', 'O'])).describe('F 1st, S 2nd, O 3rd+'),
          openToWork: z.boolean(),
        })
        .partial()
        .optional(),
      ...searchPage,
    })
    .refine((v) => !urlContains(v, SALES_NAV_PEOPLE_URL) || v.start + v.count <= SALES_NAV_MAX_RESULTS, {
      message: `Sales-navigation searches return at most ${SALES_NAV_MAX_RESULTS} results (start + count)`,
      path: ['start'],
    }),
  output: PeopleSearchResponse,
});

export const getJobDetails = endpoint({
  id: 'G5',
  tool: 'get_job_details',
  title: 'Job details',
  method: 'POST',
  path: '/jobs/details',
  group: 'content',
  toolset: 'search',
  annotations: READ_NETWORK,
  description: 'Full description, requirements, company and how to apply for one job.',
  input: z.object({ accountId: AccountIdOptional, jobId: Text.describe('Job id or URL') }),
  output: JobDetailsResponse,
});

export const getCompanyDetails = endpoint({
  id: 'G6',
  tool: 'get_company_details',
  title: 'Company details',
  method: 'POST',
  path: '/companies/details',
  group: 'content',
  toolset: 'search',
  annotations: READ_NETWORK,
  description: 'Description, specialties, headcount, headquarters and industry of a company.',
  input: z.object({ accountId: AccountIdOptional, companyId: Text.describe('Company id, universal name or URL') }),
  output: CompanyDetailsResponse,
});

export const searchGeo = endpoint({
  id: 'G8',
  tool: 'search_geo',
  title: 'Geo location lookup',
  method: 'POST',
  path: '/search/geo',
  group: 'search',
  toolset: 'search',
  annotations: READ_NETWORK,
  description: 'Find geoIds for a place name, for the location filters of other searches.',
  input: z.object({ accountId: AccountIdOptional, keywords: Keywords }),
  output: GeoSearchResponse,
  cache: { ttlMs: 24 * 3_600_000 }, // geo look-ups barely change
});

export const searchEndpoints = [
  searchJobs,
  searchCompanies,
  searchGroups,
  searchPeople,
  getJobDetails,
  getCompanyDetails,
  searchGeo,
] as const;
