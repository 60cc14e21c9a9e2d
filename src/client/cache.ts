import { LRUCache } from 'lru-cache';
import type { AnyEndpoint } from '../contract/index.js';
import type { Clock } from '../util/clock.js';

/**
 * Bounded cache of successful read answers. The key holds the account and
 * the full input; a write drops every entry of its account in its area
 * (toolset). Errors are never stored.
 */

export interface CacheOptions {
  /** Upper bound of the stored JSON, in bytes (approximate). 0 disables the cache. */
  maxSizeBytes?: number;
  /** TTL of other safe reads (readOnly and idempotent, not inbox). 0 = not cached. */
  defaultTtlMs?: number;
  /** Per endpoint id TTL overrides of the entries' own `cache` (0 = never cache that endpoint). */
  ttlMsByEndpoint?: Record<string, number>;
}

export const DEFAULT_CACHE_OPTIONS: Required<CacheOptions> = {
  maxSizeBytes: 16 * 1024 * 1024,
  defaultTtlMs: 30_000,
  ttlMsByEndpoint: {},
};

interface Entry {
  value: unknown;
  account: string;
  toolset: string;
  size: number;
}

/** JSON with sorted keys, so equal inputs give equal keys. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class ResponseCache {
  private readonly lru: LRUCache<string, Entry> | undefined;
  private readonly options: Required<CacheOptions>;

  constructor(clock: Clock, options: CacheOptions = {}) {
    this.options = { ...DEFAULT_CACHE_OPTIONS, ...options };
    if (this.options.maxSizeBytes > 0) {
      this.lru = new LRUCache<string, Entry>({
        maxSize: this.options.maxSizeBytes,
        sizeCalculation: (e) => Math.max(1, e.size),
        ttlResolution: 0,
        perf: { now: () => clock.now() },
        ttl: 1, // every set passes its own ttl
      });
    }
  }

  /** 0 when the endpoint's answers are not cached. */
  ttlFor(e: AnyEndpoint): number {
    if (!e.annotations.readOnlyHint) return 0;
    const override = this.options.ttlMsByEndpoint[e.id] ?? e.cache?.ttlMs;
    if (override !== undefined) return override;
    if (!e.annotations.idempotentHint || e.group === 'inbox') return 0;
    return this.options.defaultTtlMs;
  }

  private key(e: AnyEndpoint, account: string, input: Record<string, unknown>): string {
    return `${account}\u0000${e.id}\u0000${stableStringify(input)}`;
  }

  get(e: AnyEndpoint, account: string, input: Record<string, unknown>): { hit: true; value: unknown } | { hit: false } {
    if (!this.lru || this.ttlFor(e) <= 0) return { hit: false };
    const entry = this.lru.get(this.key(e, account, input));
    return entry ? { hit: true, value: structuredClone(entry.value) } : { hit: false };
  }

  set(e: AnyEndpoint, account: string, input: Record<string, unknown>, value: unknown): void {
    const ttl = this.ttlFor(e);
    if (!this.lru || ttl <= 0) return;
    const size = Buffer.byteLength(JSON.stringify(value) ?? '') + 64;
    if (size > this.options.maxSizeBytes) return;
    this.lru.set(this.key(e, account, input), { value: structuredClone(value), account, toolset: e.toolset, size }, { ttl });
  }

  /** A write changed something of this account in this area. */
  invalidate(account: string, toolset: string): number {
    if (!this.lru) return 0;
    let dropped = 0;
    for (const [key, entry] of this.lru.entries()) {
      if (entry.account === account && entry.toolset === toolset) {
        this.lru.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  clear(): void {
    this.lru?.clear();
  }
}
