#!/usr/bin/env node
// Builds outreach-mcp.mcpb, the MCP bundle for desktop clients (run via `npm run bundle`, after a build):
// stages dist/, manifest.json and package files, keeps production dependencies only, and packs with mcpb.
// The bundle carries no native module: the store runs on node:sqlite, built into the host's Node (>= 22.13),
// so one .mcpb serves macOS, Windows and Linux. The optional better-sqlite3 (Node 20 fallback) stays out.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--out FILE` writes the bundle elsewhere (the bundle test builds its own copy).
const outFlag = process.argv.indexOf('--out');
const out = outFlag > 0 && process.argv[outFlag + 1] ? resolve(process.argv[outFlag + 1]) : `${root}outreach-mcp.mcpb`;
const stage = `${mkdtempSync(join(tmpdir(), 'outreach-bundle-'))}/`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

if (!existsSync(`${root}dist/cli.js`)) {
  process.stderr.write('dist/cli.js is missing: run npm run build first\n');
  process.exit(1);
}
run(process.execPath, [`${root}scripts/manifest.mjs`, '--check']);

for (const entry of ['dist', 'manifest.json', 'package.json', 'package-lock.json', 'README.md', 'LICENSE']) {
  if (!existsSync(`${root}${entry}`)) {
    process.stderr.write(`${entry} is missing: the bundle needs it\n`);
    process.exit(1);
  }
  cpSync(`${root}${entry}`, `${stage}${entry}`, { recursive: true });
}
// Copy only the installed production packages: no dev dependencies, and no optional ones
// (better-sqlite3 and its native build are the Node 20 fallback, not needed on the host's Node).
const listed = execFileSync(npm, ['ls', '--omit=dev', '--omit=optional', '--all', '--parseable'], { cwd: root, encoding: 'utf8' });
const packages = listed
  .split('\n')
  .map((line) => relative(root, line.trim()))
  .filter((path) => path.startsWith('node_modules'))
  .sort();
for (const [i, path] of packages.entries()) {
  // A package nested inside one already copied came along with it.
  if (packages.slice(0, i).some((parent) => path.startsWith(`${parent}/`))) continue;
  cpSync(`${root}${path}`, `${stage}${path}`, { recursive: true, verbatimSymlinks: true });
}
rmSync(`${stage}dist`, { recursive: true, force: true });
cpSync(`${root}dist`, `${stage}dist`, { recursive: true, filter: (src) => !src.endsWith('.map') });

// Not needed at run time: caches, native build intermediates and sources, type declarations.
writeFileSync(
  `${stage}.mcpbignore`,
  [
    'node_modules/.vite/',
    'node_modules/.cache/',
    'node_modules/.package-lock.json',
    '*.d.ts',
    '*.d.ts.map',
    '*.js.map',
    '',
  ].join('\n'),
);

// One bundle for every OS only holds while nothing platform-specific is inside.
const native = walk(`${stage}node_modules`).filter((f) => /\.(node|a|so|dylib|dll)$/.test(f) || f.includes('/better-sqlite3/'));
if (native.length > 0) {
  process.stderr.write(`the bundle would carry platform-specific files:\n  ${native.map((f) => relative(stage, f)).join('\n  ')}\n`);
  process.exit(1);
}

rmSync(out, { force: true });
run(process.execPath, [`${root}node_modules/@anthropic-ai/mcpb/dist/cli/cli.js`, 'pack', stage, out]);
rmSync(stage, { recursive: true, force: true });
process.stderr.write(`bundle written: ${out}\n`);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
