#!/usr/bin/env node
// Builds outreach-mcp.mcpb, the MCP bundle for desktop clients (run via `npm run bundle`, after a build):
// stages dist/, manifest.json and package files, keeps production dependencies only, and packs with mcpb.
// The bundle carries better-sqlite3's native binary, so it runs on the platform and Node ABI it was built on.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stage = `${root}.bundle/`;
const out = `${root}outreach-mcp.mcpb`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

if (!existsSync(`${root}dist/cli.js`)) {
  process.stderr.write('dist/cli.js is missing: run npm run build first\n');
  process.exit(1);
}
run(process.execPath, [`${root}scripts/manifest.mjs`, '--check']);

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage);
for (const entry of ['dist', 'manifest.json', 'package.json', 'package-lock.json', 'README.md', 'LICENSE']) {
  if (existsSync(`${root}${entry}`)) cpSync(`${root}${entry}`, `${stage}${entry}`, { recursive: true });
}
// Copy the installed tree (native modules already built for this platform), then drop dev dependencies.
cpSync(`${root}node_modules`, `${stage}node_modules`, { recursive: true, verbatimSymlinks: true });
run(npm, ['prune', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'], stage);
rmSync(`${stage}dist`, { recursive: true, force: true });
cpSync(`${root}dist`, `${stage}dist`, { recursive: true, filter: (src) => !src.endsWith('.map') });

// Not needed at run time: caches, native build intermediates and sources, type declarations.
writeFileSync(
  `${stage}.mcpbignore`,
  [
    'node_modules/.vite/',
    'node_modules/.cache/',
    'node_modules/better-sqlite3/deps/',
    'node_modules/better-sqlite3/src/',
    'node_modules/better-sqlite3/build/Release/obj/',
    'node_modules/better-sqlite3/build/Release/obj.target/',
    'node_modules/better-sqlite3/build/Release/.deps/',
    'node_modules/better-sqlite3/build/Release/test_extension.node',
    'node_modules/better-sqlite3/build/deps/',
    '*.d.ts',
    '*.d.ts.map',
    '*.js.map',
    '',
  ].join('\n'),
);

rmSync(out, { force: true });
run(process.execPath, [`${root}node_modules/@anthropic-ai/mcpb/dist/cli/cli.js`, 'pack', stage, out]);
rmSync(stage, { recursive: true, force: true });
process.stderr.write(`bundle written: ${out}\n`);
