#!/usr/bin/env node
/**
 * Governance benchmark (issue 10): what an agent session pays for the
 * client's own limits, against the built dist/ (BENCH_DIST=<dir> to measure
 * another build, e.g. the code before a change).
 *
 *  A. Over MCP stdio, embedded service, existing data directory (real time):
 *     spawn -> first search_people result; resources/list; 20 quota-resource
 *     reads in a row; 15 writes at once on an idle account; 20 writes at once
 *     on another idle account (how many succeed within 2 s, what the rest get).
 *     Service 429s: the client logs every per-minute 429 it gets (warn), counted
 *     from the server's stderr; the writes' service times come from the audit.
 *  B. Steady rate over 3 windows, time-scaled: a `service --time-scale 15`
 *     process (its minute lasts 4 s) and governed clients whose window is
 *     scaled the same way; one process, then two processes sharing Redis
 *     (BENCH_REDIS_URL or OUTREACH_TEST_REDIS_URL; skipped without one).
 *     Share of the allowed rate = writes the service performed in the 3
 *     windows after the first one / (3 x 15); 429s from the clients' stats.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const cli = join(dist, 'cli.js');
const load = (p) => import(pathToFileURL(join(dist, p)).href);
// The store adapter of this checkout reads any build's data directory (same schema).
const { openSqlite } = await import(pathToFileURL(join(root, 'dist/service/store/sqlite.js')).href);
const SCALE = 15;
const WINDOW_MS = 60_000 / SCALE;
const WRITE_LIMIT = 15;
const ACCOUNTS = {
  a: 'a00000000000000000000001',
  b: 'a00000000000000000000002',
  c: 'a00000000000000000000003',
  d: 'a00000000000000000000004',
};

function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('OUTREACH_')) env[k] = v;
  return { ...env, OUTREACH_LOG_LEVEL: 'warn', OUTREACH_CONFIRM: 'off', ...extra };
}

const ms = (t0) => Math.round(performance.now() - t0);

/** Public post URNs of the data directory's world (same generator, same seed and epoch). */
async function postUrns(dataDir, n) {
  const db = openSqlite(join(dataDir, 'outreach.db'), { readonly: true });
  const epoch = Number(db.prepare("SELECT value FROM meta WHERE key = 'world_epoch'").get().value);
  db.close();
  const { generateWorld } = await load('service/world/index.js');
  return generateWorld('outreach', { epochMs: epoch }).posts.filter((p) => p.visibility === 'PUBLIC').slice(0, n).map((p) => p.activityUrn);
}

/** Service times (ms) of the writes performed for an account, oldest first. */
function auditTimes(dataDir, accountId) {
  const db = openSqlite(join(dataDir, 'outreach.db'), { readonly: true });
  const rows = db.prepare('SELECT at FROM audit_log WHERE account_id = ? ORDER BY at').all(accountId);
  db.close();
  return rows.map((r) => r.at);
}

/** Most writes the service performed in any 60 s (service time) window. */
function maxInWindow(times, windowMs) {
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function stdioSession(dataDir) {
  let stderr = '';
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, '--data-dir', dataDir], env: cleanEnv(), stderr: 'pipe' });
  transport.stderr?.on('data', (c) => (stderr += c.toString()));
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  return { client, close: () => client.close(), rateLimited: () => (stderr.match(/per-minute 429 from the service/g) ?? []).length };
}

const REQUEST = { timeout: 180_000 };

async function writesAtOnce(client, accountId, urns) {
  const t0 = performance.now();
  const outcomes = await Promise.all(
    urns.map(async (postUrn) => {
      const r = await client.callTool({ name: 'react_to_post', arguments: { accountId, postUrn, reactionType: 'LIKE' } }, undefined, REQUEST);
      const text = r.content?.[0]?.text ?? '';
      return { ok: !r.isError, at: ms(t0), text };
    }),
  );
  return outcomes;
}

