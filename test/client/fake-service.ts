import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_ID_PATTERN,
  ACCOUNT_NOT_FOUND,
  INVALID_ACCOUNT_ID,
  PER_MINUTE_LIMITS,
  QUOTA_RULES,
  fromRequestParts,
  pathParams,
  validate,
  validationErrorBody,
  type AnyEndpoint,
  type LimitGroup,
  type QuotaRule,
} from '../../src/contract/index.js';
import { systemClock, type Clock } from '../../src/util/clock.js';
import { TEST_ENDPOINTS } from './endpoints.js';

/**
 * A small stand-in for the outreach service, on 127.0.0.1: bearer auth,
 * account access, input validation, the spec's per-minute limits (sliding
 * window, 429 + Retry-After + X-RateLimit-*), daily/weekly/monthly quotas with
 * a quota report (A7), and scripted failures. All client tests talk to it
 * through startFakeService(); swapping in the embedded service means
 * replacing this one file.
 */

export interface FakeAccount {
  id: string;
  firstName: string;
  lastName: string;
  isDefault?: boolean;
}

export interface LoggedRequest {
  method: string;
  path: string;
  endpointId?: string;
  account?: string;
  status: number;
  /** Real ms since the service started, taken where the per-minute limit counts the request. */
  at: number;
  idempotencyKey?: string;
  body?: unknown;
}

export type ScriptedFailure =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { destroy: true };

export interface FakeServiceOptions {
  apiKey?: string;
  accounts?: FakeAccount[];
  windowMs?: number;
  limits?: Partial<Record<LimitGroup, number | null>>;
  quotaRules?: readonly QuotaRule[];
  endpoints?: readonly AnyEndpoint[];
  /** Time of the quota windows (per-minute windows use real time). */
  clock?: Clock;
}

export interface FakeService {
  baseUrl: string;
  apiKey: string;
  requests: LoggedRequest[];
  /** The next request(s) for this endpoint id (or path) fail this way, in order. */
  failNext(target: string, ...failures: ScriptedFailure[]): void;
  /** Sets used of a feature's quota counter(s) for an account. */
  setUsed(accountId: string, feature: string, used: number): void;
  /** Requests that reached an endpoint (not /accounts, not A7), optionally for one account. */
  callsTo(endpointId: string, account?: string): LoggedRequest[];
  close(): Promise<void>;
}

