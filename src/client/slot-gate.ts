import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../util/redis.js';
import { systemClock, type Clock } from '../util/clock.js';
import type { Logger } from '../util/logger.js';

/**
 * The service's per-minute window, mirrored: per key (account and group) the
 * stamps of the calls sent in the last window. A call may start while fewer
 * than `limit` stamps are younger than the window; else it waits exactly
 * until the oldest one that must go ages out.
 *
 * The service counts a call at the instant it admits it, somewhere between
 * our send and its answer. So a call is stamped twice: when sent ("pending",
 * counted until its answer comes back or `pendingBoundMs` has passed), and
 * when its answer arrives ("done", the latest instant the service can have
 * counted it). A slot frees `windowMs + marginMs` after the done stamp. Both
 * stamps and the next call's start come from one clock (this process's, or
 * Redis's for a shared gate), and the service's check compares two instants
 * of its own clock: only durations matter, so neither latency nor clock skew
 * between the machines can make the service see `limit + 1` calls in a
 * window. The margin covers what is left: whole-millisecond stamps and clock
 * rate drift over one window (10 ms by default; 0.02 % of a minute's rate).
 *
 * An answer that proves the service did not count the call (a per-minute or
 * quota 429, nothing sent) frees its slot at once.
 */
export interface GateParams {
  limit: number;
  windowMs: number;
}

export type Admission =
  | { granted: true; ticket: string }
  /** waitMs: until the slot can free; pending: the blocking call has no answer yet, so it may free sooner. */
  | { granted: false; waitMs: number; pending: boolean };

export interface SlotGate {
  tryAcquire(key: string, params: GateParams): Promise<Admission>;
  /** The call of `ticket` ended: counted = the service may have counted it. */
  settle(key: string, ticket: string, counted: boolean): Promise<void>;
  /** Nobody under key starts for delayMs (a per-minute 429's Retry-After). */
  holdFor(key: string, delayMs: number): Promise<void>;
  /**
   * Best local estimate (no I/O) of ms until the call `ahead` places back
   * in line may start; calls in flight are assumed to be answered at once.
   */
  estimateWait(key: string, params: GateParams, ahead: number): number;
  close(): Promise<void>;
}

export interface GateTiming {
  /** Slack after a done stamp's window (ms). */
  marginMs: number;
  /** Longest a call can be in flight (the transport's timeouts); a pending stamp counts until then. */
  pendingBoundMs: number;
}

export const DEFAULT_GATE_TIMING: GateTiming = { marginMs: 10, pendingBoundMs: 130_000 };

interface Stamp {
  id: string;
  /** When the call was sent. */
  sentAt: number;
  /** When its answer came back; null while in flight. */
  doneAt: number | null;
}

/**
 * Earliest start, from `now`, of the call `ahead` places back in line, given
 * the counted stamps (ascending) and a hold: each earlier call in line takes
 * the first free slot and counts from its start.
 */
export function nthStart(stamps: readonly number[], limit: number, spanMs: number, now: number, holdUntil: number, ahead: number): number {
  const times = [...stamps].sort((a, b) => a - b);
  let t = Math.max(now, holdUntil);
  for (let i = 0; i <= ahead; i++) {
    if (times.length >= limit) t = Math.max(t, times[times.length - limit]! + spanMs);
    times.push(t);
  }
  return t - now;
}

interface KeyLog {
  /** Ticket -> stamp, in send order. */
  stamps: Map<string, Stamp>;
  /** Size at which stale stamps are dropped next (doubles, so pruning stays O(1) a call). */
  pruneAt: number;
}

/** Process-local gate on an injectable clock. */
export class LocalSlotGate implements SlotGate {
  private readonly logs = new Map<string, KeyLog>();
  private readonly holds = new Map<string, number>();
  private readonly timing: GateTiming;

