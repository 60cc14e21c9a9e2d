/**
 * What the MCP benchmarks share: latency sampling, the child environment and
 * starting the built HTTP server. Kept in a folder of its own: bench/run.js
 * runs every bench/*.js.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const cli = `${root}dist/cli.js`;
/** Timed calls per measurement. */
export const CALLS = Number(process.env.BENCH_CALLS ?? 300);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50 and p99 of samples (ms), three decimals. */
export function stats(samples) {
  const s = [...samples].sort((x, y) => x - y);
  return { n: s.length, p50: +percentile(s, 50).toFixed(3), p99: +percentile(s, 99).toFixed(3) };
}

/** Latency of fn over CALLS calls, after 10 warm-up calls. */
export async function timeCalls(fn) {
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  const samples = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

/** This process's environment without any OUTREACH_* setting, logging errors only, plus extra. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('OUTREACH_')) env[k] = v;
  return { ...env, OUTREACH_LOG_LEVEL: 'error', ...extra };
}

/** Starts `outreach-mcp http` on a free port; resolves with the child and its base URL once it listens. */
export function spawnHttp(env, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'http', '--port', '0', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c.toString();
      const m = /MCP over HTTP at (http:\/\/\S+)\/mcp/.exec(err);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`http server exited ${code}: ${err}`)));
  });
}
