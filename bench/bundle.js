#!/usr/bin/env node
/**
 * Desktop bundle figures:
 *  - size of the .mcpb and of its unpacked folder;
 *  - cold start of the unpacked bundle to the first tools/list answer: a fresh HOME, so the embedded
 *    service creates its database and synthetic network first (what a user's very first start costs),
 *    and warm start (same HOME again).
 * Bundles run on the host's Node >= 22.13 (node:sqlite): OUTREACH_BENCH_NODE (or OUTREACH_TEST_NODE24)
 * names the binary; the Node running this counts when it is recent enough.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTS = 3;
const work = mkdtempSync(join(tmpdir(), 'outreach-bench-bundle-'));
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const size = (dir) => readdirSync(dir).reduce((sum, name) => {
  const path = join(dir, name);
  const st = statSync(path);
  return sum + (st.isDirectory() ? size(path) : st.size);
}, 0);

function pickNode() {
  const given = process.env.OUTREACH_BENCH_NODE ?? process.env.OUTREACH_TEST_NODE24;
  if (given) return given;
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13) ? process.execPath : undefined;
}

async function startToToolsList(node, cli, home) {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: node, args: [cli], env: { HOME: home, OUTREACH_LOG_LEVEL: 'warn' }, cwd: '/', stderr: 'ignore' });
  await client.connect(transport);
  await client.listTools();
  const ms = performance.now() - t0;
  await client.close();
  return ms;
}

const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);

try {
  const file = join(work, 'outreach-mcp.mcpb');
  execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs'), '--out', file], { cwd: root, stdio: 'ignore' });
  const unpacked = join(work, 'unpacked');
  execFileSync(process.execPath, [join(root, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js'), 'unpack', file, unpacked], { stdio: 'ignore' });
  const results = { bundleMb: mb(statSync(file).size), unpackedMb: mb(size(unpacked)) };
  process.stdout.write(`bundle: ${results.bundleMb} MB (.mcpb), ${results.unpackedMb} MB unpacked\n`);

  const node = pickNode();
  if (!node) {
    results.skipped = `cold start needs Node >= 22.13 (this is ${process.version}); set OUTREACH_BENCH_NODE to one`;
    process.stdout.write(`skipped: ${results.skipped}\n`);
  } else {
    results.node = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const cli = join(unpacked, 'dist/cli.js');
    const cold = [];
    const warm = [];
    for (let i = 0; i < STARTS; i++) {
      const home = mkdtempSync(join(work, 'home-'));
      cold.push(await startToToolsList(node, cli, home));
      warm.push(await startToToolsList(node, cli, home));
    }
    results.coldStartMs = median(cold);
    results.warmStartMs = median(warm);
    process.stdout.write(
      `unpacked bundle on Node ${results.node}, spawn to first tools/list: cold (fresh data dir) ${results.coldStartMs} ms, warm ${results.warmStartMs} ms (median of ${STARTS})\n`,
    );
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