  constructor(
    private readonly clock: Clock = systemClock,
    timing: Partial<GateTiming> = {},
  ) {
    this.timing = { ...DEFAULT_GATE_TIMING, ...timing };
  }

  /** The latest instant the service may count this call at. */
  private bound(s: Stamp): number {
    return s.doneAt ?? s.sentAt + this.timing.pendingBoundMs;
  }

  private log(key: string): KeyLog {
    let log = this.logs.get(key);
    if (!log) this.logs.set(key, (log = { stamps: new Map(), pruneAt: 64 }));
    return log;
  }

  /** Drops the stamps that aged out of the window. */
  private prune(log: KeyLog, windowMs: number, now: number): void {
    const span = windowMs + this.timing.marginMs;
    for (const [id, s] of log.stamps) if (this.bound(s) + span <= now) log.stamps.delete(id);
    log.pruneAt = Math.max(64, 2 * log.stamps.size);
  }

  /** Synchronous core, shared with the Redis gate's fallback. */
  acquireNow(key: string, params: GateParams): Admission {
    const now = this.clock.now();
    const hold = this.holds.get(key) ?? 0;
    if (hold > now) return { granted: false, waitMs: hold - now, pending: false };
    const log = this.log(key);
    // Counting stale stamps too is safe; prune only when that could refuse a call (or the log grew).
    if (log.stamps.size >= params.limit || log.stamps.size >= log.pruneAt) this.prune(log, params.windowMs, now);
    if (log.stamps.size < params.limit) {
      const id = randomUUID();
      log.stamps.set(id, { id, sentAt: now, doneAt: null });
      return { granted: true, ticket: id };
    }
    const stamps = [...log.stamps.values()];
    const blocker = stamps.sort((a, b) => this.bound(a) - this.bound(b))[stamps.length - params.limit]!;
    return { granted: false, waitMs: this.bound(blocker) + params.windowMs + this.timing.marginMs - now, pending: blocker.doneAt === null };
  }

  tryAcquire(key: string, params: GateParams): Promise<Admission> {
    return Promise.resolve(this.acquireNow(key, params));
  }

  settle(key: string, ticket: string, counted: boolean): Promise<void> {
    const stamps = this.logs.get(key)?.stamps;
    const stamp = stamps?.get(ticket);
    if (stamp) {
      if (counted) stamp.doneAt = this.clock.now();
      else stamps!.delete(ticket);
    }
    return Promise.resolve();
  }

  holdFor(key: string, delayMs: number): Promise<void> {
    this.holds.set(key, Math.max(this.holds.get(key) ?? 0, this.clock.now() + delayMs));
    return Promise.resolve();
  }

