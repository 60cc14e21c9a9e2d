import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  AccountIdPath,
  AccountList,
  PER_MINUTE_LIMITS,
  endpointByRole,
  isExempt,
  isWrite,
  quotaFeaturesFor,
  summarizeIssues,
  toRequestParts,
  validate,
  type AnyEndpoint,
  type LimitGroup,
} from '../contract/index.js';
import { QuotaReport } from '../contract/resources/quota.js';
import { systemClock, type Clock } from '../util/clock.js';
import { createLogger, type Logger } from '../util/logger.js';
import { ResponseCache, type CacheOptions } from './cache.js';
import { errorFromResponse, header } from './errors.js';
import { CallLimiter, DEFAULT_LIMITER_OPTIONS, type PaceMode, type Slot } from './limiter.js';
import { PacingGate, type PacingPolicy } from './pacing.js';
import { QuotaGuard } from './quota-guard.js';
import { LocalSlotGate, RedisSlotGate, type GateTiming, type SlotGate } from './slot-gate.js';
import { DEFAULT_TIMEOUTS, NetworkFailure, Transport, type HttpReply, type TransportTimeouts } from './transport.js';
import {
  ClientError,
  type AccountSummary,
  type CallOptions,
  type ClientStats,
  type OutreachClient,
} from './types.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Limit window; 60000 (the spec's minute) unless a test scales it down. */
  windowMs?: number;
  /** Per-group calls per window; defaults to the spec's PER_MINUTE_LIMITS. */
  limits?: Partial<Record<LimitGroup, number | null>>;
  /** Slack after a call's window, and how long an unanswered call counts (see slot-gate.ts). */
  gateTiming?: Partial<GateTiming>;
  /** 'burst' (default): calls go out while the service's window has room; 'even': also one per windowMs/limit. */
  pace?: PaceMode;
  /** Calls that may wait per (account, group) (default 100). */
  maxQueue?: number;
  /** Longest wait for a limiter slot unless CallOptions.maxWaitMs says otherwise (default 45 s, under the MCP 60 s request timeout). */
  maxWaitMs?: number;
  /** Progress report interval while queued (default 5 s). */
  progressIntervalMs?: number;
  /** Retries of one logical call (default 2). */
  maxRetries?: number;
  /** First backoff for 5xx / connection retries, doubled each time (default 250 ms). */
  retryBackoffMs?: number;
  /** Share limiter state with other processes through Redis (OUTREACH_REDIS_URL). */
  redisUrl?: string;
  redisKeyPrefix?: string;
  timeouts?: Partial<TransportTimeouts>;
  connections?: number;
  cache?: CacheOptions;
  /**
   * Read answer that does not match the output schema: 'error' (default)
   * fails with schema_drift; 'warn' returns it as received. Writes always
   * return (a landed write must not look failed and invite a repeat).
   */
  schemaDrift?: 'error' | 'warn';
  /**
   * The service honours Idempotency-Key (the embedded one does): a write that
   * may have landed is retried with its key after a 5xx or a lost connection,
   * and lands once. false: only writes whose caller supplied a key are retried.
   */
  idempotentRetries?: boolean;
  /** Human pacing of writes per account: working hours and a pause between writes. */
  pacing?: (accountId: string) => PacingPolicy | undefined;
  /** Time of the limiter, the quota guard and the cache. */
  clock?: Clock;
  logger?: Logger;
}

/** Quota reports read at start-up at most (the default account's first). */
const WARM_UP_QUOTA_READS = 10;

/** Sleeps ms of the client's clock unless signal aborts first. */
function clockPause(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller' }));
    const onAbort = (): void => {
      cancel();
      reject(new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller' }));
    };
    const cancel = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** p, or a cancelled error as soon as signal aborts (p itself goes on for its other waiters). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller' }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller' }));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** Sleeps ms of real time unless signal aborts first. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return clockPause(systemClock, ms, signal);
}

interface Governed {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  account: string;
  group: LimitGroup;
  write: boolean;
  /** Sent on every attempt of a write. */
  idempotencyKey?: string;
  /** The key makes retries after ambiguous failures safe (caller's key, or the service dedupes). */
  callerKey: boolean;
  endpointId?: string;
  /** false: the entry is exempt from the limits, so the call takes no limiter slot. */
  metered: boolean;
}

