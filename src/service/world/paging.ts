import type { Page, PageRequest } from './types.js';

export const DEFAULT_PAGE_SIZE = 10;

/**
 * One page of an ordered result. hasMore is exact: true only when an item
 * exists past the last one returned.
 */
export function pageOf<T>(all: readonly T[], request: PageRequest = {}): Page<T> {
  const start = request.start ?? 0;
  const count = request.count ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(start) || start < 0) throw new RangeError('start must be an integer of at least 0');
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be an integer of at least 0');
  const items = all.slice(start, start + count);
  return { items, start, count, hasMore: start + items.length < all.length, total: all.length };
}