  estimateWait(key: string, params: GateParams, ahead: number): number {
    const now = this.clock.now();
    const hold = this.holds.get(key) ?? 0;
    const log = this.logs.get(key);
    // Room for this call and every one ahead of it: no wait (the common case, O(1)).
    if (hold <= now && (log?.stamps.size ?? 0) + ahead < params.limit) return 0;
    if (!log) return nthStart([], params.limit, params.windowMs + this.timing.marginMs, now, hold, ahead);
    this.prune(log, params.windowMs, now);
    const stamps = [...log.stamps.values()].map((s) => s.doneAt ?? s.sentAt);
    return nthStart(stamps, params.limit, params.windowMs + this.timing.marginMs, now, hold, ahead);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/*
 * Redis-shared gate: one sorted set per key (member "p:<ticket>" while in
 * flight, scored with its bound, "d:<ticket>" once answered, scored with the
 * answer's time) plus a hold key, read and changed by short Lua scripts on
 * Redis's own clock, so every process stamps on the same clock. Why not a
 * library: Bottleneck's own Redis clustering fails on Redis 7 (once a
 * limiter's settings key is gone, e.g. after idle expiry, every call fails
 * with "ERR SETTINGS_KEY_NOT_FOUND": Redis 7 prefixes script errors with
 * "ERR " and Bottleneck compares the bare text; its issues #205, #212, #219),
 * and rate-limiter-flexible counts fixed windows (a burst across a window
 * edge doubles the rate) and stamps at the send, not at the answer. Bottleneck
 * still queues per key in each process (see limiter.ts).
 */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: set, hold. ARGV: limit, windowMs, marginMs, pendingBoundMs, ticket. Returns {granted, now, waitMs, pending, holdUntil, member1, score1, ...}. */
const ACQUIRE = `${NOW}
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local margin = tonumber(ARGV[3])
local bound = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window - margin)
local hold = tonumber(redis.call('GET', KEYS[2]) or '0')
local n = redis.call('ZCARD', KEYS[1])
local granted = 0
local wait = 0
local pending = 0
if hold > now then
  wait = hold - now
elseif n < limit then
  redis.call('ZADD', KEYS[1], now + bound, 'p:' .. ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window + margin + bound)
  granted = 1
else
  local e = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
  wait = tonumber(e[2]) + window + margin - now
  if string.sub(e[1], 1, 2) == 'p:' then pending = 1 end
end
local out = {granted, now, wait, pending, hold}
-- The newest stamps that can matter to estimates: at most limit (and 256) of them.
local total = redis.call('ZCARD', KEYS[1])
local from = math.max(0, total - math.min(limit, 256))
for _, v in ipairs(redis.call('ZRANGE', KEYS[1], from, -1, 'WITHSCORES')) do out[#out + 1] = v end
return out`;

/** KEYS: set. ARGV: ticket, counted (0/1), ttlMs. */
const SETTLE = `${NOW}
local removed = redis.call('ZREM', KEYS[1], 'p:' .. ARGV[1])
if removed == 1 and ARGV[2] == '1' then
  redis.call('ZADD', KEYS[1], now, 'd:' .. ARGV[1])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
end
return 0`;

/** KEYS: hold. ARGV: delayMs. */
const HOLD = `${NOW}
local untilMs = now + tonumber(ARGV[1])
if untilMs > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]))
end
return 0`;

interface GateCommands {
  outreachWindowAcquire(set: string, hold: string, limit: number, windowMs: number, marginMs: number, boundMs: number, ticket: string): Promise<(string | number)[]>;
  outreachWindowSettle(set: string, ticket: string, counted: string, ttlMs: number): Promise<number>;
  outreachWindowHold(hold: string, delayMs: number): Promise<number>;
}

export interface RedisSlotGateOptions {
  url: string;
  /** Namespace of the keys, e.g. per deployment or per test. */
  keyPrefix?: string;
  logger?: Logger;
  timing?: Partial<GateTiming>;
  /** Clock of local estimates and of the fallback while Redis is unreachable. */
  clock?: Clock;
}

/** What the last script run said about a key, on the local clock. */
interface Mirror {
  /** Ticket -> counted stamp (a pending one at its send time), local ms. */
  stamps: Map<string, number>;
  holdUntil: number;
}

export class RedisSlotGate implements SlotGate {
  private readonly redis: Redis & GateCommands;
  private readonly prefix: string;
  private readonly timing: GateTiming;
  private readonly clock: Clock;
  private readonly mirrors = new Map<string, Mirror>();
  /** Tickets the fallback granted (settled there, not in Redis). */
  private readonly localTickets = new Set<string>();
  /** Used only while Redis is unreachable, so calls still follow the window in-process. */
  private readonly fallback: LocalSlotGate;
  private readonly logger: Logger | undefined;
  private windowMs = 60_000;
  private warned = false;

  constructor(options: RedisSlotGateOptions) {
    this.prefix = options.keyPrefix ?? 'outreach:window:';
    this.logger = options.logger;
    this.timing = { ...DEFAULT_GATE_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    this.fallback = new LocalSlotGate(this.clock, this.timing);
    const redis = connectRedis(options.url, {
      // Commands wait for the first connect, but give up after one reconnect
      // attempt so a dead Redis degrades to the in-process window, not a hang.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: false,
    });
    redis.on('error', (err: Error) => this.warnOnce(err));
    redis.defineCommand('outreachWindowAcquire', { numberOfKeys: 2, lua: ACQUIRE });
    redis.defineCommand('outreachWindowSettle', { numberOfKeys: 1, lua: SETTLE });
    redis.defineCommand('outreachWindowHold', { numberOfKeys: 1, lua: HOLD });
    this.redis = redis as Redis & GateCommands;
  }

  private warnOnce(err: Error): void {
    if (this.warned) return;
    this.warned = true;
    this.logger?.warn({ err: err.message }, 'redis limiter store unreachable; following the window in this process only');
  }

  async tryAcquire(key: string, params: GateParams): Promise<Admission> {
    this.windowMs = params.windowMs;
    const ticket = randomUUID();
    try {
      const reply = await this.redis.outreachWindowAcquire(
        `${this.prefix}${key}`,
        `${this.prefix}${key}:hold`,
        params.limit,
        Math.ceil(params.windowMs),
        this.timing.marginMs,
        this.timing.pendingBoundMs,
        ticket,
      );
      this.warned = false;
      const [granted, redisNow, wait, pending, hold] = reply.slice(0, 5).map(Number) as [number, number, number, number, number];
      // Redis time -> local time: the offset at this reply (estimates only; admission is Redis's).
      const offset = this.clock.now() - redisNow;
      const stamps = new Map<string, number>();
      for (let i = 5; i + 1 < reply.length; i += 2) {
        const member = String(reply[i]);
        const score = Number(reply[i + 1]);
        stamps.set(member.slice(2), (member.startsWith('p:') ? score - this.timing.pendingBoundMs : score) + offset);
      }
      this.mirrors.set(key, { stamps, holdUntil: hold > redisNow ? hold + offset : 0 });
      if (granted) return { granted: true, ticket };
      return { granted: false, waitMs: wait, pending: pending === 1 };
    } catch (err) {
      this.warnOnce(err as Error);
      const admission = this.fallback.acquireNow(key, params);
      if (admission.granted) this.localTickets.add(admission.ticket);
      return admission;
    }
  }

  async settle(key: string, ticket: string, counted: boolean): Promise<void> {
    if (this.localTickets.delete(ticket)) return this.fallback.settle(key, ticket, counted);
    const stamps = this.mirrors.get(key)?.stamps;
    if (stamps?.has(ticket)) {
      if (counted) stamps.set(ticket, this.clock.now());
      else stamps.delete(ticket);
    }
    try {
      await this.redis.outreachWindowSettle(`${this.prefix}${key}`, ticket, counted ? '1' : '0', Math.ceil(this.windowMs + this.timing.marginMs + this.timing.pendingBoundMs));
    } catch (err) {
      this.warnOnce(err as Error);
    }
  }

  async holdFor(key: string, delayMs: number): Promise<void> {
    const mirror = this.mirrors.get(key) ?? { stamps: new Map<string, number>(), holdUntil: 0 };
    mirror.holdUntil = Math.max(mirror.holdUntil, this.clock.now() + delayMs);
    this.mirrors.set(key, mirror);
    await this.fallback.holdFor(key, delayMs);
    try {
      await this.redis.outreachWindowHold(`${this.prefix}${key}:hold`, Math.ceil(delayMs));
    } catch (err) {
      this.warnOnce(err as Error);
    }
  }

  estimateWait(key: string, params: GateParams, ahead: number): number {
    const now = this.clock.now();
    const mirror = this.mirrors.get(key);
    const span = params.windowMs + this.timing.marginMs;
    const remote = mirror ? nthStart([...mirror.stamps.values()].filter((s) => s + span > now), params.limit, span, now, mirror.holdUntil, ahead) : 0;
    return Math.max(remote, this.fallback.estimateWait(key, params, ahead));
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
