import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Vitest globalSetup: every run tests a fresh build and type-checked tests.
 * Many tests spawn dist/cli.js, so a run without a build would test stale code.
 * Once per run, before any test file: tsc builds src into dist/, then tsc
 * type-checks src and tests together (tsconfig.test.json, no output).
 *
 * tsc runs on the Node running vitest (process.execPath), so the Node 22/24
 * runs need nothing else. Both are incremental: the state lives under
 * node_modules/.cache (never in dist/, which is published), and the build's
 * state is dropped when dist/ is gone, since tsc would not re-emit files it
 * believes are up to date.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const cache = join(root, 'node_modules', '.cache', 'outreach-mcp');

function runTsc(what: string, project: string, buildInfo: string): void {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', join(cache, buildInfo), '--pretty', 'false'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() || String(result.error ?? `exit ${result.status}`);
    throw new Error(`${what} failed (tsc -p ${project}):\n${output}`);
  }
  process.stderr.write(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

export default function setup(): void {
  mkdirSync(cache, { recursive: true });
  if (!existsSync(join(root, 'dist', 'cli.js'))) rmSync(join(cache, 'build.tsbuildinfo'), { force: true });
  runTsc('build', 'tsconfig.json', 'build.tsbuildinfo');
  runTsc('test type-check', 'tsconfig.test.json', 'test.tsbuildinfo');
}
