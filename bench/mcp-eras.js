#!/usr/bin/env node
/**
 * MCP protocol eras and replicas, against the built dist/ and a real service on loopback:
 *  - tools/call p50/p99 over 2026-07-28 stateless HTTP, 2025 sessionful HTTP and stdio (both eras),
 *    each against a direct HTTP call to the service (ratio of p50s);
 *  - tools/list: first answer vs once cached by the 2026 client (ttlMs);
 *  - reads per second through one replica, and through two behind a round-robin proxy;
 *  - 2025 sessions: RSS per idle session, and RSS after trying to open 10x the cap.
 * Every loop is bounded in count and time; all traffic stays on 127.0.0.1.
 */
import { createServer, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ENDPOINTS, toRequestParts } from '../dist/contract/index.js';
import { startService } from '../dist/service/index.js';
import { CALLS, cleanEnv, cli, spawnHttp, timeCalls } from './lib/measure.js';

const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 3);
const CONCURRENCY = 16;
const SESSION_CAP = 50;
const pinned = { versionNegotiation: { mode: { pin: '2026-07-28' } } };

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) / 1024;
};
const stop = (child) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));

function roundRobin(upstreams) {
  let next = 0;
  const server = createServer((req, res) => {
    const target = new URL(req.url, upstreams[next++ % upstreams.length]);
    const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }) })));
}

async function readsPerSecond(url, uri) {
  const clients = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const c = new Client({ name: 'bench', version: '1' }, pinned);
    await c.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    clients.push(c);
  }
  const end = performance.now() + READ_SECONDS * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < end) {
        const ok = await c.readResource({ uri }).then(() => true, () => false);
        if (ok) done++;
        else errors++;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.close()));
  return { perSecond: Math.round(done / READ_SECONDS), errors };
}

// A fresh service per phase: each phase stays under the service's hourly plan limit (1000 calls).
let service;
let remote;
async function freshService() {
  await service?.close();
  service = await startService({ dataDir: ':memory:', port: 0, activityIntervalMs: 0 });
  remote = cleanEnv({ OUTREACH_BASE_URL: service.baseUrl, OUTREACH_API_KEY: service.apiKey });
}
await freshService();
const inbox = ENDPOINTS.find((e) => e.group === 'inbox' && !(e.quota?.length > 0) && e.annotations.readOnlyHint && e.input.safeParse({}).success);
const parts = toRequestParts(inbox, {});
const qs = new URLSearchParams(parts.query).toString();
const direct = () =>
  fetch(`${service.baseUrl}${parts.path}${qs ? `?${qs}` : ''}`, { method: inbox.method, headers: { authorization: `Bearer ${service.apiKey}` } }).then((r) => r.arrayBuffer());
const call = (c) => c.callTool({ name: inbox.tool, arguments: {} });
const results = { tool: inbox.tool, latencyMs: {} };
results.latencyMs.direct = await timeCalls(direct);

await freshService();
const http = await spawnHttp(remote);
const modern = new Client({ name: 'bench', version: '1' }, pinned);
await modern.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
results.latencyMs.http2026 = await timeCalls(() => call(modern));
let t = performance.now();
await modern.listTools({ cacheMode: 'refresh' });
const firstList = performance.now() - t;
t = performance.now();
for (let i = 0; i < 100; i++) await modern.listTools();
results.toolsListMs = { uncached: +firstList.toFixed(3), cached: +((performance.now() - t) / 100).toFixed(4) };
await modern.close();
await stop(http.child);
await freshService();
const http2 = await spawnHttp(remote);
const legacy = new LegacyClient({ name: 'bench', version: '1' });
await legacy.connect(new LegacyHttp(new URL(`${http2.url}/mcp`)));
results.latencyMs.http2025 = await timeCalls(() => call(legacy));
await legacy.close();
await stop(http2.child);
await freshService();

const stdioModern = new Client({ name: 'bench', version: '1' }, pinned);
await stdioModern.connect(new StdioClientTransport({ command: process.execPath, args: [cli], env: remote, stderr: 'ignore' }));
results.latencyMs.stdio2026 = await timeCalls(() => call(stdioModern));
await stdioModern.close();
await freshService();
const stdioLegacy = new LegacyClient({ name: 'bench', version: '1' });
await stdioLegacy.connect(new LegacyStdio({ command: process.execPath, args: [cli], env: remote, stderr: 'ignore' }));
results.latencyMs.stdio2025 = await timeCalls(() => call(stdioLegacy));
await stdioLegacy.close();

