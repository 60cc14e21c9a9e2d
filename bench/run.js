#!/usr/bin/env node
// Runs every bench/*.js except itself, one after another, each in its own process.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const self = fileURLToPath(import.meta.url).split('/').pop();
const only = process.argv.slice(2);
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.js') && f !== self).sort()) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  process.stdout.write(`\n=== ${file}\n`);
  const r = spawnSync(process.execPath, [`${dir}${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
