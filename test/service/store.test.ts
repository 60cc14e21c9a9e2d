import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE, openDatabase, runMigrations } from '../../src/service/store/db.js';
import { availableDrivers, defaultDriver, openSqlite, type Db, type SqliteDriver } from '../../src/service/store/sqlite.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const nodeHasSqlite = major > 22 || (major === 22 && minor >= 13);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-store-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(driver: SqliteDriver, path = ':memory:'): Db {
  const db = openSqlite(path, { driver });
  cleanups.push(() => db.close());
  return db;
}

describe('driver choice', () => {
  it('uses node:sqlite where the runtime has it, better-sqlite3 only otherwise', () => {
    expect(defaultDriver()).toBe(nodeHasSqlite ? 'node:sqlite' : 'better-sqlite3');
    expect(availableDrivers()).toContain(defaultDriver());
    const dir = tempDir();
    const db = openDatabase(dir);
    cleanups.push(() => db.close());
    expect(db.driver).toBe(defaultDriver());
  });

  it('loading node:sqlite prints no ExperimentalWarning (and stdout stays clean)', async () => {
    if (!nodeHasSqlite) return;
    const { spawnSync } = await import('node:child_process');
    // Other warnings, experimental ones included, still print.
    const script = `import('${new URL('../../dist/service/store/sqlite.js', import.meta.url).href}').then((m) => {
      const db = m.openSqlite(':memory:');
      process.stderr.write(db.driver + '\\n');
      db.close();
      process.emitWarning('another feature', 'ExperimentalWarning');
    })`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^node:sqlite\n\(node:\d+\) ExperimentalWarning: another feature\n/);
    expect(run.stderr).not.toContain('SQLite');
  });
});

