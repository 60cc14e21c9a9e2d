#!/usr/bin/env node
// Governance overhead per call: the governed client (validation, limiter,
// quota guard, retries, output parsing; cache off) against a bare undici
// request to the same local endpoint. The limit is set high so the limiter
// never throttles: what is measured is its bookkeeping, not waiting.
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { createClient } from '../dist/client/index.js';
import { endpointById } from '../dist/contract/index.js';
import { createLogger } from '../dist/util/logger.js';

const WARMUP = 500;
const CALLS = Number(process.env.BENCH_CALLS ?? 5000);
const ACCOUNT = 'a'.repeat(24);
const API_KEY = 'bench-key';
const status = JSON.stringify({
  id: ACCOUNT,
  firstName: 'Ada',
  lastName: 'Lovelace',
  publicId: 'ada',
  platform: 'network',
  status: 'AVAILABLE',
  enabled: true,
  lastUsed: '2026-01-05T10:00:00.000Z',
  hasTokens: true,
  networkPlan: null,
});

const server = createServer((req, res) => {
  if (req.headers.authorization !== `Bearer ${API_KEY}`) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return res.end('{"error":"Unauthorized"}');
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(status);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const path = `/account/${ACCOUNT}/status`;

const pool = new Pool(baseUrl, { connections: 1, keepAliveTimeout: 30_000 });
async function bare() {
  const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${API_KEY}`, accept: 'application/json' } });
  const body = await res.body.text();
  return JSON.parse(body);
}

const client = createClient({
  baseUrl,
  apiKey: API_KEY,
  limits: { account: 1e9 },
  cache: { maxSizeBytes: 0 },
  connections: 1,
  logger: createLogger('bench', 'silent'),
});
const a2 = endpointById('A2');
const governed = () => client.call(a2, { accountId: ACCOUNT });

async function measure(fn) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples = new Float64Array(CALLS);
  for (let i = 0; i < CALLS; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  samples.sort();
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  return { p50: at(0.5), p99: at(0.99), mean };
}

// Alternate runs so drift of the machine hits both sides alike.
const bareRuns = [];
const governedRuns = [];
for (let round = 0; round < 2; round++) {
  bareRuns.push(await measure(bare));
  governedRuns.push(await measure(governed));
}
const best = (runs) => runs.reduce((a, b) => (b.p50 < a.p50 ? b : a));
const b = best(bareRuns);
const g = best(governedRuns);
const fmt = (v) => v.toFixed(1).padStart(8);
console.log(`client overhead (${CALLS} sequential GET ${'/account/{id}/status'} calls, keep-alive, cache off)`);
console.log(`                     p50 µs    p99 µs   mean µs`);
console.log(`bare undici        ${fmt(b.p50)}  ${fmt(b.p99)}  ${fmt(b.mean)}`);
console.log(`governed client    ${fmt(g.p50)}  ${fmt(g.p99)}  ${fmt(g.mean)}`);
console.log(`overhead per call  ${fmt(g.p50 - b.p50)}  ${fmt(g.p99 - b.p99)}  ${fmt(g.mean - b.mean)}`);
console.log(`ratio governed/bare: p50 ${(g.p50 / b.p50).toFixed(2)}x, p99 ${(g.p99 / b.p99).toFixed(2)}x`);
const st = client.stats();
if (st.rateLimited || st.retries) console.log(`warning: limiter interfered (${JSON.stringify(st)})`);

await client.close();
await pool.close();
server.close();