export class GovernedClient implements OutreachClient {
  private readonly transport: Transport;
  private readonly limiter: CallLimiter;
  private readonly guard: QuotaGuard;
  private readonly cache: ResponseCache;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly maxRetries: number;
  private readonly retryBackoffMs: number;
  private readonly schemaDriftMode: 'error' | 'warn';
  private readonly idempotentRetries: boolean;
  private readonly pacing: PacingGate | undefined;
  private readonly maxWaitMs: number;
  private defaultAccountId: Promise<string> | undefined;
  private knownAccounts: { list: AccountSummary[]; at: number } | undefined;
  private accountsRead: Promise<AccountSummary[]> | undefined;
  private readonly quotaRefreshes = new Map<string, Promise<unknown>>();
  private readonly counters: ClientStats = {
    schemaDrift: 0,
    localQuotaRefusals: 0,
    rateLimited: 0,
    retries: 0,
    cacheHits: 0,
    cacheMisses: 0,
  };

  constructor(options: ClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? createLogger('client');
    this.maxRetries = options.maxRetries ?? 2;
    this.retryBackoffMs = options.retryBackoffMs ?? 250;
    this.schemaDriftMode = options.schemaDrift ?? 'error';
    this.idempotentRetries = options.idempotentRetries ?? true;
    this.pacing = options.pacing ? new PacingGate(options.pacing) : undefined;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_LIMITER_OPTIONS.maxWaitMs;
    this.transport = new Transport(
      options.baseUrl,
      options.apiKey,
      { ...DEFAULT_TIMEOUTS, ...options.timeouts },
      options.connections ?? 16,
    );
    const gate: SlotGate = options.redisUrl
      ? new RedisSlotGate({
          url: options.redisUrl,
          logger: this.logger,
          clock: this.clock,
          ...(options.gateTiming ? { timing: options.gateTiming } : {}),
          ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
        })
      : new LocalSlotGate(this.clock, options.gateTiming);
    this.limiter = new CallLimiter({
      ...DEFAULT_LIMITER_OPTIONS,
      windowMs: options.windowMs ?? DEFAULT_LIMITER_OPTIONS.windowMs,
      limits: { ...PER_MINUTE_LIMITS, ...options.limits },
      maxQueue: options.maxQueue ?? DEFAULT_LIMITER_OPTIONS.maxQueue,
      maxWaitMs: options.maxWaitMs ?? DEFAULT_LIMITER_OPTIONS.maxWaitMs,
      progressIntervalMs: options.progressIntervalMs ?? DEFAULT_LIMITER_OPTIONS.progressIntervalMs,
      pace: options.pace ?? DEFAULT_LIMITER_OPTIONS.pace,
      gate,
      clock: this.clock,
    });
    this.guard = new QuotaGuard(this.clock);
    this.cache = new ResponseCache(this.clock, options.cache);
  }

  stats(): ClientStats {
    return { ...this.counters };
  }

