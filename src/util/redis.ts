import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * A Redis connection, with ioredis loaded on first use: most runs configure no
 * Redis, and importing it up front costs every start about 80 ms.
 */
export function connectRedis(url: string, options: RedisOptions): Redis {
  const ioredis = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new ioredis.Redis(url, options);
}