async function mcpFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'outreach-gov-bench-'));
  try {
    // An existing data directory, as a returning user has: create it once.
    const first = await stdioSession(dataDir);
    await first.close();
    const urns = await postUrns(dataDir, 40);

    const t0 = performance.now();
    const s = await stdioSession(dataDir);
    const initializeMs = ms(t0);
    const search = await s.client.callTool({ name: 'search_people', arguments: { keywords: 'engineer' } }, undefined, REQUEST);
    const firstSearchMs = ms(t0);
    if (search.isError) throw new Error(`search_people failed: ${search.content?.[0]?.text}`);

    let t = performance.now();
    const listed = await s.client.listResources(undefined, REQUEST);
    const resourcesListMs = ms(t);

    t = performance.now();
    const quotaUri = `outreach://accounts/${ACCOUNTS.c}/quota`;
    for (let i = 0; i < 20; i++) await s.client.readResource({ uri: quotaUri }, REQUEST);
    const quotaReadsMs = ms(t);

    const fifteen = await writesAtOnce(s.client, ACCOUNTS.a, urns.slice(0, 15));
    const twenty = await writesAtOnce(s.client, ACCOUNTS.b, urns.slice(15, 35));
    const okAt = twenty.filter((o) => o.ok).map((o) => o.at).sort((x, y) => x - y);
    const refused = twenty.filter((o) => !o.ok);
    const rateLimited = s.rateLimited();
    await s.close();
    const timesB = auditTimes(dataDir, ACCOUNTS.b);
    return {
      initializeMs,
      firstSearchMs,
      resources: listed.resources.length,
      resourcesListMs,
      quotaReads20Ms: quotaReadsMs,
      writes15: { ok: fifteen.filter((o) => o.ok).length, allDoneMs: Math.max(...fifteen.map((o) => o.at)) },
      writes20: {
        ok: okAt.length,
        okWithin2s: okAt.filter((x) => x <= 2000).length,
        lastOkMs: okAt.at(-1) ?? null,
        refused: refused.length,
        refusedAtMs: refused.map((o) => o.at),
        refusal: refused[0]?.text.slice(0, 300) ?? null,
        serviceMaxPerMinute: maxInWindow(timesB, 60_000),
      },
      service429s: rateLimited,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startScaledService(dataDir) {
  const child = spawn(process.execPath, [cli, 'service', '--data-dir', dataDir, '--time-scale', String(SCALE)], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: cleanEnv({ OUTREACH_LOG_LEVEL: 'silent' }),
  });
  const line = await new Promise((res) => createInterface({ input: child.stdout }).once('line', res));
  return { ...JSON.parse(line), child };
}

/** One governed client firing `count` writes at once on one account; resolves with its stats. */
async function fireWrites({ baseUrl, apiKey, redisUrl, prefix, accountId, urns }) {
  const { createClient } = await load('client/index.js');
  const { endpointById } = await load('contract/index.js');
  const { createLogger } = await load('util/logger.js');
  const client = createClient({
    baseUrl,
    apiKey,
    logger: createLogger('bench', 'silent'),
    windowMs: WINDOW_MS,
    maxWaitMs: 60_000,
    ...(redisUrl ? { redisUrl, redisKeyPrefix: prefix } : {}),
  });
  const react = endpointById('E3');
  // Warm the account's view in the service first (a one-off stall of its event loop).
  await client.call(endpointById('E1'), { accountId });
  const results = await Promise.allSettled(urns.map((postUrn) => client.call(react, { accountId, postUrn, reactionType: 'LIKE' })));
  const stats = client.stats();
  await client.close();
  return { ok: results.filter((r) => r.status === 'fulfilled').length, failed: results.filter((r) => r.status === 'rejected').length, rateLimited: stats.rateLimited };
}

function rateShare(times) {
  // Audit times are on the service's (scaled) clock: its window is a full minute of it.
  // The first window is the burst; the steady rate is over the three windows after it.
  const start = times[0] + 60_000;
  const inWindows = times.filter((t) => t >= start && t < start + 3 * 60_000).length;
  return { performed: times.length, inThreeWindows: inWindows, share: +(inWindows / (3 * WRITE_LIMIT)).toFixed(3) };
}

async function steadyRate(processes, redisUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outreach-gov-rate-'));
  const service = await startScaledService(dataDir);
  try {
    const urns = await postUrns(dataDir, 80);
    const accountId = ACCOUNTS.d;
    const prefix = `bench:${process.pid}:${Date.now()}:`;
    const share = Math.ceil(urns.length / processes);
    const parts = Array.from({ length: processes }, (_, i) => urns.slice(i * share, (i + 1) * share));
    let stats;
    if (processes === 1) {
      stats = [await fireWrites({ baseUrl: service.baseUrl, apiKey: service.apiKey, accountId, urns: parts[0] })];
    } else {
      stats = await Promise.all(
        parts.map(
          (part) =>
            new Promise((res, rej) => {
              const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--worker'], {
                stdio: ['pipe', 'pipe', 'inherit'],
                env: { ...process.env, BENCH_DIST: dist },
              });
              let out = '';
              child.stdout.on('data', (c) => (out += c.toString()));
              child.on('exit', (code) => (code === 0 ? res(JSON.parse(out)) : rej(new Error(`worker exited ${code}`))));
              child.stdin.end(JSON.stringify({ baseUrl: service.baseUrl, apiKey: service.apiKey, redisUrl, prefix, accountId, urns: part }));
            }),
        ),
      );
    }
    const times = auditTimes(dataDir, accountId);
    return { processes, ...rateShare(times), failed: stats.reduce((a, s) => a + s.failed, 0), service429s: stats.reduce((a, s) => a + s.rateLimited, 0) };
  } finally {
    service.child.kill('SIGTERM');
    await new Promise((res) => service.child.once('exit', res));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 20 writes at once whose maximum wait covers one window (time-scaled): 15 go at once, 5 when the window rolls. */
async function twentyThatMayWait() {
  const dataDir = mkdtempSync(join(tmpdir(), 'outreach-gov-wait-'));
  const service = await startScaledService(dataDir);
  try {
    const urns = await postUrns(dataDir, 20);
    const { createClient } = await load('client/index.js');
    const { endpointById } = await load('contract/index.js');
    const { createLogger } = await load('util/logger.js');
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, logger: createLogger('bench', 'silent'), windowMs: WINDOW_MS, maxWaitMs: 2 * WINDOW_MS });
    const accountId = ACCOUNTS.c;
    await client.call(endpointById('E1'), { accountId });
    const t0 = performance.now();
    const doneAt = await Promise.all(urns.map((postUrn) => client.call(endpointById('E3'), { accountId, postUrn, reactionType: 'LIKE' }).then(() => ms(t0))));
    const stats = client.stats();
    await client.close();
    doneAt.sort((x, y) => x - y);
    return { first15DoneMs: doneAt[14], last5DoneMs: doneAt.slice(15), windowMs: WINDOW_MS, service429s: stats.rateLimited };
  } finally {
    service.child.kill('SIGTERM');
    await new Promise((res) => service.child.once('exit', res));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--worker') {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(JSON.stringify(await fireWrites(JSON.parse(input))));
  process.exit(0);
}

