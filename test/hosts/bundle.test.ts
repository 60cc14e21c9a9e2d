import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseEmbedded, nodeModulesAbove, startAsHost, tempDir } from './host.js';

/**
 * The desktop bundle as a host runs it: built by `npm run bundle`'s script, unpacked into an empty
 * folder with no node_modules above it, started with the host's own Node (22 and 24, which have
 * node:sqlite and no better-sqlite3 to fall back on), configured exactly as manifest.json says.
 * OUTREACH_TEST_NODE22 / OUTREACH_TEST_NODE24 name those Node binaries (CI installs them); the
 * Node running the tests counts too when it is one of them.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const mcpb = join(root, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function nodeBinary(major: 22 | 24): string | undefined {
  const fromEnv = process.env[`OUTREACH_TEST_NODE${major}`];
  if (fromEnv) return fromEnv;
  return Number(process.versions.node.split('.')[0]) === major ? process.execPath : undefined;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

interface Manifest {
  compatibility: { platforms: string[]; runtimes: { node: string } };
  server: { mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  user_config: Record<string, { default?: unknown }>;
  tools: { name: string }[];
}

let unpacked = '';
let manifest: Manifest;

beforeAll(() => {
  const work = tempDir('outreach-bundle-test-', cleanups);
  const file = join(work, 'outreach-mcp.mcpb');
  execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs'), '--out', file], { cwd: root, stdio: 'pipe' });
  unpacked = join(work, 'unpacked');
  execFileSync(process.execPath, [mcpb, 'unpack', file, unpacked], { stdio: 'pipe' });
  manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
}, 240_000);

describe('desktop bundle (.mcpb)', () => {
  it('passes mcpb validate, carries the LICENSE, and has nothing platform-specific inside', () => {
    execFileSync(process.execPath, [mcpb, 'validate', join(unpacked, 'manifest.json')], { stdio: 'pipe' });
    expect(readFileSync(join(unpacked, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} outreach-mcp contributors/);
    const inside = files(unpacked).map((f) => relative(unpacked, f));
    expect(inside.filter((f) => /\.(node|a|so|dylib|dll)$/.test(f) || f.includes('better-sqlite3'))).toEqual([]);
    expect(inside).toContain('dist/cli.js');
    expect(manifest.compatibility).toEqual({ platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=22.13.0' } });
  });

  for (const major of [22, 24] as const) {
    const node = nodeBinary(major);
    const missing = node === undefined;
    // Locally a missing binary is reported as a skip; on CI it is a failure, never a silent pass.
    it.skipIf(missing && process.env.CI !== 'true')(`starts on Node ${major} as configured: tools/list, a search, the quota resource`, async () => {
      if (!node) throw new Error(`OUTREACH_TEST_NODE${major} must name a Node ${major} binary on CI`);
      expect(execFileSync(node, ['--version'], { encoding: 'utf8' })).toMatch(new RegExp(`^v${major}\\.`));
      expect(nodeModulesAbove(dirname(unpacked))).toBeUndefined(); // only the bundle's own

      // The host fills ${__dirname} and each ${user_config.x} (left at its default: the embedded service).
      const fill = (v: string) =>
        v
          .replaceAll('${__dirname}', unpacked)
          .replace(/\$\{user_config\.([a-z_]+)\}/g, (_, key: string) => String(manifest.user_config[key]?.default ?? ''));
      const { command, args, env } = manifest.server.mcp_config;
      expect(command).toBe('node');
      const home = tempDir('outreach-bundle-home-', cleanups);
      const run = await startAsHost(
        { command: node, args: args.map(fill), env: Object.fromEntries(Object.entries(env).map(([k, v]) => [k, fill(v)])) },
        home,
      );
      try {
        const { tools } = await exerciseEmbedded(run.client);
        expect(tools).toEqual(manifest.tools.map((t) => t.name));
        expect(run.stderr()).not.toContain('ExperimentalWarning');
        expect(run.stderr()).not.toMatch(/better-sqlite3|NODE_MODULE_VERSION/);
      } finally {
        await run.close();
      }
    }, 60_000);
  }
});