// Replicas: one, then two behind a round-robin proxy (Redis shared when BENCH_REDIS_URL is set).
// The read: outreach://events/recent, answered by the replica itself. Reads that reach the
// service are bounded by its per-minute and hourly limits, which would measure those instead.
await freshService();
const quotaUri = 'outreach://events/recent';
const replicaEnv = process.env.BENCH_REDIS_URL ? { ...remote, OUTREACH_REDIS_URL: process.env.BENCH_REDIS_URL } : remote;
const a = await spawnHttp(replicaEnv);
const b = await spawnHttp(replicaEnv);
results.readsPerSecond = { oneReplica: await readsPerSecond(a.url, quotaUri) };
const proxy = await roundRobin([a.url, b.url]);
results.readsPerSecond.twoReplicasBehindProxy = await readsPerSecond(proxy.url, quotaUri);
const proxyOne = await roundRobin([a.url]);
results.readsPerSecond.oneReplicaBehindProxy = await readsPerSecond(proxyOne.url, quotaUri);
await proxy.close();
await proxyOne.close();
await stop(a.child);
await stop(b.child);

// 2025 sessions: idle cost, then 10x the cap.
await freshService();
const capped = await spawnHttp(remote, ['--max-sessions', String(SESSION_CAP)]);
const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
const open = () =>
  fetch(`${capped.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: init }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });
await open(); // warm
const before = rssMb(capped.child.pid);
for (let i = 1; i < SESSION_CAP; i++) await open();
const atCap = rssMb(capped.child.pid);
const statuses = {};
for (let i = 0; i < 10 * SESSION_CAP; i++) {
  const s = await open();
  statuses[s] = (statuses[s] ?? 0) + 1;
}
results.sessions = {
  cap: SESSION_CAP,
  rssPerIdleSessionKb: Math.round(((atCap - before) * 1024) / (SESSION_CAP - 1)),
  rssAtCapMb: +atCap.toFixed(1),
  rssAfter10xCapMb: +rssMb(capped.child.pid).toFixed(1),
  answersOverCap: statuses,
};
await stop(capped.child);
await service.close();

const l = results.latencyMs;
const line = (name, s) => `${name.padEnd(18)} p50 ${s.p50} ms / p99 ${s.p99} ms (×${(s.p50 / l.direct.p50).toFixed(2)} of direct)`;
process.stdout.write(`tools/call ${inbox.tool}, ${CALLS} calls each:\n`);
process.stdout.write(`  direct service     p50 ${l.direct.p50} ms / p99 ${l.direct.p99} ms\n`);
for (const [k, name] of [['http2026', 'HTTP 2026-07-28'], ['http2025', 'HTTP 2025 session'], ['stdio2026', 'stdio 2026-07-28'], ['stdio2025', 'stdio 2025']]) {
  process.stdout.write(`  ${line(name, l[k])}\n`);
}
process.stdout.write(`tools/list (2026 client): first ${results.toolsListMs.uncached} ms, cached ${results.toolsListMs.cached} ms\n`);
const r = results.readsPerSecond;
process.stdout.write(
  `resources/read events/recent per s (${CONCURRENCY} modern clients, ${READ_SECONDS} s): one replica ${r.oneReplica.perSecond}, one behind the proxy ${r.oneReplicaBehindProxy.perSecond}, two behind the proxy ${r.twoReplicasBehindProxy.perSecond} (errors ${r.oneReplica.errors}/${r.oneReplicaBehindProxy.errors}/${r.twoReplicasBehindProxy.errors})\n`,
);
const s = results.sessions;
process.stdout.write(
  `2025 sessions (cap ${s.cap}): ~${s.rssPerIdleSessionKb} KB RSS per idle session; RSS ${s.rssAtCapMb} MB at the cap, ${s.rssAfter10xCapMb} MB after ${10 * s.cap} more attempts (answers ${JSON.stringify(s.answersOverCap)})\n`,
);
process.stdout.write(`${JSON.stringify(results)}\n`);