/** Only spawn -> initialize and spawn -> first search_people, `runs` times on one existing data directory (medians). */
async function firstSearchFigures(runs) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outreach-gov-first-'));
  try {
    const first = await stdioSession(dataDir);
    await first.close();
    const init = [];
    const search = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const s = await stdioSession(dataDir);
      init.push(ms(t0));
      const r = await s.client.callTool({ name: 'search_people', arguments: { keywords: 'engineer' } }, undefined, REQUEST);
      search.push(ms(t0));
      if (r.isError) throw new Error(`search_people failed: ${r.content?.[0]?.text}`);
      await s.close();
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { runs, initializeMs: init, firstSearchMs: search, medianInitializeMs: median(init), medianFirstSearchMs: median(search) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_GOV_ONLY; // 'mcp' | 'rate' | 'first' (spawn -> first search only, BENCH_RUNS times)
if (only === 'first') {
  const f = await firstSearchFigures(Number(process.env.BENCH_RUNS ?? 5));
  process.stdout.write(
    `spawn -> initialize median ${f.medianInitializeMs} ms ${JSON.stringify(f.initializeMs)}; spawn -> first search_people result median ${f.medianFirstSearchMs} ms ${JSON.stringify(f.firstSearchMs)} (target <= 1500)\n`,
  );
  process.exit(0);
}
const results = { dist: dist === resolve(root, 'dist') ? 'dist' : dist };
if (only !== 'rate') results.mcp = await mcpFigures();
if (only !== 'mcp') {
  results.twentyThatMayWait = await twentyThatMayWait();
  results.steadyRate = [await steadyRate(1)];
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.OUTREACH_TEST_REDIS_URL;
  if (redisUrl) results.steadyRate.push(await steadyRate(2, redisUrl));
  else results.steadyRateRedis = 'skipped: set BENCH_REDIS_URL (or OUTREACH_TEST_REDIS_URL) to a Redis for the two-process figure';
}

const m = results.mcp;
if (m) {
  process.stdout.write(`spawn -> initialize ${m.initializeMs} ms; spawn -> first search_people result ${m.firstSearchMs} ms (target <= 1500)\n`);
  process.stdout.write(`resources/list (${m.resources} resources) ${m.resourcesListMs} ms (target <= 100)\n`);
  process.stdout.write(`20 quota-resource reads in a row ${m.quotaReads20Ms} ms (target <= 1000)\n`);
  process.stdout.write(`15 writes at once, idle account: ${m.writes15.ok}/15 ok, all done in ${m.writes15.allDoneMs} ms (target <= 2000)\n`);
  process.stdout.write(
    `20 writes at once: ${m.writes20.okWithin2s} ok within 2 s, ${m.writes20.ok} ok in all (last at ${m.writes20.lastOkMs} ms), ${m.writes20.refused} refused at ${JSON.stringify(m.writes20.refusedAtMs)} ms; service performed at most ${m.writes20.serviceMaxPerMinute} in any minute; per-minute 429s from the service: ${m.service429s}\n`,
  );
  if (m.writes20.refusal) process.stdout.write(`  refusal text: ${m.writes20.refusal}\n`);
}
const w = results.twentyThatMayWait;
if (w) {
  process.stdout.write(
    `20 writes at once, maximum wait 2 windows (time-scaled x${SCALE}: window ${w.windowMs} ms): 15 done in ${w.first15DoneMs} ms, the other 5 at ${JSON.stringify(w.last5DoneMs)} ms (when the window rolls); ${w.service429s} service 429s\n`,
  );
}
for (const r of results.steadyRate ?? []) {
  process.stdout.write(
    `steady rate (time-scaled x${SCALE}: window ${WINDOW_MS} ms), ${r.processes} process(es)${r.processes > 1 ? ' on Redis' : ''}: ${r.inThreeWindows}/${3 * WRITE_LIMIT} in 3 windows = ${(r.share * 100).toFixed(1)} % of the allowed rate (target >= 97 %), ${r.failed} failed, ${r.service429s} service 429s\n`,
  );
}
if (results.steadyRateRedis) process.stdout.write(`${results.steadyRateRedis}\n`);
process.stdout.write(`${JSON.stringify(results)}\n`);