export const ACCOUNTS: FakeAccount[] = [
  { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', firstName: 'Ada', lastName: 'Lovelace', isDefault: true },
  { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', firstName: 'Bob', lastName: 'Babbage' },
  { id: 'cccccccccccccccccccccccc', firstName: 'Cy', lastName: 'Church' },
  { id: 'dddddddddddddddddddddddd', firstName: 'Di', lastName: 'Dijkstra' },
];

const DAY = 86_400_000;

export function windowReset(window: QuotaRule['window'], now: number): number {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (window === 'daily') return midnight + DAY;
  if (window === 'weekly') {
    const daysToMonday = ((8 - d.getUTCDay()) % 7) || 7;
    return midnight + daysToMonday * DAY;
  }
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

function sampleOutput(e: AnyEndpoint, account: FakeAccount, input: Record<string, unknown>, seq: number): unknown {
  switch (e.id) {
    case 'A1':
    case 'A2':
      return {
        id: account.id,
        firstName: account.firstName,
        lastName: account.lastName,
        publicId: account.firstName.toLowerCase(),
        platform: 'network',
        status: 'AVAILABLE',
        enabled: true,
        lastUsed: '2026-01-04T10:00:00.000Z',
        hasTokens: true,
        networkPlan: null,
      };
    case 'B3':
      return { success: true, invitationId: `inv-${seq}`, timestamp: new Date().toISOString() };
    case 'E3':
      return { success: true };
    case 'E11':
      return { postUrn: `urn:li:activity:${String(input.postUrl).length}`, text: `post #${seq}`, comments: 2, shares: 1 };
    case 'G8':
      return { locations: [{ name: String(input.keywords), geoId: '105', countryCode: 'de' }] };
    case 'D1':
      return { conversations: [{ id: `c-${seq}` }] };
    default:
      return { success: true };
  }
}

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const names = pathParams(template);
  const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z0-9_]+\}/g, '([^/]+)')}$`);
  const m = re.exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
  return params;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol.for('invalid-json');
  }
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const apiKey = options.apiKey ?? 'test-key-0123456789';
  const accounts = options.accounts ?? ACCOUNTS;
  const windowMs = options.windowMs ?? 60_000;
  const limits = { ...PER_MINUTE_LIMITS, ...options.limits };
  const rules = options.quotaRules ?? QUOTA_RULES;
  const endpoints = options.endpoints ?? TEST_ENDPOINTS;
  const clock = options.clock ?? systemClock;
  const started = performance.now();
  const requests: LoggedRequest[] = [];
  const failures = new Map<string, ScriptedFailure[]>();
  /** account:group -> admitted request times (real ms). */
  const minuteLog = new Map<string, number[]>();
  /** account:feature:window -> { used, resetAt }. */
  const quota = new Map<string, { used: number; resetAt: number; limitReachedAt: number | null }>();
  let seq = 0;
  // Compile each entry's query coercion table and schema now, not inside the first timed request.
  for (const e of endpoints) validate(e.input, fromRequestParts(e, {}, {}, undefined));

  const counter = (account: string, rule: QuotaRule): { used: number; resetAt: number; limitReachedAt: number | null } => {
    const key = `${account}:${rule.feature}:${rule.window}`;
    const now = clock.now();
    let c = quota.get(key);
    if (!c || now >= c.resetAt) {
      c = { used: 0, resetAt: windowReset(rule.window, now), limitReachedAt: null };
      quota.set(key, c);
    }
    return c;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      const log: LoggedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        status: 0,
        at: performance.now() - started,
        body,
      };
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') log.idempotencyKey = key;
      requests.push(log);
      const reply = (status: number, payload: unknown, headers?: Record<string, string>): void => {
        log.status = status;
        send(res, status, payload, headers);
      };

      if (req.headers.authorization !== `Bearer ${apiKey}`) return reply(401, { error: 'Unauthorized: invalid or missing API key' });

      if (req.method === 'GET' && url.pathname === '/accounts') {
        return reply(200, {
          accounts: accounts.map((a, i) => ({
            id: a.id,
            firstName: a.firstName,
            lastName: a.lastName,
            publicId: a.firstName.toLowerCase(),
            status: 'AVAILABLE',
            premiumType: 'NON_PREMIUM',
            isDefault: a.isDefault ?? i === 0,
          })),
        });
      }

      const quotaParams = req.method === 'GET' ? matchPath('/account/{accountId}/quota', url.pathname) : undefined;
      let e: AnyEndpoint | undefined;
      let params: Record<string, string> | undefined = quotaParams;
      if (!quotaParams) {
        for (const candidate of endpoints) {
          if (candidate.method !== req.method) continue;
          params = matchPath(candidate.path, url.pathname);
          if (params) {
            e = candidate;
            break;
          }
        }
        if (!e || !params) return reply(404, { error: `No route for ${req.method} ${url.pathname}` });
        log.endpointId = e.id;
      }
      if (params?.accountId !== undefined && !ACCOUNT_ID_PATTERN.test(params.accountId)) {
        return reply(400, { error: INVALID_ACCOUNT_ID, success: false });
      }

      const query: Record<string, string | string[]> = {};
      for (const k of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(k);
        query[k] = all.length > 1 ? all : (all[0] ?? '');
      }
      let input: Record<string, unknown> = {};
      if (e) {
        if (body === Symbol.for('invalid-json')) return reply(400, { error: 'Invalid JSON body', success: false });
        input = fromRequestParts(e, params ?? {}, query, body);
        const checked = validate(e.input, input);
        if (!checked.success) return reply(400, validationErrorBody(checked.issues));
        input = checked.data as Record<string, unknown>;
      }
      const accountId = quotaParams?.accountId ?? (typeof input.accountId === 'string' ? input.accountId : accounts.find((a) => a.isDefault)?.id ?? accounts[0]?.id);
      const account = accounts.find((a) => a.id === accountId);
      if (!account) return reply(404, { error: ACCOUNT_NOT_FOUND, success: false });
      log.account = account.id;

      // Per-minute limit: sliding window over admitted requests.
      const group: LimitGroup = e ? e.group : 'account';
      const limit = limits[group];
      const now = performance.now();
      log.at = now - started;
      if (limit !== null && limit !== undefined) {
        const k = `${account.id}:${group}`;
        const times = (minuteLog.get(k) ?? []).filter((t) => t > now - windowMs);
        minuteLog.set(k, times);
        const resetInMs = times.length ? (times[0] as number) + windowMs - now : windowMs;
        const rateHeaders = {
          'x-ratelimit-limit': String(limit),
          'x-ratelimit-remaining': String(Math.max(0, limit - times.length - 1)),
          'x-ratelimit-reset': String(Math.ceil((Date.now() + resetInMs) / 1000)),
        };
        if (times.length >= limit) {
          return reply(
            429,
            { error: `Rate limit exceeded: ${limit} calls per minute for ${group} endpoints. Retry after ${Math.ceil(resetInMs / 1000)} seconds.`, success: false },
            { ...rateHeaders, 'x-ratelimit-remaining': '0', 'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))) },
          );
        }
        times.push(now);
        res.setHeader('x-ratelimit-limit', rateHeaders['x-ratelimit-limit']);
        res.setHeader('x-ratelimit-remaining', rateHeaders['x-ratelimit-remaining']);
        res.setHeader('x-ratelimit-reset', rateHeaders['x-ratelimit-reset']);
      }

      if (quotaParams) {
        return reply(200, {
          accountId: account.id,
          quotas: rules.map((r) => {
            const c = counter(account.id, r);
            return {
              feature: r.feature,
              window: r.window,
              used: c.used,
              limit: r.limit,
              networkLimit: r.networkLimit,
              remaining: Math.max(0, r.limit - c.used),
              limitReached: false,
              limitReachedAt: null,
              resetAt: new Date(c.resetAt).toISOString(),
            };
          }),
        });
      }
      if (!e) return reply(404, { error: 'not found' });

      const scripted = failures.get(e.id)?.shift() ?? failures.get(e.path)?.shift();
      if (scripted) {
        if ('destroy' in scripted) {
          log.status = -1;
          req.socket.destroy();
          return;
        }
        return reply(scripted.status, scripted.body ?? { error: 'Internal server error', success: false }, scripted.headers);
      }

      // Quotas: 429 at limit, spent on success.
      const spent = (e.quota ?? []).flatMap((f) => rules.filter((r) => r.feature === f));
      for (const r of spent) {
        const c = counter(account.id, r);
        if (r.capped && c.used >= r.limit) {
          const win = r.window.charAt(0).toUpperCase() + r.window.slice(1);
          return reply(429, {
            error: `${win} quota exceeded for ${r.feature}: ${c.used}/${r.limit} used. Resets at ${new Date(c.resetAt).toISOString()}`,
            success: false,
          });
        }
      }
      for (const r of spent) counter(account.id, r).used++;
      reply(200, sampleOutput(e, account, input, ++seq));
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(err), success: false });
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    failNext(target, ...list) {
      failures.set(target, [...(failures.get(target) ?? []), ...list]);
    },
    setUsed(accountId, feature, used) {
      for (const r of rules.filter((x) => x.feature === feature)) counter(accountId, r).used = used;
    },
    callsTo(endpointId, account) {
      return requests.filter((r) => r.endpointId === endpointId && (account === undefined || r.account === account));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Most requests admitted in any window of windowMs (per account and group), from the log. */
export function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while ((sorted[hi] as number) - (sorted[lo] as number) >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}
