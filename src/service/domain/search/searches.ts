import { SALES_NAV_MAX_RESULTS, searchCompanies, searchGeo, searchGroups, searchJobs, searchPeople } from '../../../contract/endpoints/search.js';
import * as W from '../../world/index.js';
import { handle, type ActingAccount, type DomainDeps } from '../context.js';
import { companyResult, groupResult, jobResult, personResult } from './map.js';
import { filtersFromUrl } from './url-filters.js';

/** G1-G4 and G8: the world's searches with the acting account's view of the network. */

/** The account's view with degrees that include what it did since (accepted invitations). */
function liveView(deps: DomainDeps, account: ActingAccount): W.AccountView {
  const view = deps.view(account);
  return Object.create(view, { degreeOf: { value: (id: string) => deps.network.degreeOf(account, id) } }) as W.AccountView;
}

const EXPERIENCE: Record<string, W.ExperienceLevel> = {
  internship: 'internship',
  entry: 'entry',
  associate: 'associate',
  mid_senior: 'mid-senior',
  director: 'director',
  executive: 'executive',
};

export const jobs = handle(searchJobs, (deps, { input }) => {
  const f = input.filters ?? {};
  const page = W.searchJobs(
    deps.world(),
    {
      ...(input.keywords ? { keywords: input.keywords } : {}),
      ...(f.location ? { locations: [f.location] } : {}),
      ...(f.jobType ? { jobTypes: f.jobType } : {}),
      ...(f.experienceLevel ? { experienceLevels: f.experienceLevel.map((l) => EXPERIENCE[l]!) } : {}),
      ...(f.workplaceType ? { workplaceTypes: f.workplaceType } : {}),
      ...(f.easyApply !== undefined ? { easyApply: f.easyApply } : {}),
    },
    { start: input.start, count: input.count },
  );
  const now = deps.clock.now();
  return {
    success: true,
    jobs: page.items.map((j) => jobResult(j, now)),
    pagination: { count: page.items.length, start: page.start, hasMore: page.hasMore },
  };
});

export const companies = handle(searchCompanies, (deps, { input }) => {
  const f = input.filters ?? {};
  const fromUrl = input.url ? filtersFromUrl(input.url) : undefined;
  const keywords = [input.keywords, fromUrl?.keywords].filter(Boolean).join(' ');
  const page = W.searchCompanies(
    deps.world(),
    {
      ...(keywords ? { keywords } : {}),
      ...(f.companySize ? { sizeCodes: f.companySize } : {}),
      ...(f.industry ? { industries: f.industry } : {}),
      ...(f.location || fromUrl?.locations ? { locations: [...(f.location ?? []), ...(fromUrl?.locations ?? [])] } : {}),
      ...(f.companyType ? { companyTypes: f.companyType as W.CompanyType[] } : {}),
    },
    { start: input.start, count: input.count },
  );
  return {
    success: true,
    companies: page.items.map(companyResult),
    pagination: {
      count: page.items.length,
      start: page.start,
      hasMore: page.hasMore,
      // Spec 2.19: total only for searches by a sales-navigation url.
      ...(fromUrl?.salesNavigator ? { total: page.total } : {}),
    },
  };
});

export const groups = handle(searchGroups, (deps, { input }) => {
  const page = W.searchGroups(
    deps.world(),
    {
      keywords: input.keywords,
      ...(input.minMembers !== undefined ? { minMembers: input.minMembers } : {}),
      ...(input.maxMembers !== undefined ? { maxMembers: input.maxMembers } : {}),
    },
    { start: input.start, count: input.count },
  );
  return {
    success: true,
    groups: page.items.map(groupResult),
    // Group totals are approximate on the network: shown rounded like member counts.
    pagination: { count: page.items.length, start: page.start, total: W.displayMemberCount(page.total), hasMore: page.hasMore },
  };
});

export const people = handle(searchPeople, (deps, { account, input }) => {
  const f = input.filters ?? {};
  const fromUrl = input.url ? filtersFromUrl(input.url) : undefined;
  const salesNav = fromUrl?.salesNavigator === true;
  const keywords = [input.keywords, fromUrl?.keywords].filter(Boolean).join(' ');
  const degrees = f.connectionDegree ?? fromUrl?.networkDegrees;
  const title = f.title ?? fromUrl?.title;
  const locations = [...(f.location ?? []), ...(fromUrl?.locations ?? [])];
  const view = liveView(deps, account);
  const page = W.searchPeople(
    deps.world(),
    {
      ...(keywords ? { keywords } : {}),
      ...(f.name ? { name: f.name } : {}),
      ...(title ? { titles: [title] } : {}),
      ...(f.company ? { companies: [f.company] } : {}),
      ...(f.school ? { schools: [f.school] } : {}),
      ...(locations.length ? { locations } : {}),
      ...(degrees ? { networkDegrees: degrees } : {}),
      ...(f.openToWork !== undefined ? { openToWork: f.openToWork } : {}),
    },
    { start: input.start, count: input.count },
    view,
  );
  // Sales-navigation lead search stops at 1000 results (spec C1).
  const cappedTotal = Math.min(page.total, SALES_NAV_MAX_RESULTS);
  const hasMore = salesNav ? page.hasMore && page.start + page.items.length < cappedTotal : page.hasMore;
  return {
    success: true,
    people: page.items.map((p) => personResult(p, view.degreeOf(p.id))),
    pagination: { count: page.items.length, start: page.start, hasMore, ...(salesNav ? { total: cappedTotal } : {}) },
  };
});

export const geo = handle(searchGeo, (deps, { input }) => {
  const page = W.searchGeo(deps.world(), { query: input.keywords }, { start: 0, count: 20 });
  return {
    success: true,
    locations: page.items.map((g) => ({ name: g.fullName, geoId: g.geoId, countryCode: g.countryCode })),
  };
});
