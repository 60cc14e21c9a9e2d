import { Redis } from 'ioredis';
import type { Logger } from '../util/logger.js';

/**
 * Spacing of calls per limiter key, as a zero-burst GCRA: each key keeps a
 * theoretical arrival time (TAT); a call may start at TAT - tolerance and
 * moves TAT to max(now, TAT) + interval. The cadence is exactly `interval`
 * even when timers fire a little late (lateness up to `tolerance` is not
 * lost), and any run of limit+1 starts spans at least
 * limit*interval - tolerance, more than the service's window: so no window of
 * that length, however aligned, sees more than limit calls.
 *
 * The gate only takes a slot when it is free now; a waiting caller sleeps and
 * asks again, so a caller that gives up never spends a slot.
 */
export interface SlotGate {
  /** 0 when the slot was taken for this call; otherwise ms until it may be free. */
  tryAcquire(key: string, intervalMs: number, toleranceMs: number): Promise<number>;
  /** Nobody under key starts for delayMs (a per-minute 429's Retry-After). */
  holdFor(key: string, delayMs: number): Promise<void>;
  /** Best local estimate of ms until key is free (no I/O). */
  estimateWait(key: string): number;
  close(): Promise<void>;
}

/** Process-local gate. */
export class LocalSlotGate implements SlotGate {
  /** key -> theoretical arrival time; a call may start at tat - tolerance. */
  private readonly tat = new Map<string, { at: number; tolerance: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  tryAcquire(key: string, intervalMs: number, toleranceMs: number): Promise<number> {
    const now = this.now();
    const tat = this.tat.get(key)?.at ?? 0;
    if (now >= tat - toleranceMs) {
      this.tat.set(key, { at: Math.max(now, tat) + intervalMs, tolerance: toleranceMs });
      return Promise.resolve(0);
    }
    return Promise.resolve(tat - toleranceMs - now);
  }

  holdFor(key: string, delayMs: number): Promise<void> {
    const entry = this.tat.get(key);
    const tolerance = entry?.tolerance ?? 0;
    const at = Math.max(entry?.at ?? 0, this.now() + delayMs + tolerance);
    this.tat.set(key, { at, tolerance });
    return Promise.resolve();
  }

  estimateWait(key: string): number {
    const entry = this.tat.get(key);
    return entry ? Math.max(0, entry.at - entry.tolerance - this.now()) : 0;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/*
 * Redis-shared gate. Bottleneck's own Redis clustering fails on Redis 7: once
 * a limiter's settings key is gone (idle expiry, restart, eviction) every call
 * fails with "ERR SETTINGS_KEY_NOT_FOUND", because Redis 7 prefixes script
 * errors with "ERR " and Bottleneck compares the bare text (its issues #205,
 * #212, #219; reproduced here on Redis 7.0.15). Counting libraries such as
 * rate-limiter-flexible keep whole-second fixed windows, which cannot space
 * calls and let a burst at a window edge double the rate. So the shared state
 * is one theoretical arrival time per key, read and set atomically by a short Lua
 * script on Redis's own clock (no skew between processes); Bottleneck keeps
 * the queueing in each process.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
if now >= tat - tolerance then
  redis.call('SET', KEYS[1], math.max(now, tat) + interval, 'PX', interval + 60000)
  return 0
end
return tat - tolerance - now`;

const HOLD = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + tonumber(ARGV[1]) + tonumber(ARGV[2])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > free then
  redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]) + 60000)
end
return 0`;

interface GateCommands {
  outreachAcquire(key: string, intervalMs: number, toleranceMs: number): Promise<number>;
  outreachHold(key: string, delayMs: number, toleranceMs: number): Promise<number>;
}

export interface RedisSlotGateOptions {
  url: string;
  /** Namespace of the keys, e.g. per deployment or per test. */
  keyPrefix?: string;
  logger?: Logger;
}

export class RedisSlotGate implements SlotGate {
  private readonly redis: Redis & GateCommands;
  private readonly prefix: string;
  private readonly estimates = new Map<string, number>();
  private readonly tolerances = new Map<string, number>();
  /** Used only while Redis is unreachable, so calls still get spaced in-process. */
  private readonly fallback = new LocalSlotGate();
  private readonly logger: Logger | undefined;
  private warned = false;

  constructor(options: RedisSlotGateOptions) {
    this.prefix = options.keyPrefix ?? 'outreach:limiter:';
    this.logger = options.logger;
    const redis = new Redis(options.url, {
      // Commands wait for the first connect, but give up after one reconnect
      // attempt so a dead Redis degrades to in-process spacing, not a hang.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: false,
    });
    redis.on('error', (err: Error) => this.warnOnce(err));
    redis.defineCommand('outreachAcquire', { numberOfKeys: 1, lua: ACQUIRE });
    redis.defineCommand('outreachHold', { numberOfKeys: 1, lua: HOLD });
    this.redis = redis as Redis & GateCommands;
  }

  private warnOnce(err: Error): void {
    if (this.warned) return;
    this.warned = true;
    this.logger?.warn({ err: err.message }, 'redis limiter store unreachable; spacing calls in this process only');
  }

  async tryAcquire(key: string, intervalMs: number, toleranceMs: number): Promise<number> {
    this.tolerances.set(key, toleranceMs);
    try {
      const wait = Number(await this.redis.outreachAcquire(this.prefix + key, Math.ceil(intervalMs), Math.floor(toleranceMs)));
      this.estimates.set(key, Date.now() + wait);
      this.warned = false;
      return wait;
    } catch (err) {
      this.warnOnce(err as Error);
      return this.fallback.tryAcquire(key, intervalMs, toleranceMs);
    }
  }

  async holdFor(key: string, delayMs: number): Promise<void> {
    this.estimates.set(key, Math.max(this.estimates.get(key) ?? 0, Date.now() + delayMs));
    await this.fallback.holdFor(key, delayMs);
    try {
      await this.redis.outreachHold(this.prefix + key, Math.ceil(delayMs), Math.floor(this.tolerances.get(key) ?? 0));
    } catch (err) {
      this.warnOnce(err as Error);
    }
  }

  estimateWait(key: string): number {
    return Math.max(0, (this.estimates.get(key) ?? 0) - Date.now(), this.fallback.estimateWait(key));
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
