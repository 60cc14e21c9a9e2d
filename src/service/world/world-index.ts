import { normalize } from './text.js';
import type { Company, GeoLocation, Group, Job, Person, Post, World } from './types.js';

/**
 * Lookup maps and search text of a world, built once on first use and kept
 * beside the world (not in it), so the world itself stays plain data.
 */
export interface WorldIndex {
  personById: Map<string, Person>;
  /** By profileId (lower case), profileUrn, its opaque tail, memberUrn and memberId. */
  personByKey: Map<string, Person>;
  companyById: Map<string, Company>;
  /** By companyId, universalName, entityUrn and normalized name. */
  companyByKey: Map<string, Company>;
  jobById: Map<string, Job>;
  groupById: Map<string, Group>;
  /** By activity id and by the numeric id of the share/ugcPost URN. */
  postByNumericId: Map<string, Post>;
  geoById: Map<string, GeoLocation>;
  /** Index of each person in world.people (stable order for sorting). */
  personOrder: Map<string, number>;
}

const cache = new WeakMap<World, WorldIndex>();

export function indexOf(world: World): WorldIndex {
  let index = cache.get(world);
  if (!index) {
    index = build(world);
    cache.set(world, index);
  }
  return index;
}

function build(world: World): WorldIndex {
  const personById = new Map<string, Person>();
  const personByKey = new Map<string, Person>();
  const personOrder = new Map<string, number>();
  world.people.forEach((p, i) => {
    personById.set(p.id, p);
    personOrder.set(p.id, i);
    personByKey.set(p.profileId.toLowerCase(), p);
    personByKey.set(p.profileUrn, p);
    personByKey.set(p.profileUrn.slice(p.profileUrn.lastIndexOf(':') + 1), p);
    personByKey.set(p.memberUrn, p);
    personByKey.set(p.memberId, p);
  });

  const companyById = new Map<string, Company>();
  const companyByKey = new Map<string, Company>();
  for (const c of world.companies) {
    companyById.set(c.companyId, c);
    companyByKey.set(c.companyId, c);
    companyByKey.set(c.universalName, c);
    companyByKey.set(c.entityUrn, c);
    companyByKey.set(normalize(c.name), c);
  }

  const jobById = new Map(world.jobs.map((j) => [j.jobId, j]));
  const groupById = new Map(world.groups.map((g) => [g.groupId, g]));

  const postByNumericId = new Map<string, Post>();
  for (const p of world.posts) {
    postByNumericId.set(p.activityId, p);
    const contentUrn = p.shareUrn ?? p.ugcPostUrn;
    if (contentUrn) postByNumericId.set(contentUrn.slice(contentUrn.lastIndexOf(':') + 1), p);
  }

  return {
    personById,
    personByKey,
    companyById,
    companyByKey,
    jobById,
    groupById,
    postByNumericId,
    geoById: new Map(world.geo.map((g) => [g.geoId, g])),
    personOrder,
  };
}
