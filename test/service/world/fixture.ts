import { createHash } from 'node:crypto';
import { accountView, generateWorld, type AccountOwner, type AccountView, type Page, type PageRequest, type World } from '../../../src/service/world/index.js';

/** A smaller world keeps the search tests fast; determinism tests use the default size. */
export const SMALL = { people: 800, epochMs: Date.UTC(2026, 0, 5) };

let small: World | undefined;
export function smallWorld(): World {
  small ??= generateWorld('fixture', SMALL);
  return small;
}

export const OWNER: AccountOwner = { firstName: 'Ada', lastName: 'Lovelace', publicId: 'ada-lovelace', premium: false, salesNavigator: false };
export const ACCOUNT_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const ACCOUNT_B = '0123456789abcdef01234567';

const views = new Map<string, AccountView>();
export function viewOf(accountId = ACCOUNT_A, owner: AccountOwner = OWNER): AccountView {
  const key = `${accountId}/${owner.premium}/${owner.salesNavigator}`;
  let v = views.get(key);
  if (!v) {
    v = accountView(smallWorld(), accountId, owner);
    views.set(key, v);
  }
  return v;
}

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Pages through a query with the given page size and returns every page. */
export function allPages<T>(query: (page: PageRequest) => Page<T>, count: number): Page<T>[] {
  const pages: Page<T>[] = [];
  for (let start = 0; ; start += count) {
    const page = query({ start, count });
    pages.push(page);
    if (!page.hasMore) return pages;
    if (pages.length > 10_000) throw new Error('paging does not end');
  }
}
