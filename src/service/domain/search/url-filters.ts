import type { ConnectionDegreeCode } from '../../world/index.js';
import { DomainError } from '../context.js';

/**
 * A pasted search URL read as filters (spec C1/C2, G2/G4 `url`). Standard
 * search URLs carry keywords, network (F/S/O), geoUrn and titleFreeText as
 * query parameters; sales-navigation URLs carry a `query=(keywords:…,…)`
 * expression, of which the keywords are read. Anything else is ignored.
 */
export interface UrlFilters {
  keywords?: string;
  networkDegrees?: ConnectionDegreeCode[];
  locations?: string[];
  title?: string;
  salesNavigator: boolean;
}

/** ["F","S"], F,S or "F" → the codes it names. */
function codes(raw: string | null): string[] {
  if (!raw) return [];
  return raw.replace(/[[\]"']/g, '').split(',').map((c) => c.trim()).filter(Boolean);
}

export function filtersFromUrl(url: string): UrlFilters {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError(400, `url: not a valid search URL: "${url}"`);
  }
  const salesNavigator = parsed.pathname.includes('/sales/search/');
  const out: UrlFilters = { salesNavigator };
  const params = parsed.searchParams;
  const keywords = params.get('keywords') ?? /keywords:([^,)]+)/.exec(params.get('query') ?? '')?.[1];
  if (keywords) out.keywords = decodeURIComponent(keywords).trim();
  const degrees = codes(params.get('network')).filter((c): c is ConnectionDegreeCode => c === 'F' || c === 'S' || c === 'O');
  if (degrees.length) out.networkDegrees = degrees;
  const geo = codes(params.get('geoUrn'));
  if (geo.length) out.locations = geo;
  const title = params.get('titleFreeText');
  if (title) out.title = title;
  return out;
}
