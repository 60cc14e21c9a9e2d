import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/service/store/sqlite.js';

/** The built CLI (npm run test:reliability builds first). */
export const CLI = join(process.cwd(), 'dist', 'cli.js');

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment minus any OUTREACH_* of the developer's, plus overrides. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('OUTREACH_')) env[k] = v;
  return { ...env, OUTREACH_LOG_LEVEL: 'warn', ...extra };
}

/** What a refused input must not change: writes recorded, quota spent, idempotency records. */
export interface StateFigures {
  audit: number;
  quotaUsed: number;
  idempotency: number;
}

export function readState(dataDir: string): StateFigures {
  const db = openSqlite(join(dataDir, 'outreach.db'), { readonly: true });
  try {
    const one = (sql: string) => Number((db.prepare(sql).get() as { n: number | null }).n ?? 0);
    return {
      audit: one('SELECT COUNT(*) AS n FROM audit_log'),
      quotaUsed: one('SELECT SUM(used) AS n FROM limits_quota_usage'),
      idempotency: one('SELECT COUNT(*) AS n FROM idempotency_keys'),
    };
  } finally {
    db.close();
  }
}

/** Looks like a stack trace, an HTML page or an install path. */
export const LEAKY_ERROR = /<html|<!doctype|\n\s+at [\w.<>]+ \(|node_modules|\/dist\/|\/src\//i;
