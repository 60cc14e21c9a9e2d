import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport as LegacyStdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as LegacyStreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ENDPOINTS, PER_MINUTE_LIMITS } from '../../src/contract/index.js';
import { DEFAULT_LIMITER_OPTIONS } from '../../src/client/limiter.js';
import { CLI as cli, cleanEnv, spawnHttp, tempDataDirs } from './built-cli.js';

/**
 * Issue 15's matrix, against the built CLI (dist/cli.js) on its embedded
 * service: a 2026-07-28 client (SDK v2, pinned) over stdio and Streamable
 * HTTP, and a 2025-era client (SDK v1) over stdio, Streamable HTTP and SSE.
 * Each case: the tool list, the quota resource, a subscription that hears a
 * quota-spending write, confirmation accepted / declined / unavailable, and
 * progress and cancellation of a call waiting in the per-minute queue.
 *
 * The queued call: search_people is metered in the 'search' group (30/min)
 * and each distinct search is a fresh network call (identical reads may come
 * from the client cache, so every fill call asks for its own page). The
 * limiter refuses at once, rather than queueing, a call whose wait would
 * exceed its 45 s maximum; right after a burst the wait is the whole minute,
 * so the window is filled first and the queued call is made once the oldest
 * fill call is more than (window - maximum wait) old. All cases fill at the
 * start, in parallel, so that wait is paid once.
 */

const { dataDir, removeAll } = tempDataDirs('outreach-mcp-matrix-');

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Era = '2026-07-28' | '2025';
type Wire = 'stdio' | 'http' | 'sse';
type Answer = 'accept' | 'decline';

interface Progress {
  progress: number;
  total?: number;
  message?: string;
}
interface ToolResult {
  isError?: boolean;
  structuredContent?: unknown;
  content?: unknown;
}
interface CallOpts {
  signal?: AbortSignal;
  onprogress?: (p: Progress) => void;
}

/** One connected client, whichever SDK and transport: what the matrix drives. */
interface Driver {
  /** What the client's elicitation handler answers; prompts land in `asked`. */
  answer: Answer;
  asked: string[];
  tools(): Promise<string[]>;
  readText(uri: string): Promise<string>;
  call(name: string, args: Record<string, unknown>, opts?: CallOpts): Promise<ToolResult>;
  /** Subscribes to uri (2025: resources/subscribe; 2026: a subscriptions/listen stream). */
  watch(uri: string): Promise<{ updates: string[]; stop(): Promise<void> }>;
  close(): Promise<void>;
}

const info = { name: 'era-matrix', version: '1.0.0' };

/** The SDKs' request options from ours (no undefined members: exactOptionalPropertyTypes). */
function callOptions(opts: CallOpts): { signal?: AbortSignal; onprogress?: (p: { progress: number; total?: number | undefined; message?: string | undefined }) => void } {
  const report = opts.onprogress;
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(report
      ? {
          onprogress: (p: { progress: number; total?: number | undefined; message?: string | undefined }) =>
            report({ progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message !== undefined ? { message: p.message } : {}) }),
        }
      : {}),
  };
}

async function modernDriver(wire: 'stdio' | 'http', elicit: boolean, url?: string): Promise<Driver> {
  const client = new Client(info, { versionNegotiation: { mode: { pin: '2026-07-28' } }, ...(elicit ? { capabilities: { elicitation: { form: {} } } } : {}) });
  const updates: string[] = [];
  const d: Driver = {
    answer: 'decline',
    asked: [],
    async tools() {
      return (await client.listTools()).tools.map((t) => t.name);
    },
    async readText(uri) {
      const c = (await client.readResource({ uri })).contents[0] as { text?: string };
      return String(c.text);
    },
    async call(name, args, opts = {}) {
      return (await client.callTool({ name, arguments: args }, callOptions(opts))) as ToolResult;
    },
    async watch(uri) {
      updates.length = 0;
      const sub = await client.listen({ resourceSubscriptions: [uri] });
      return { updates, stop: () => sub.close() };
    },
    close: () => client.close(),
  };
  if (elicit) {
    client.setRequestHandler('elicitation/create', (req) => {
      d.asked.push((req.params as { message: string }).message);
      return d.answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    });
  }
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    updates.push(n.params.uri);
  });
  if (wire === 'stdio') {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, '--data-dir', dataDir()], env: cleanEnv(), stderr: 'pipe' }));
  } else {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  }
  expect(client.getProtocolEra()).toBe('modern');
  return d;
}

