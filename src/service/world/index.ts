/**
 * The synthetic professional network: pure, deterministic data and queries.
 * Same (seed, options) → deeply equal world. Handlers read it and keep their
 * own changes (new likes, invitations, messages) as overlays elsewhere.
 */
export * from './types.js';
export * from './account-types.js';
export { generateWorld, DEFAULT_PEOPLE } from './generate.js';
export { loadWorldSnapshot, readWorldSnapshot, saveWorldSnapshot, worldSnapshotFile, WORLD_SNAPSHOT_FILE, type SnapshotKey } from './snapshot.js';
export { accountView, connectionDegree } from './account-view.js';
export { findPerson, findCompany, findJob, findGroup, findPost, findGeo } from './lookup.js';
export * from './search.js';
export * from './feed.js';
export { pageOf, DEFAULT_PAGE_SIZE } from './paging.js';
export { degreeLabel, degreeDistance, degreeCode, degreeFromCode, displayMemberCount } from './display.js';
export { relativeStamp, relativeAge, monthYear, DATE_RANGE_MS, DEFAULT_EPOCH_MS, type DateRange } from './time.js';
export {
  COMPANY_SIZES,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_CODES,
  JOB_TYPE_LABELS,
  sizeRangeText,
} from './catalog.js';
export { NETWORK_ORIGIN } from './urls.js';
export { normalize } from './text.js';
export { hasPhrase, matchesKeywords } from './search-index.js';
