#!/usr/bin/env node
// Writes manifest.json from the contract table (run via `npm run manifest`, after a build).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '../dist/contract/index.js';
import { manifestText } from '../dist/mcp/manifest.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const text = manifestText(ENDPOINTS, { version: pkg.version, description: pkg.description });
const check = process.argv.includes('--check');
const current = readFileSync(`${root}manifest.json`, 'utf8');
if (check) {
  if (current !== text) {
    process.stderr.write('manifest.json is out of date: run npm run manifest\n');
    process.exit(1);
  }
  process.stderr.write('manifest.json is up to date\n');
} else {
  writeFileSync(`${root}manifest.json`, text);
  process.stderr.write(`manifest.json written: ${ENDPOINTS.length} tools\n`);
}