async function legacyDriver(wire: Wire, elicit: boolean, url?: string): Promise<Driver> {
  const client = new LegacyClient(info, elicit ? { capabilities: { elicitation: {} } } : {});
  const updates: string[] = [];
  const d: Driver = {
    answer: 'decline',
    asked: [],
    async tools() {
      return (await client.listTools()).tools.map((t) => t.name);
    },
    async readText(uri) {
      const c = (await client.readResource({ uri })).contents[0] as { text?: string };
      return String(c.text);
    },
    async call(name, args, opts = {}) {
      return (await client.callTool({ name, arguments: args }, undefined, callOptions(opts))) as ToolResult;
    },
    async watch(uri) {
      updates.length = 0;
      await client.subscribeResource({ uri });
      return { updates, stop: async () => void (await client.unsubscribeResource({ uri })) };
    },
    close: () => client.close(),
  };
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      d.asked.push(req.params.message);
      return d.answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    });
  }
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  if (wire === 'stdio') {
    await client.connect(new LegacyStdioClientTransport({ command: process.execPath, args: [cli, '--data-dir', dataDir()], env: cleanEnv(), stderr: 'pipe' }));
  } else if (wire === 'http') {
    await client.connect(new LegacyStreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  } else {
    await client.connect(new SSEClientTransport(new URL(`${url}/sse`)));
  }
  return d;
}

interface QuotaItem {
  feature: string;
  window: string;
  used: number;
}
async function used(d: Driver, accountId: string, feature: string): Promise<number> {
  const report = JSON.parse(await d.readText(`outreach://accounts/${accountId}/quota`)) as { accountId: string; quotas: QuotaItem[] };
  expect(report.accountId).toBe(accountId);
  const item = report.quotas.find((q) => q.feature === feature && q.window === 'daily');
  if (!item) throw new Error(`no daily ${feature} quota in ${JSON.stringify(report)}`);
  return item.used;
}

const SEARCH_WINDOW = PER_MINUTE_LIMITS.search!;
/** Once the oldest fill call is this old, the next search call waits less than the maximum and so queues. */
const QUEUEABLE_AFTER_MS = DEFAULT_LIMITER_OPTIONS.windowMs - DEFAULT_LIMITER_OPTIONS.maxWaitMs + 1_500;

interface Case {
  era: Era;
  wire: Wire;
  /** Distinct accounts per case where cases share one server process. */
  accountId: string;
  main?: Driver;
  /** A client that declares no elicitation (its own process over stdio); connects in the background. */
  bare?: Promise<Driver>;
  /** People this account's searches returned that are not yet connected. */
  people: string[];
  searchesBefore: number;
  filledAt: number;
}

const cases: Case[] = [
  { era: '2026-07-28', wire: 'stdio', accountId: 'a00000000000000000000001', people: [], searchesBefore: 0, filledAt: 0 },
  { era: '2026-07-28', wire: 'http', accountId: 'a00000000000000000000002', people: [], searchesBefore: 0, filledAt: 0 },
  { era: '2025', wire: 'stdio', accountId: 'a00000000000000000000001', people: [], searchesBefore: 0, filledAt: 0 },
  { era: '2025', wire: 'http', accountId: 'a00000000000000000000003', people: [], searchesBefore: 0, filledAt: 0 },
  { era: '2025', wire: 'sse', accountId: 'a00000000000000000000004', people: [], searchesBefore: 0, filledAt: 0 },
];

let http: { child: ChildProcess; url: string } | undefined;
const started = Date.now();

/** Connects the case's clients, then spends the account's whole search window with distinct searches. */
async function prepare(c: Case): Promise<void> {
  const connect = (elicit: boolean): Promise<Driver> =>
    c.era === '2025' ? legacyDriver(c.wire, elicit, http?.url) : modernDriver(c.wire as 'stdio' | 'http', elicit, http?.url);
  const main = (c.main = await connect(true));
  c.searchesBefore = await used(main, c.accountId, 'SEARCH_PEOPLE');
  const results = await Promise.all(
    Array.from({ length: SEARCH_WINDOW }, (_, i) =>
      main.call('search_people', { accountId: c.accountId, keywords: 'engineer', filters: { connectionDegree: ['S'] }, start: i, count: 10 }).then((r) => {
        // The first answer bounds the oldest slot of the window from above.
        if (!c.filledAt) c.filledAt = Date.now();
        return r;
      }),
    ),
  );
  for (const r of results) {
    expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
    for (const p of (r.structuredContent as { people: { profileId: string; connectionDegree?: string }[] }).people) {
      if (p.connectionDegree !== '1st' && !c.people.includes(p.profileId)) c.people.push(p.profileId);
    }
  }
  // Connected after the fill, in the background while the window ages: its process start delays neither.
  c.bare = connect(false);
  c.bare.catch(() => {}); // awaited (and so reported) by the test that uses it
}

beforeAll(async () => {
  http = await spawnHttp(['--data-dir', dataDir()], cleanEnv());
  await Promise.all(cases.map(prepare));
  process.stderr.write(`era matrix: servers up and windows filled in ${Date.now() - started} ms\n`);
}, 90_000);

