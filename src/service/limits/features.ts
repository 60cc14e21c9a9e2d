import type { AnyEndpoint } from '../../contract/endpoint.js';

export const SALES_NAV_SEARCH = 'SALES_NAV_SEARCH';

/** Standard searches that switch to sales-navigation mode on a pasted url (spec C1, C2). */
const SALES_NAV_SWITCHABLE = new Set(['SEARCH_PEOPLE', 'SEARCH_COMPANIES']);

/** Spec C1/C2: a url containing /sales/search/ selects the sales-navigation search. */
export function isSalesNavigationUrl(url: unknown): boolean {
  return typeof url === 'string' && url.includes('/sales/search/');
}

/**
 * Quota features one successful call spends: the entry's `quota` list, except
 * that a people or company search run through a sales-navigation url spends
 * SALES_NAV_SEARCH (counted, not capped) instead of the standard search quota.
 */
export function quotaFeaturesFor(endpoint: AnyEndpoint, input: Record<string, unknown>): string[] {
  const features = endpoint.quota ?? [];
  const salesNav = isSalesNavigationUrl(input.url);
  const out: string[] = [];
  for (const f of features) {
    const spent = salesNav && SALES_NAV_SWITCHABLE.has(f) ? SALES_NAV_SEARCH : f;
    if (!out.includes(spent)) out.push(spent);
  }
  return out;
}
