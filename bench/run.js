#!/usr/bin/env node
// Runs every benchmark file in bench/ (after `npm run build`), one process each.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.js') && f !== 'run.js')
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} exited with ${result.status ?? result.signal}`);
  }
}
console.log(`\n${files.length - failed} benchmark(s) ran, ${failed} failed`);
process.exit(failed ? 1 : 0);