  async call(endpoint: AnyEndpoint, input: Record<string, unknown>, options: CallOptions = {}): Promise<unknown> {
    const parsed = validate(endpoint.input, input);
    if (!parsed.success) {
      throw new ClientError({
        kind: 'validation',
        message: `Invalid input for ${endpoint.tool}: ${summarizeIssues(parsed.issues)}`,
        issues: parsed.issues,
        endpointId: endpoint.id,
      });
    }
    const data = parsed.data as Record<string, unknown>;
    if (endpoint.role === 'accountsList') return { accounts: await this.accounts(options) };
    const account = typeof data.accountId === 'string' ? data.accountId : await this.defaultAccount(options);
    if (endpoint.role === 'quotaReport') return this.quota(account, options);

    // Name the resolved default explicitly, so the service acts for the account this call was governed under.
    if (data.accountId === undefined && 'accountId' in endpoint.input.shape) data.accountId = account;
    const cached = this.cache.get(endpoint, account, data);
    if (cached.hit) {
      this.counters.cacheHits++;
      return cached.value;
    }
    if (this.cache.ttlFor(endpoint) > 0) this.counters.cacheMisses++;

    const features = quotaFeaturesFor(endpoint, data);
    if (this.guard.needsRefresh(account, features)) await this.refreshQuota(account, endpoint.id, options);
    let reservation;
    try {
      reservation = this.guard.reserve(account, features, endpoint.id);
    } catch (err) {
      this.counters.localQuotaRefusals++;
      throw err;
    }

    const write = isWrite(endpoint);
    if (write) {
      try {
        await this.awaitPacing(account, endpoint.id, options);
      } catch (err) {
        reservation.release();
        throw err;
      }
    }
    const parts = toRequestParts(endpoint, data);
    try {
      const reply = await this.governed(
        {
          method: endpoint.method,
          path: parts.path,
          query: parts.query,
          ...(parts.body !== undefined ? { body: parts.body } : {}),
          account,
          group: endpoint.group,
          write,
          ...(write ? { idempotencyKey: options.idempotencyKey ?? randomUUID() } : {}),
          callerKey: options.idempotencyKey !== undefined || (write && this.idempotentRetries),
          endpointId: endpoint.id,
          metered: !isExempt(endpoint),
        },
        options,
      );
      reservation.commit();
      if (write) this.pacing?.recordWrite(account, this.clock.now());
      options.onAnswer?.({ replayed: header(reply.headers, 'idempotent-replayed') === 'true' });
      const value = this.parseOutput(endpoint.output, reply.body, endpoint.id, write);
      if (write) this.cache.invalidate(account, endpoint.toolset);
      else this.cache.set(endpoint, account, data, value);
      return value;
    } catch (err) {
      reservation.release();
      // The local view was wrong (calls from elsewhere): read it again next time.
      if (err instanceof ClientError && err.kind === 'quota') this.guard.forget(account);
      throw err;
    }
  }

  async quota(accountId: string, options: CallOptions = {}): Promise<QuotaReport> {
    const id = validate(AccountIdPath, accountId);
    if (!id.success) {
      throw new ClientError({ kind: 'validation', message: `accountId: ${summarizeIssues(id.issues)}`, issues: id.issues.map((i) => ({ ...i, path: ['accountId'] })) });
    }
    const e = endpointByRole('quotaReport');
    const parts = toRequestParts(e, { accountId });
    // Bookkeeping: never queued behind the account's own calls (the entry says the service meters nothing).
    const reply = await this.governed(
      { method: e.method, path: parts.path, account: accountId, group: e.group, write: false, callerKey: false, endpointId: e.id, metered: !isExempt(e) },
      options,
    );
    const report = this.parseOutput(QuotaReport, reply.body, e.id, false, true) as QuotaReport;
    this.guard.update(report);
    return report;
  }

  /**
   * Accounts the key can act for: one read shared by concurrent callers and
   * reused for the entry's cache lifetime (resource listings, default
   * account); fresh: true reads again.
   */
  async accounts(options: CallOptions & { fresh?: boolean } = {}): Promise<AccountSummary[]> {
    const e = endpointByRole('accountsList');
    const ttl = e.cache?.ttlMs ?? 0;
    const known = this.knownAccounts;
    if (!options.fresh && known && this.clock.now() - known.at < ttl) return known.list;
    let read = options.fresh ? undefined : this.accountsRead;
    if (!read) {
      // Shared by every caller: no one caller's signal may cancel it (each stops waiting on its own below).
      const shared = (async (): Promise<AccountSummary[]> => {
        const parts = toRequestParts(e, {});
        const reply = await this.governed(
          // Names no account: if an entry ever metered it, it would count against the key itself.
          { method: e.method, path: parts.path, account: '_key', group: e.group, write: false, callerKey: false, endpointId: e.id, metered: !isExempt(e) },
          {},
        );
        const parsed = this.parseOutput(AccountList, reply.body, e.id, false, true) as AccountList;
        this.knownAccounts = { list: parsed.accounts, at: this.clock.now() };
        return parsed.accounts;
      })();
      const forget = (): void => {
        if (this.accountsRead === shared) this.accountsRead = undefined;
      };
      shared.then(forget, forget);
      this.accountsRead = shared;
      read = shared;
    }
    return untilAborted(read, options.signal);
  }