afterAll(async () => {
  for (const c of cases) {
    await c.main?.close().catch(() => {});
    await c.bare?.then((d) => d.close()).catch(() => {});
  }
  if (http) {
    http.child.kill('SIGTERM');
    if (http.child.exitCode === null) await new Promise((r) => http!.child.once('exit', r));
  }
  removeAll();
  // Visible in verbose runs: the whole matrix's wall time.
  process.stderr.write(`era matrix: ${Date.now() - started} ms\n`);
});

describe.each(cases)('$era client over $wire', (c) => {
  const quotaUri = `outreach://accounts/${c.accountId}/quota`;
  const main = (): Driver => c.main!;

  it('lists every tool and reads the quota resource (the fill searches counted exactly)', async () => {
    expect((await main().tools()).sort()).toEqual(ENDPOINTS.map((e) => e.tool).sort());
    expect(await used(main(), c.accountId, 'SEARCH_PEOPLE')).toBe(c.searchesBefore + SEARCH_WINDOW);
    expect(c.people.length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('asks for confirmation: accepted sends once and the subscription hears the quota change; declined sends nothing', async () => {
    const before = await used(main(), c.accountId, 'CONNECT');
    const sub = await main().watch(quotaUri);
    try {
      main().answer = 'accept';
      main().asked.length = 0;
      const sent = await main().call('send_connection_request', { accountId: c.accountId, profileId: c.people[0]! });
      expect(sent.isError, JSON.stringify(sent.structuredContent)).toBeFalsy();
      expect(main().asked).toHaveLength(1);
      expect(main().asked[0]).toContain('Send a connection request?');
      expect(main().asked[0]).toContain(`Target: person ${c.people[0]}`);
      await until(() => sub.updates.length >= 1, `resources/updated for ${quotaUri}`);
      // Only the subscribed account's quota is announced (other cases write to other accounts on the shared server).
      expect(new Set(sub.updates)).toEqual(new Set([quotaUri]));
      expect(await used(main(), c.accountId, 'CONNECT')).toBe(before + 1);
    } finally {
      await sub.stop();
    }

    main().answer = 'decline';
    main().asked.length = 0;
    const refused = await main().call('send_connection_request', { accountId: c.accountId, profileId: c.people[1]! });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('the user declined');
    expect((refused.structuredContent as { error: { code: string } }).error.code).toBe('confirmation_declined');
    expect(main().asked).toHaveLength(1);
    expect(await used(main(), c.accountId, 'CONNECT')).toBe(before + 1);
  }, 30_000);

  it('refuses with confirmation_unavailable to a client that cannot ask, and sends nothing', async () => {
    const bare = await c.bare!;
    const before = await used(bare, c.accountId, 'CONNECT');
    const result = await bare.call('send_connection_request', { accountId: c.accountId, profileId: c.people[2]! });
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).toBe('confirmation_unavailable');
    expect(await used(bare, c.accountId, 'CONNECT')).toBe(before);
  }, 30_000);
});

// Last, so the wait for the window's oldest slot to age into reach overlaps the cases above; the
// cases run concurrently (distinct accounts or processes).
describe('a call queued behind the full search window', () => {
  it.concurrent.each(cases)('$era client over $wire: reports progress, and cancelling it sends nothing', async (c) => {
    const main = (): Driver => c.main!;
    const wait = c.filledAt + QUEUEABLE_AFTER_MS - Date.now();
    if (wait > 0) await sleep(wait);
    const queued = async (n: number): Promise<Progress[]> => {
      const progress: Progress[] = [];
      const controller = new AbortController();
      const call = main().call('search_people', { accountId: c.accountId, keywords: 'engineer', start: 100 + n, count: 10 }, {
        signal: controller.signal,
        onprogress: (p) => progress.push(p),
      });
      const outcome = call.then(
        () => 'answered',
        () => 'rejected',
      );
      await until(() => progress.length >= 1, 'a progress notification of the queued call');
      controller.abort();
      expect(await outcome).toBe('rejected');
      return progress;
    };
    const first = await queued(1);
    expect(first[0]!.message).toMatch(new RegExp(`^Waiting for the search per-minute limit of account ${c.accountId} \\(1 queued\\); about \\d+ s left$`));
    expect(first[0]!.total).toBeGreaterThan(first[0]!.progress);
    // The server let the cancelled call go: the next one finds itself alone in the queue. (A server
    // that ignored the client's cancellation would keep it queued, to be sent once the window frees:
    // this would read "(2 queued)". The quota check below only covers the time the test runs.)
    await sleep(500);
    const second = await queued(2);
    expect(second[0]!.message).toContain('(1 queued)');
    await sleep(500);
    expect(await used(main(), c.accountId, 'SEARCH_PEOPLE')).toBe(c.searchesBefore + SEARCH_WINDOW);
  }, 60_000);
});
