import { GovernedClient, type ClientOptions } from './client.js';
import type { OutreachClient } from './types.js';

export * from './types.js';
export { GovernedClient, type ClientOptions } from './client.js';
export { type CacheOptions } from './cache.js';
export { parseRetryAfter } from './errors.js';
export { parsePacing, parseWorkingHours, nextAllowedAt, type PacingPolicy, type WorkingHours } from './pacing.js';

/** The governed client: per-minute limiter, quota guard, retries and cache over undici. */
export function createClient(options: ClientOptions): OutreachClient & Pick<GovernedClient, 'stats' | 'warmUp'> {
  return new GovernedClient(options);
}
