import type { DomainModule } from '../context.js';
import { company, group, job, organizations, profile } from './details.js';
import { attendees, members, membersByUrl, membersLegacy } from './members.js';
import { companies, geo, groups, jobs, people } from './searches.js';

/** Search, details, groups, profiles and organizations: reads over the world (no tables of its own). */
export const searchModule: DomainModule = {
  name: 'search',
  migrations: [],
  handlers: new Map([jobs, companies, groups, people, geo, job, company, group, profile, organizations, members, membersByUrl, membersLegacy, attendees]),
};

export { filtersFromUrl } from './url-filters.js';
export { eventIdOf, attendeesOf } from './members.js';
