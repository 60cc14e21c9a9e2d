import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Migration } from './migration.js';
import { openSqlite, type Db, type OpenOptions } from './sqlite.js';

export type { Db, Statement, SqliteDriver } from './sqlite.js';

export const DB_FILE = 'outreach.db';

/** Opens the service database: a file in dataDir (created if needed) or ':memory:'. */
export function openDatabase(dataDir: string, options: OpenOptions = {}): Db {
  let path = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    path = join(dataDir, DB_FILE);
  }
  const db = openSqlite(path, options);
  // WAL: readers never block the writer; every commit is durable before we answer.
  if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

/** Applies the migrations not applied yet, in id order, each in its own transaction. */
export function runMigrations(db: Db, migrations: readonly Migration[]): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const ids = migrations.map((m) => m.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`duplicate migration id ${duplicate}`);
  const applied = new Set((db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id));
  const done: string[] = [];
  for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(m.id, Date.now());
    })();
    done.push(m.id);
  }
  return done;
}

export const metaMigrations: Migration[] = [
  { id: '0000_meta', up: 'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)' },
];

export function getMeta(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

/** Returns the stored value, storing `make()` first if there is none. */
export function ensureMeta(db: Db, key: string, make: () => string): string {
  const existing = getMeta(db, key);
  if (existing !== undefined) return existing;
  const value = make();
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, value);
  return value;
}

/** Stores a value, replacing any earlier one. */
export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