  /**
   * Start-up reads, off the request path: the accounts and each account's
   * quota report, in parallel, so the session's first call finds its
   * default account and its quota guard ready. Failures are left for that
   * call to meet (and report).
   */
  warmUp(): Promise<void> {
    return this.accounts()
      // The default account first; a key with many accounts reads the rest when they are first used.
      .then((list) => Promise.all([...list].sort((x, y) => Number(y.isDefault) - Number(x.isDefault)).slice(0, WARM_UP_QUOTA_READS).map((a) => this.refreshQuota(a.id, 'warm-up', {}))))
      .then(
        () => undefined,
        (err: unknown) => this.logger.debug({ err: (err as Error).message }, 'warm-up read failed'),
      );
  }

  async close(): Promise<void> {
    await this.limiter.close();
    await this.transport.close();
    this.cache.clear();
  }

  /**
   * Waits out a short pacing delay (the pause between writes, or working hours
   * about to open); refuses when the wait would be longer than allowed.
   */
  private async awaitPacing(account: string, endpointId: string, options: CallOptions): Promise<void> {
    if (!this.pacing) return;
    const decision = this.pacing.check(account, this.clock.now());
    if (decision.ok) return;
    const waitMs = decision.notBefore - this.clock.now();
    const maxWait = options.maxWaitMs ?? this.maxWaitMs;
    if (waitMs > maxWait) {
      const at = new Date(decision.notBefore).toISOString();
      throw new ClientError({
        kind: 'paced',
        pacingReason: decision.reason,
        endpointId,
        retryAfterMs: waitMs,
        message:
          decision.reason === 'outside_hours'
            ? `outside the working hours set for account ${account}; the next write is allowed at ${at}`
            : `account ${account} paces its writes like a person; the next write is allowed at ${at}`,
      });
    }
    options.onProgress?.({ message: `pacing writes on account ${account}: waiting ${Math.ceil(waitMs / 1000)} s`, waitedMs: 0, etaMs: waitMs });
    await clockPause(this.clock, waitMs, options.signal);
  }

  /** The default account, resolved once through accounts() and kept. */
  private defaultAccount(options: CallOptions): Promise<string> {
    if (!this.defaultAccountId) {
      const pending = this.accounts(options).then((list) => {
        const chosen = list.find((a) => a.isDefault) ?? list[0];
        if (!chosen) throw new ClientError({ kind: 'not_found', status: 404, message: 'No connected account is available for this API key' });
        return chosen.id;
      });
      this.defaultAccountId = pending;
      pending.catch(() => {
        if (this.defaultAccountId === pending) this.defaultAccountId = undefined;
      });
    }
    return this.defaultAccountId;
  }

  /**
   * Reads the quota report once for concurrent callers. When the service
   * answers it with an error (e.g. a remote service without A7), the call
   * goes ahead unguarded (the service still enforces its quotas); when the
   * service cannot be reached or the caller gave up, the call fails.
   */
  private async refreshQuota(account: string, endpointId: string, options: CallOptions): Promise<void> {
    let pending = this.quotaRefreshes.get(account);
    if (!pending) {
      // Shared by concurrent callers: none of their signals cancels it.
      pending = this.quota(account).finally(() => this.quotaRefreshes.delete(account));
      this.quotaRefreshes.set(account, pending);
    }
    try {
      await untilAborted(pending, options.signal);
    } catch (err) {
      if (err instanceof ClientError && ['network', 'cancelled', 'queue_timeout'].includes(err.kind)) throw err;
      this.logger.warn({ endpointId, account, err: (err as Error).message }, 'quota report unavailable; call not guarded locally');
    }
  }

