import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { invitationOutcome } from '../../src/service/domain/actions/index.js';
import { DEMO_ACCOUNTS, startService, type RunningService } from '../../src/service/index.js';
import { until } from './harness.js';

/**
 * Two HTTP replicas of the built CLI behind a plain round-robin proxy, sharing
 * one remote service and one Redis: a 2026-07-28 client listens for quota
 * updates through one replica while its confirmed write lands through the other.
 * Needs a real redis-server: .ci/run starts one and sets OUTREACH_TEST_REDIS_URL.
 */
const redisUrl = process.env.OUTREACH_TEST_REDIS_URL;
if (!redisUrl && process.env.CI) throw new Error('CI must provide OUTREACH_TEST_REDIS_URL (see .ci/run)');
const cli = new URL('../../dist/cli.js', import.meta.url).pathname;

interface Proxy {
  url: string;
  /** Which upstream (0 or 1) served each request, with its Mcp-Method and whether it carried input responses. */
  log: { upstream: number; method: string; answered: boolean }[];
  /** The upstream the n-th request (0-based) goes to. */
  targetAt(n: number): number;
  close(): Promise<void>;
}

/** Round robin over the upstreams, request by request, streaming both ways. */
async function roundRobin(upstreams: string[]): Promise<Proxy> {
  let next = 0;
  const log: Proxy['log'] = [];
  const server: Server = createServer((req, res) => {
    const upstream = next++ % upstreams.length;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      log.push({ upstream, method: String(req.headers['mcp-method'] ?? req.method), answered: body.includes('"inputResponses"') });
      const target = new URL(req.url ?? '/', upstreams[upstream]);
      const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.on('error', () => res.destroy());
      res.on('close', () => out.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    targetAt: (n) => n % upstreams.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function replica(service: RunningService): Promise<{ child: ChildProcess; url: string }> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('OUTREACH_')) env[k] = v;
  Object.assign(env, { OUTREACH_BASE_URL: service.baseUrl, OUTREACH_API_KEY: service.apiKey, OUTREACH_REDIS_URL: redisUrl!, OUTREACH_LOG_LEVEL: 'warn' });
  const child = spawn(process.execPath, [cli, 'http', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const start = Date.now();
  while (!/MCP over HTTP at (http:\S+)\/mcp/.test(err)) {
    if (Date.now() - start > 30_000 || child.exitCode !== null) throw new Error(`replica did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: /MCP over HTTP at (http:\S+)\/mcp/.exec(err)![1]! };
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.skipIf(!redisUrl)('replicas behind a round-robin proxy (2026-07-28, no sticky sessions)', () => {
  it('a listener on one replica hears the quota spent by a confirmed write through the other', async () => {
    const service = await startService({ dataDir: ':memory:', port: 0, activityIntervalMs: 0 });
    closers.push(() => service.close());
    const replicas = [await replica(service), await replica(service)];
    for (const r of replicas) {
      closers.push(async () => {
        r.child.kill('SIGTERM');
        if (r.child.exitCode === null) await new Promise((res) => r.child.once('exit', res));
      });
    }
    const proxy = await roundRobin(replicas.map((r) => r.url));
    closers.push(() => proxy.close());

    const client = new Client(
      { name: 'replica-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
    );
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', (req) => {
      asked.push((req.params as { message: string }).message);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp`)));
    closers.push(() => client.close());

    const account = DEMO_ACCOUNTS.free;
    const quotaUri = `outreach://accounts/${account}/quota`;
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      updates.push(n.params.uri);
    });
    const sub = await client.listen({ resourceSubscriptions: [quotaUri] });
    const listenedOn = proxy.log.find((l) => l.method === 'subscriptions/listen')!.upstream;
    // The confirmed retry is the second request of the call: make it land on the other replica.
    while (proxy.targetAt(proxy.log.length + 1) === listenedOn) await client.readResource({ uri: quotaUri });

    const world = service.service.deps.world();
    const view = service.service.deps.view(service.service.accounts.find('demo', account)!);
    const connected = new Set(view.connections.map((x) => x.personId));
    const invitee = world.people.find((p) => !connected.has(p.id) && invitationOutcome(world, account, p).accepts)!;
    const sent = await client.callTool({ name: 'send_connection_request', arguments: { accountId: account, profileId: invitee.profileId } });
    expect(sent.isError, JSON.stringify(sent.content)).toBeFalsy();
    expect(asked).toHaveLength(1);

    const calls = proxy.log.filter((l) => l.method === 'tools/call');
    expect(calls.map((c) => c.answered)).toEqual([false, true]);
    // Asked through one replica, confirmed and written through the other.
    expect(calls[0]!.upstream).toBe(listenedOn);
    expect(calls[1]!.upstream).not.toBe(listenedOn);
    await until(() => updates.includes(quotaUri), 'the quota update on the other replica', 10_000);
    await sub.close();
  }, 90_000);
});
