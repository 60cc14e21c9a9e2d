import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach } from 'vitest';
import { ENDPOINTS, routes, type AnyEndpoint } from '../../src/contract/index.js';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import { ManualClock } from '../../src/util/clock.js';
import { createLogger } from '../../src/util/logger.js';
import { startLive, type LiveService } from '../service/http-harness.js';

/**
 * The real embedded service (in-process, on a ManualClock shared with the
 * client under test) behind a thin proxy that logs every request and can
 * answer the next request(s) to an endpoint with a scripted failure instead
 * of forwarding them. No limits, quotas or windows are re-implemented here.
 */

export interface LoggedRequest {
  method: string;
  path: string;
  endpointId: string | undefined;
  /** The account the request acts for (path, query or body accountId), if it names one. */
  account: string | undefined;
  status: number;
  /** Clock time the request reached the proxy. */
  at: number;
  idempotencyKey: string | undefined;
}

export type ScriptedFailure = { status: number; body?: unknown; headers?: Record<string, string> } | { destroy: true };

export interface LiveHarness {
  live: LiveService;
  clock: ManualClock;
  /** The proxy's URL: give it to the client. */
  baseUrl: string;
  apiKey: string;
  requests: LoggedRequest[];
  /** The next request(s) to this endpoint id fail this way, in order, without reaching the service. */
  failNext(endpointId: string, ...failures: ScriptedFailure[]): void;
  /** Requests to an endpoint id (scripted failures included), optionally for one account. */
  callsTo(endpointId: string, account?: string): LoggedRequest[];
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive']);

function matcher(): (method: string, path: string) => AnyEndpoint | undefined {
  const table = ENDPOINTS.flatMap((e) =>
    routes(e).map((r) => ({ e, method: r.method, re: new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) })),
  );
  return (method, path) => table.find((t) => t.method === method && t.re.test(path))?.e;
}

let shared: Promise<LiveService> | undefined;

/**
 * One embedded service per test file (building its world takes a second);
 * each harness gets a fresh proxy. Tests use distinct accounts or advance
 * the clock past the windows they filled.
 */
export async function startHarness(): Promise<LiveHarness> {
  shared ??= startLive();
  const live = await shared;
  const endpointOf = matcher();
  const requests: LoggedRequest[] = [];
  const scripted = new Map<string, ScriptedFailure[]>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const e = endpointOf(req.method ?? 'GET', url.pathname);
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      endpointId: e?.id,
      account: /^\/account\/([a-f0-9]{24})\//.exec(url.pathname)?.[1] ?? url.searchParams.get('accountId') ?? undefined,
      status: 0,
      at: live.clock.now(),
      idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
    };
    requests.push(entry);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (chunks.length && entry.account === undefined) {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as { accountId?: unknown };
          if (typeof body.accountId === 'string') entry.account = body.accountId;
        } catch {
          // Not JSON: no account to log.
        }
      }
      const failure = e ? scripted.get(e.id)?.shift() : undefined;
      if (failure && 'destroy' in failure) {
        entry.status = -1;
        req.socket.destroy();
        return;
      }
      if (failure) {
        entry.status = failure.status;
        res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
        res.end(failure.body === undefined ? '' : JSON.stringify(failure.body));
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !HOP_HEADERS.has(k)) headers.set(k, v);
      void fetch(`${live.baseUrl}${req.url}`, { ...(req.method ? { method: req.method } : {}), headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) }).then(async (up) => {
        entry.status = up.status;
        const body = Buffer.from(await up.arrayBuffer());
        res.writeHead(up.status, Object.fromEntries([...up.headers.entries()].filter(([k]) => !HOP_HEADERS.has(k))));
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    live,
    clock: live.clock,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: live.apiKey,
    requests,
    failNext(endpointId, ...failures) {
      scripted.set(endpointId, [...(scripted.get(endpointId) ?? []), ...failures]);
    },
    callsTo: (endpointId, account) => requests.filter((r) => r.endpointId === endpointId && (account === undefined || r.account === account)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Closes the file's shared service (afterAll). */
export async function closeSharedService(): Promise<void> {
  const pending = shared;
  shared = undefined;
  if (pending) await (await pending).close();
}

export const quietLogger = createLogger('client-test', 'silent');

/** A governed client on the harness's proxy and clock. */
export function clientOn(h: LiveHarness, options: Partial<ClientOptions> = {}): ReturnType<typeof createClient> {
  return createClient({ baseUrl: h.baseUrl, apiKey: h.apiKey, logger: quietLogger, retryBackoffMs: 1, clock: h.clock, ...options });
}

export { until } from './until.js';

export type LiveClient = ReturnType<typeof clientOn>;

/**
 * The lifecycle a live test file repeats, registered once (call at the file's
 * top level): start() gives each test a fresh proxy and a client on it with
 * these defaults (startProxy() and openClient() do it in two steps); every client opened through it and the proxy close after
 * each test, the file's shared service after the last.
 */
export function liveHarnessPerTest(defaults: Partial<ClientOptions> = {}): {
  start(options?: Partial<ClientOptions>): Promise<{ fake: LiveHarness; client: LiveClient }>;
  /** This test's fresh proxy, no client yet. */
  startProxy(): Promise<LiveHarness>;
  /** Another client on this test's proxy (closed with it). */
  openClient(options?: Partial<ClientOptions>): LiveClient;
  /** This test's proxy (after start()). */
  current(): LiveHarness;
} {
  let harness: LiveHarness | undefined;
  const clients: LiveClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await harness?.close();
    harness = undefined;
  });
  afterAll(closeSharedService);
  const current = (): LiveHarness => {
    if (!harness) throw new Error('start() the harness first');
    return harness;
  };
  const openClient = (options: Partial<ClientOptions> = {}): LiveClient => {
    const client = clientOn(current(), { ...defaults, ...options });
    // A test may close a client itself; the cleanup then waits for that close instead of repeating it.
    const closeOnce = client.close.bind(client);
    let closing: Promise<void> | undefined;
    client.close = () => (closing ??= closeOnce());
    clients.push(client);
    return client;
  };
  const startProxy = async (): Promise<LiveHarness> => {
    harness = await startHarness();
    return harness;
  };
  return {
    async start(options = {}) {
      const fake = await startProxy();
      return { fake, client: openClient(options) };
    },
    startProxy,
    openClient,
    current,
  };
}
