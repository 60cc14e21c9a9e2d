/**
 * Lookups by any identifier a caller may hold: world id, vanity slug, URN,
 * numeric id or a pasted URL (tracking parameters and URL encoding allowed).
 * Each returns undefined when nothing matches.
 */
import type { AccountView } from './account-types.js';
import { normalize } from './text.js';
import type { Company, GeoLocation, Group, Job, Person, Post, World } from './types.js';
import { indexOf } from './world-index.js';

function decoded(ref: string): string {
  const trimmed = ref.trim();
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

/** By id ("p-000123"), profileId, profile URL, profile URN (or its opaque tail), member URN or member id. */
export function findPerson(world: World, ref: string): Person | undefined {
  const index = indexOf(world);
  const r = decoded(ref);
  const byId = index.personById.get(r);
  if (byId) return byId;
  const fromUrl = /\/in\/([^/?#]+)/i.exec(r)?.[1];
  if (fromUrl) return index.personByKey.get(fromUrl.toLowerCase());
  const urnTail = /^urn:li:(?:fsd_profile|fs_miniProfile|fs_profile|member):(.+)$/.exec(r)?.[1];
  if (urnTail) return index.personByKey.get(r) ?? index.personByKey.get(urnTail);
  return index.personByKey.get(r) ?? index.personByKey.get(r.toLowerCase());
}

/** By companyId, universalName, organization/company URN, company URL or exact name (case- and accent-insensitive). */
export function findCompany(world: World, ref: string): Company | undefined {
  const index = indexOf(world);
  const r = decoded(ref);
  const fromUrl = /\/company\/([^/?#]+)/i.exec(r)?.[1];
  if (fromUrl) return index.companyByKey.get(fromUrl.toLowerCase());
  const urnId = /^urn:li:(?:organization|company|fsd_company|fs_normalized_company):(\d+)$/.exec(r)?.[1];
  if (urnId) return index.companyById.get(urnId);
  return index.companyByKey.get(r) ?? index.companyByKey.get(r.toLowerCase()) ?? index.companyByKey.get(normalize(r));
}

/** By jobId, job URL (/jobs/view/<id> or ?currentJobId=<id>) or job posting URN. */
export function findJob(world: World, ref: string): Job | undefined {
  const r = decoded(ref);
  const id =
    /\/jobs\/view\/(?:[^/?#]*-)?(\d+)/.exec(r)?.[1] ??
    /[?&]currentJobId=(\d+)/.exec(r)?.[1] ??
    /^urn:li:(?:jobPosting|fsd_jobPosting):(\d+)$/.exec(r)?.[1] ??
    r;
  return indexOf(world).jobById.get(id);
}

/** By groupId, group URN or group URL. */
export function findGroup(world: World, ref: string): Group | undefined {
  const r = decoded(ref);
  const id = /\/groups\/(\d+)/.exec(r)?.[1] ?? /^urn:li:(?:group|fsd_group):(\d+)$/.exec(r)?.[1] ?? r;
  return indexOf(world).groupById.get(id);
}

/**
 * By post URL (feed/update/<urn> or /posts/<slug>-activity-<id>-…), activity,
 * share or ugcPost URN, or bare activity id. With a view, the account's own
 * posts are found too.
 */
export function findPost(world: World, ref: string, view?: AccountView): Post | undefined {
  const r = decoded(ref);
  const id =
    /urn:li:(?:activity|share|ugcPost):(\d+)/.exec(r)?.[1] ??
    /[-_]activity[-_](\d+)/.exec(r)?.[1] ??
    (/^\d+$/.test(r) ? r : undefined);
  if (!id) return undefined;
  const found = indexOf(world).postByNumericId.get(id);
  if (found) return found;
  return view?.posts.find(
    (p) => p.activityId === id || p.shareUrn?.endsWith(`:${id}`) === true || p.ugcPostUrn?.endsWith(`:${id}`) === true,
  );
}

export function findGeo(world: World, geoId: string): GeoLocation | undefined {
  return indexOf(world).geoById.get(geoId.trim());
}
