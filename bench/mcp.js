#!/usr/bin/env node
/**
 * MCP server benchmark, against the built dist/:
 *  - tools/list size in bytes and estimated tokens (bytes/4), full set, per toolset, read-only;
 *  - start-up time from spawn to the first tools/list answer (stdio, embedded and remote);
 *  - p50/p99 tool-call latency over stdio and Streamable HTTP vs a direct HTTP call to the service;
 *  - peak RSS of the server process.
 * Figures that need the embedded service are skipped until src/service lands.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ENDPOINTS, TOOLSETS, toRequestParts } from '../dist/contract/index.js';
import { OutreachMcp } from '../dist/mcp/server.js';
import { CALLS, cleanEnv, cli, spawnHttp, timeCalls } from './lib/measure.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const results = {};

const stubClient = {
  call: async () => ({}),
  quota: async (accountId) => ({ accountId, quotas: [] }),
  accounts: async () => [],
  close: async () => {},
};

async function listSize(selection) {
  const server = new OutreachMcp({ client: stubClient, ...selection }).createServer();
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '1' });
  await server.connect(b);
  await client.connect(a);
  const { tools } = await client.listTools();
  await client.close();
  const bytes = Buffer.byteLength(JSON.stringify({ tools }));
  return { tools: tools.length, bytes, tokens: Math.round(bytes / 4), tokensPerTool: tools.length ? Math.round(bytes / 4 / tools.length) : 0 };
}

function peakRssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

async function stdioSession(args, env) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, ...args], env, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '1' });
  const t0 = performance.now();
  await client.connect(transport);
  await client.listTools();
  return { client, transport, startupMs: performance.now() - t0 };
}

async function median(fn, n) {
  const xs = [];
  for (let i = 0; i < n; i++) xs.push(await fn());
  xs.sort((a, b) => a - b);
  return +xs[Math.floor(xs.length / 2)].toFixed(1);
}

// 1. tools/list size: needs nothing but the table.
results.toolsList = { full: await listSize({}), readOnly: await listSize({ readOnly: true }), perToolset: {} };
for (const t of TOOLSETS) results.toolsList.perToolset[t] = await listSize({ toolsets: [t] });

// 2. Everything else needs the embedded service.
let startService;
try {
  ({ startService } = await import('../dist/service/index.js'));
} catch {
  startService = undefined;
}
if (typeof startService !== 'function') {
  results.skipped = 'start-up, latency and RSS need the embedded service (dist/service/index.js startService): not in this build yet';
} else {
  const dirs = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'outreach-bench-'));
    dirs.push(d);
    return d;
  };
  results.startupMs = {
    embedded: await median(async () => {
      const s = await stdioSession(['--data-dir', tmp()], cleanEnv());
      await s.client.close();
      return s.startupMs;
    }, STARTS),
  };
  const service = await startService({ dataDir: ':memory:', port: 0 });
  const remoteEnv = cleanEnv({ OUTREACH_BASE_URL: service.baseUrl, OUTREACH_API_KEY: service.apiKey });
  results.startupMs.remote = await median(async () => {
    const s = await stdioSession([], remoteEnv);
    await s.client.close();
    return s.startupMs;
  }, STARTS);

  // The call to time: an unlimited inbox read without quota if the table has one, else the free quota read (A7).
  const stdio = await stdioSession([], remoteEnv);
  const accounts = JSON.parse((await stdio.client.readResource({ uri: 'outreach://accounts' })).contents[0].text).accounts;
  const accountId = accounts.find((a) => a.isDefault)?.id ?? accounts[0]?.id;
  const inbox = ENDPOINTS.find((e) => e.group === 'inbox' && !(e.quota?.length > 0) && e.annotations.readOnlyHint && e.input.safeParse({}).success);
  let target;
  if (inbox) {
    const parts = toRequestParts(inbox, {});
    const qs = new URLSearchParams(parts.query).toString();
    target = {
      name: `tool ${inbox.tool}`,
      mcp: (c) => c.callTool({ name: inbox.tool, arguments: {} }),
      direct: () => fetch(`${service.baseUrl}${parts.path}${qs ? `?${qs}` : ''}`, {
        method: inbox.method,
        headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
        ...(parts.body ? { body: JSON.stringify(parts.body) } : {}),
      }).then((r) => r.arrayBuffer()),
    };
  } else {
    target = {
      name: 'resource outreach://accounts/{id}/quota (A7)',
      mcp: (c) => c.readResource({ uri: `outreach://accounts/${accountId}/quota` }),
      direct: () => fetch(`${service.baseUrl}/account/${accountId}/quota`, { headers: { authorization: `Bearer ${service.apiKey}` } }).then((r) => r.arrayBuffer()),
    };
  }
  results.latencyTarget = target.name;
  const direct = await timeCalls(target.direct);
  const overStdio = await timeCalls(() => target.mcp(stdio.client));
  const stdioPid = stdio.transport.pid;
  const stdioRss = stdioPid ? peakRssMb(stdioPid) : null;
  await stdio.client.close();

  const http = await spawnHttp(remoteEnv);
  const httpClient = new Client({ name: 'bench', version: '1' });
  await httpClient.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
  const overHttp = await timeCalls(() => target.mcp(httpClient));
  const httpRss = peakRssMb(http.child.pid);
  await httpClient.close();
  http.child.kill('SIGTERM');

  results.latencyMs = {
    direct,
    stdio: { ...overStdio, ratioP50: +(overStdio.p50 / direct.p50).toFixed(2) },
    http: { ...overHttp, ratioP50: +(overHttp.p50 / direct.p50).toFixed(2) },
  };
  results.peakRssMb = { stdio: stdioRss, http: httpRss };
  await service.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

const full = results.toolsList.full;
process.stdout.write(
  `tools/list: ${full.tools} tools, ${full.bytes} bytes, ~${full.tokens} tokens (~${full.tokensPerTool}/tool; target ≤ 200/tool)\n`,
);
for (const [t, r] of Object.entries(results.toolsList.perToolset)) process.stdout.write(`  ${t.padEnd(10)} ${String(r.tools).padStart(3)} tools ${String(r.bytes).padStart(7)} B ~${r.tokens} tokens\n`);
process.stdout.write(`  read-only  ${String(results.toolsList.readOnly.tools).padStart(3)} tools ${String(results.toolsList.readOnly.bytes).padStart(7)} B ~${results.toolsList.readOnly.tokens} tokens\n`);
if (results.skipped) process.stdout.write(`skipped: ${results.skipped}\n`);
else {
  process.stdout.write(`start-up to first tools/list: embedded ${results.startupMs.embedded} ms, remote ${results.startupMs.remote} ms (median of ${STARTS})\n`);
  const l = results.latencyMs;
  process.stdout.write(`latency (${results.latencyTarget}, ${CALLS} calls): direct p50 ${l.direct.p50} / p99 ${l.direct.p99} ms; stdio p50 ${l.stdio.p50} / p99 ${l.stdio.p99} ms (×${l.stdio.ratioP50}); HTTP p50 ${l.http.p50} / p99 ${l.http.p99} ms (×${l.http.ratioP50})\n`);
  process.stdout.write(`peak RSS: stdio ${results.peakRssMb.stdio ?? 'n/a'} MB, http ${results.peakRssMb.http ?? 'n/a'} MB\n`);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