describe('driver boundary', () => {
  it('only the adapter names a SQLite driver module; everything else uses its Db interface', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const root = new URL('../../', import.meta.url);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.(ts|js|mjs)$/.test(name) ? [path] : [];
      });
    const offenders = ['src', 'test', 'bench', 'scripts']
      .flatMap((d) => files(new URL(d, root).pathname))
      .filter((f) => !f.endsWith('src/service/store/sqlite.ts'))
      .filter((f) => /(from|import\(|require\()\s*['"](better-sqlite3|node:sqlite)['"]/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe.each(availableDrivers())('store on %s', (driver) => {
  it('answers rows as plain objects, binds named (@name) and positional parameters, undefined as NULL', () => {
    const db = open(driver);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, note TEXT)');
    const insert = db.prepare('INSERT INTO t (name, note) VALUES (@name, @note)');
    expect(insert.run({ name: 'ada', note: 'x' })).toEqual({ changes: 1, lastInsertRowid: 1 });
    // Keys the SQL does not name are ignored, as better-sqlite3 does.
    expect(insert.run({ name: 'bob', note: undefined, extra: 1 }).lastInsertRowid).toBe(2);
    db.prepare('INSERT INTO t (name, note) VALUES (?, ?)').run('cy', undefined);
    const row = db.prepare<[number], { id: number; name: string; note: string | null }>('SELECT * FROM t WHERE id = ?').get(2);
    expect(row).toStrictEqual({ id: 2, name: 'bob', note: null });
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(db.prepare('SELECT name FROM t ORDER BY id').all()).toStrictEqual([{ name: 'ada' }, { name: 'bob' }, { name: 'cy' }]);
    expect([...db.prepare<[], { id: number }>('SELECT id FROM t ORDER BY id DESC').iterate()].map((r) => r.id)).toEqual([3, 2, 1]);
    expect(db.prepare('SELECT * FROM t WHERE id = ?').get(99)).toBeUndefined();
    expect(db.prepare('UPDATE t SET note = ? WHERE id > ?').run('n', 1).changes).toBe(2);
  });

  it('commits a transaction, rolls it back when fn throws, and nests as a savepoint', () => {
    const db = open(driver);
    db.exec('CREATE TABLE t (v INTEGER)');
    const add = db.prepare<[number]>('INSERT INTO t VALUES (?)');
    const values = () => (db.prepare('SELECT v FROM t ORDER BY v').all() as { v: number }[]).map((r) => r.v);

    expect(db.inTransaction).toBe(false);
    const result = db.transaction((v: number) => {
      expect(db.inTransaction).toBe(true);
      add.run(v);
      return v * 2;
    })(1);
    expect(result).toBe(2);
    expect(db.inTransaction).toBe(false);

    expect(() =>
      db.transaction(() => {
        add.run(2);
        throw new Error('boom');
      })(),
    ).toThrow('boom');
    expect(values()).toEqual([1]);

    // The inner failure undoes only the inner writes; the outer transaction goes on and commits.
    db.transaction(() => {
      add.run(3);
      expect(() =>
        db.transaction(() => {
          add.run(4);
          throw new Error('inner');
        })(),
      ).toThrow('inner');
      db.transaction(() => add.run(5))();
      expect(db.inTransaction).toBe(true);
    })();
    expect(values()).toEqual([1, 3, 5]);

    // An outer failure undoes the committed inner savepoints too.
    expect(() =>
      db.transaction(() => {
        db.transaction(() => add.run(6))();
        throw new Error('outer');
      })(),
    ).toThrow('outer');
    expect(values()).toEqual([1, 3, 5]);
    expect(db.inTransaction).toBe(false);
  });

  it('refuses a transaction function that returns a promise, and rolls back its writes', () => {
    const db = open(driver);
    db.exec('CREATE TABLE t (v INTEGER)');
    expect(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        return Promise.resolve(1);
      })(),
    ).toThrow(TypeError);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });

  it('enforces foreign keys, refuses double-quoted string literals, waits 5 s on a busy database', () => {
    const db = open(driver);
    db.exec('CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id))');
    expect(() => db.prepare('INSERT INTO c VALUES (1)').run()).toThrow(/FOREIGN KEY constraint failed/);
    expect(() => db.prepare('SELECT "nope"').get()).toThrow(/no such column/);
    expect(db.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 5000 });
    db.exec('CREATE TABLE u (id TEXT PRIMARY KEY)');
    db.prepare('INSERT INTO u VALUES (?)').run('a');
    expect(() => db.prepare('INSERT INTO u VALUES (?)').run('a')).toThrow(/UNIQUE constraint failed: u.id/);
  });

  it('keeps a file database in WAL mode, runs migrations once, and keeps data across a reopen', () => {
    const dir = tempDir();
    const migrations = [
      { id: '0001_a', up: 'CREATE TABLE a (v TEXT)' },
      { id: '0002_b', up: (db: Db) => db.prepare("INSERT INTO a VALUES ('seeded')").run() },
    ];
    const first = openDatabase(dir, { driver });
    expect(first.driver).toBe(driver);
    expect(first.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(first.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    expect(runMigrations(first, migrations)).toEqual(['0001_a', '0002_b']);
    first.close();
    first.close(); // closing twice is harmless

    const second = openDatabase(dir, { driver });
    cleanups.push(() => second.close());
    expect(runMigrations(second, migrations)).toEqual([]);
    expect(second.prepare('SELECT v FROM a').all()).toEqual([{ v: 'seeded' }]);

    // A failing migration leaves nothing half-applied.
    expect(() => runMigrations(second, [...migrations, { id: '0003_bad', up: 'CREATE TABLE c (x); CREATE TABLE c (x)' }])).toThrow(
      /already exists/,
    );
    expect(second.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
    expect(second.prepare("SELECT id FROM schema_migrations WHERE id = '0003_bad'").get()).toBeUndefined();

    const reader = openSqlite(join(dir, DB_FILE), { driver, readonly: true });
    cleanups.push(() => reader.close());
    expect(reader.prepare('SELECT COUNT(*) AS n FROM a').get()).toEqual({ n: 1 });
    expect(() => reader.exec("INSERT INTO a VALUES ('no')")).toThrow(/readonly/);
  });

  it('has FTS5 full-text search', () => {
    const db = open(driver);
    db.exec("CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')");
    const add = db.prepare('INSERT INTO docs (title, body) VALUES (?, ?)');
    add.run('Head of Growth', 'Scaling café teams in Zürich');
    add.run('Engineer', 'Rust and SQLite');
    const hits = db.prepare("SELECT title FROM docs WHERE docs MATCH ? ORDER BY rank").all('cafe zurich');
    expect(hits).toEqual([{ title: 'Head of Growth' }]);
  });
});

describe('one database file, both drivers', () => {
  // The upgrade path: data written on Node 20 (better-sqlite3) is read on Node >= 22.13 (node:sqlite).
  // In-process when both drivers load here; otherwise from Node 20 through a newer Node binary
  // (OUTREACH_TEST_NODE24 / OUTREACH_TEST_NODE22, which CI sets).
  const both = availableDrivers().length === 2;
  const newerNode = process.env.OUTREACH_TEST_NODE24 ?? process.env.OUTREACH_TEST_NODE22;
  const viaNewerNode = !both && defaultDriver() === 'better-sqlite3' && newerNode !== undefined;

  it.skipIf(!both && !viaNewerNode)('node:sqlite reads and writes what better-sqlite3 wrote', async () => {
    const dir = tempDir();
    const migrations = [{ id: '0001_t', up: 'CREATE TABLE t (v TEXT NOT NULL)' }];
    const writer = openDatabase(dir, { driver: 'better-sqlite3' });
    runMigrations(writer, migrations);
    writer.prepare('INSERT INTO t VALUES (?)').run('from better-sqlite3');
    writer.close();

    if (both) {
      const reader = openDatabase(dir, { driver: 'node:sqlite' });
      cleanups.push(() => reader.close());
      expect(runMigrations(reader, migrations)).toEqual([]);
      expect(reader.prepare('SELECT v FROM t').all()).toEqual([{ v: 'from better-sqlite3' }]);
      return;
    }
    const { execFileSync } = await import('node:child_process');
    const dbModule = new URL('../../dist/service/store/db.js', import.meta.url).href;
    const script = `import('${dbModule}').then((m) => {
      const db = m.openDatabase(${JSON.stringify(dir)});
      const pending = m.runMigrations(db, ${JSON.stringify(migrations)});
      db.prepare('INSERT INTO t VALUES (?)').run('from node:sqlite');
      process.stdout.write(JSON.stringify({ driver: db.driver, pending, rows: db.prepare('SELECT v FROM t ORDER BY rowid').all() }));
      db.close();
    })`;
    const out = JSON.parse(execFileSync(newerNode!, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as unknown;
    expect(out).toEqual({ driver: 'node:sqlite', pending: [], rows: [{ v: 'from better-sqlite3' }, { v: 'from node:sqlite' }] });
    const back = openDatabase(dir, { driver: 'better-sqlite3' });
    cleanups.push(() => back.close());
    expect(back.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2 });
  });
});
