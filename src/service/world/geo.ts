import { GEO_DATA } from './geo-data.js';
import { normalize } from './text.js';
import type { GeoKind, GeoLocation, PlaceRef } from './types.js';

/**
 * The geo list is the same for every seed: real places do not depend on the
 * world. geoIds are derived from the place's path (country/region/city), so a
 * place keeps its id when the list grows.
 */
export function buildGeo(): GeoLocation[] {
  const out: GeoLocation[] = [];
  const ids = new Set<string>();
  const add = (path: string[], name: string, kind: GeoKind, countryCode: string, parentGeoId: string | null, fullParts: string[]) => {
    const geoId = geoIdOf(path);
    if (ids.has(geoId)) throw new Error(`geoId collision at ${path.join('/')}`);
    ids.add(geoId);
    out.push({ geoId, name, fullName: fullParts.join(', '), kind, countryCode, parentGeoId });
    return geoId;
  };
  for (const country of GEO_DATA) {
    const countryId = add([country.code], country.name, 'country', country.code, null, [country.name]);
    for (const region of country.regions) {
      const regionId = add([country.code, region.name], region.name, 'region', country.code, countryId, [region.name, country.name]);
      for (const city of region.cities) {
        add([country.code, region.name, city], city, 'city', country.code, regionId, [city, region.name, country.name]);
      }
    }
  }
  return out;
}

/** FNV-1a of the path, mapped into 9-digit numeric ids. */
function geoIdOf(path: string[]): string {
  let h = 0x811c9dc5;
  for (const ch of path.join('/')) {
    h ^= ch.codePointAt(0) as number;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(100_000_000 + (h % 900_000_000));
}

export function placeRef(geo: GeoLocation): PlaceRef {
  return { geoId: geo.geoId, name: geo.fullName, countryCode: geo.countryCode };
}

/** Country weights for placing people, companies and jobs. */
export function countryWeights(): [string, number][] {
  return GEO_DATA.map((c) => [c.code, c.weight]);
}

/**
 * Every geoId that a location filter value covers: the place itself and all
 * places inside it. A value is a geoId, or a place name (matched on the short
 * or full name, or "City, Country" / "City, Region"; case- and accent-insensitive).
 * Unknown values cover nothing.
 */
export function expandLocations(geo: readonly GeoLocation[], values: readonly string[]): Set<string> {
  const roots = new Set<string>();
  for (const raw of values) {
    const value = raw.trim();
    if (/^\d+$/.test(value)) {
      if (geo.some((g) => g.geoId === value)) roots.add(value);
      continue;
    }
    const n = normalize(value);
    // "Paris, France": the first part names the place, the rest its region or country.
    const [head, ...within] = n.split(/\s*,\s*/);
    for (const g of geo) {
      if (normalize(g.name) === n || normalize(g.fullName) === n) roots.add(g.geoId);
      else if (within.length > 0 && normalize(g.name) === head && within.every((w) => ancestorNames(geo, g).has(w))) roots.add(g.geoId);
    }
  }
  const covered = new Set(roots);
  // Regions hold cities, countries hold regions: two passes reach every descendant.
  for (let pass = 0; pass < 2; pass++) {
    for (const g of geo) if (g.parentGeoId && covered.has(g.parentGeoId)) covered.add(g.geoId);
  }
  return covered;
}

/** Normalized names of a place's region and country. */
function ancestorNames(geo: readonly GeoLocation[], place: GeoLocation): Set<string> {
  const names = new Set<string>();
  for (let parent = place.parentGeoId; parent; ) {
    const g = geo.find((x) => x.geoId === parent);
    if (!g) break;
    names.add(normalize(g.name));
    parent = g.parentGeoId;
  }
  return names;
}

export interface GeoSearchFilter {
  /** Place name, prefix or part of it; case- and accent-insensitive. */
  query: string;
  /** Restrict to these kinds (default all). */
  kinds?: GeoKind[];
  /** Restrict to these ISO country codes. */
  countryCodes?: string[];
}

/**
 * Geo typeahead: exact name matches first, then names starting with the query,
 * then names containing it; within a rank countries before regions before cities.
 */
export function rankGeo(geo: readonly GeoLocation[], filter: GeoSearchFilter): GeoLocation[] {
  const q = normalize(filter.query);
  if (q.length === 0) return [];
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set(filter.kinds) : null;
  const countries = filter.countryCodes && filter.countryCodes.length > 0
    ? new Set(filter.countryCodes.map((c) => c.toUpperCase()))
    : null;
  const kindOrder: Record<GeoKind, number> = { country: 0, region: 1, city: 2 };
  const hits: { g: GeoLocation; rank: number }[] = [];
  for (const g of geo) {
    if (kinds && !kinds.has(g.kind)) continue;
    if (countries && !countries.has(g.countryCode)) continue;
    const name = normalize(g.name);
    const full = normalize(g.fullName);
    let rank: number;
    if (name === q || full === q) rank = 0;
    else if (name.startsWith(q) || full.startsWith(q)) rank = 1;
    else if (name.includes(q) || full.includes(q)) rank = 2;
    else continue;
    hits.push({ g, rank });
  }
  hits.sort((a, b) => a.rank - b.rank || kindOrder[a.g.kind] - kindOrder[b.g.kind] || a.g.fullName.localeCompare(b.g.fullName));
  return hits.map((h) => h.g);
}