  private parseOutput(schema: z.ZodType, body: unknown, endpointId: string, write: boolean, strict = false): unknown {
    const result = validate(schema, body);
    if (result.success) return result.data;
    this.counters.schemaDrift++;
    const fields = result.issues.map((i) => i.path.join('.') || '(body)');
    this.logger.warn({ endpointId, fields, drift: this.counters.schemaDrift }, 'service answer does not match the contract');
    if (write || (!strict && this.schemaDriftMode === 'warn')) return body;
    throw new ClientError({
      kind: 'schema_drift',
      status: 200,
      message: `The service's answer for ${endpointId} does not match the contract: ${summarizeIssues(result.issues)}`,
      issues: result.issues,
      endpointId,
    });
  }

  /** Limiter slot, request, and the bounded retries; every metered attempt takes a slot. */
  private async governed(req: Governed, options: CallOptions): Promise<HttpReply> {
    for (let attempt = 0; ; attempt++) {
      const slot: Slot | undefined = req.metered
        ? await this.limiter.acquire(req.account, req.group, {
            ...(options.signal ? { signal: options.signal } : {}),
            ...(options.onProgress ? { onProgress: options.onProgress } : {}),
            ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
          })
        : undefined;
      const canRetry = attempt < this.maxRetries;
      // One signal per request: the caller's, combined with a fresh controller.
      const own = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, own.signal]) : own.signal;
      let reply: HttpReply;
      try {
        reply = await this.transport.send({
          method: req.method,
          path: req.path,
          ...(req.query ? { query: req.query } : {}),
          ...(req.body !== undefined ? { body: req.body } : {}),
          ...(req.idempotencyKey ? { headers: { 'idempotency-key': req.idempotencyKey } } : {}),
          signal,
        });
      } catch (err) {
        // The service may have counted a request that left; one never sent frees its slot.
        await this.limiter.settle(slot, !(err instanceof NetworkFailure && err.notSent));
        if (!(err instanceof NetworkFailure)) throw err;
        if (err.aborted && options.signal?.aborted) {
          throw new ClientError({
            kind: 'cancelled',
            message: req.write ? 'Call cancelled by the caller while the request was in flight; the action may have been performed' : 'Call cancelled by the caller',
            ...(req.endpointId ? { endpointId: req.endpointId } : {}),
            ...(req.write ? { mayHaveLanded: true } : {}),
          });
        }
        const retryable = !req.write || err.notSent || req.callerKey;
        if (canRetry && retryable) {
          this.counters.retries++;
          await pause(this.retryBackoffMs * 2 ** attempt, options.signal);
          continue;
        }
        const mayHaveLanded = req.write && !err.notSent;
        throw new ClientError({
          kind: 'network',
          message: mayHaveLanded
            ? `${err.message}; the action may have been performed: check before repeating it`
            : err.message,
          ...(req.endpointId ? { endpointId: req.endpointId } : {}),
          ...(req.write ? { mayHaveLanded } : {}),
        });
      } finally {
        own.abort();
      }
      // A 429 was not counted by the service (it counts only what it admits); any other answer may have been.
      await this.limiter.settle(slot, reply.status !== 429);
      if (reply.status >= 200 && reply.status < 300) return reply;

      const error = errorFromResponse(
        req.endpointId ? { id: req.endpointId } : undefined,
        reply.status,
        reply.headers,
        reply.body,
        Date.now(),
        req.write,
      );
      if (error.kind === 'rate_limit') {
        this.counters.rateLimited++;
        const retryAfterMs = error.details.retryAfterMs ?? 1000;
        this.logger.warn({ endpointId: req.endpointId, group: req.group, retryAfterMs }, 'per-minute 429 from the service');
        // Everyone on this key holds off, then the retry queues like any call.
        await this.limiter.hold(req.account, req.group, retryAfterMs);
        if (canRetry) {
          this.counters.retries++;
          continue;
        }
      } else if (error.kind === 'server' && canRetry && (!req.write || req.callerKey)) {
        this.counters.retries++;
        await pause(this.retryBackoffMs * 2 ** attempt, options.signal);
        continue;
      }
      if (error.kind === 'server' && req.write && !req.callerKey) {
        error.details.message = `${error.details.message} (the action may have been performed: check before repeating it, or pass an idempotency key)`;
        error.message = error.details.message;
      }
      throw error;
    }
  }
}
