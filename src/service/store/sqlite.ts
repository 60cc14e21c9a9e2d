import { createRequire } from 'node:module';

/**
 * The one place that knows which SQLite driver runs the store. Node >= 22.13 has `node:sqlite`
 * built in (no native addon, so one install or bundle serves every OS and Node ABI); older Node
 * falls back to better-sqlite3, an optional dependency loaded only then. Everything else in the
 * project talks to the small `Db` / `Statement` interface below, which both drivers honour alike:
 * plain-object rows, undefined bound as NULL, nested transactions as savepoints, a 5 s busy timeout.
 */

export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement. Parameters are positional values or one object of named values (`@name` in SQL, `name` as key). */
export interface Statement<P extends unknown[] = unknown[], R = unknown> {
  run(...params: P): RunResult;
  get(...params: P): R | undefined;
  all(...params: P): R[];
  iterate(...params: P): IterableIterator<R>;
}

export interface Db {
  readonly driver: SqliteDriver;
  /** True inside `transaction(fn)` (or any open transaction). */
  readonly inTransaction: boolean;
  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R>;
  /** Runs one or more SQL statements that return nothing (DDL, PRAGMA settings). */
  exec(sql: string): void;
  /**
   * Wraps fn so that each call runs in one transaction: committed when fn returns, rolled back when
   * it throws. Called inside another transaction it becomes a savepoint, so an inner failure undoes
   * only its own writes.
   */
  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T;
  /** Closes the database; closing twice is harmless. */
  close(): void;
}

export interface OpenOptions {
  /** Force a driver (tests exercise both); by default node:sqlite when the runtime has it. */
  driver?: SqliteDriver;
  /** Open for reading only (the file must exist). */
  readonly?: boolean;
}

const require = createRequire(import.meta.url);
const BUSY_TIMEOUT_MS = 5000;

/** Opens a database file (or ':memory:') with the chosen or best available driver. */
export function openSqlite(path: string, options: OpenOptions = {}): Db {
  const driver = options.driver ?? defaultDriver();
  const readonly = options.readonly ?? false;
  const db = driver === 'node:sqlite' ? openNodeSqlite(path, readonly) : openBetterSqlite(path, readonly);
  // Both drivers wait the same for a busy writer (better-sqlite3's default; node:sqlite's is 0).
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

/** The driver openSqlite uses when none is asked for. */
export function defaultDriver(): SqliteDriver {
  if (loadNodeSqlite()) return 'node:sqlite';
  if (loadBetterSqlite()) return 'better-sqlite3';
  throw new Error(
    `no SQLite driver: Node ${process.version} has no node:sqlite (it needs Node >= 22.13) and the optional ` +
      'dependency better-sqlite3 is not installed; use Node >= 22.13, or run npm install --include=optional on this Node',
  );
}

/** Every driver this runtime can load (tests run the store checks against each). */
export function availableDrivers(): SqliteDriver[] {
  const found: SqliteDriver[] = [];
  if (loadNodeSqlite()) found.push('node:sqlite');
  if (loadBetterSqlite()) found.push('better-sqlite3');
  return found;
}

// ---------- node:sqlite ----------

interface NodeSqliteStatement {
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate?(...params: unknown[]): IterableIterator<unknown>;
  setAllowUnknownNamedParameters?(enabled: boolean): void;
}
interface NodeSqliteDatabase {
  prepare(sql: string): NodeSqliteStatement;
  exec(sql: string): void;
  close(): void;
  readonly isTransaction?: boolean;
}
interface NodeSqliteModule {
  DatabaseSync: new (path: string, options?: Record<string, unknown>) => NodeSqliteDatabase;
}

let nodeSqlite: NodeSqliteModule | null | undefined;

function loadNodeSqlite(): NodeSqliteModule | null {
  if (nodeSqlite !== undefined) return nodeSqlite;
  nodeSqlite = null;
  if (!hasStableNodeSqlite()) return null;
  // Node 22 and 24 print "ExperimentalWarning: SQLite is an experimental feature" when the module
  // loads. Silence exactly that one warning, only while loading it; every other warning still shows.
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]): void {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    nodeSqlite = require('node:sqlite') as NodeSqliteModule;
  } catch {
    nodeSqlite = null; // Built without it, or a flag is needed on this version.
  } finally {
    process.emitWarning = emitWarning;
  }
  return nodeSqlite;
}

/** node:sqlite works without a flag from Node 22.13 on. */
function hasStableNodeSqlite(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

function isSqliteExperimentalWarning(warning: string | Error, typeOrOptions: unknown): boolean {
  const message = typeof warning === 'string' ? warning : warning.message;
  const type =
    typeof warning !== 'string'
      ? warning.name
      : typeof typeOrOptions === 'string'
        ? typeOrOptions
        : (typeOrOptions as { type?: string } | undefined)?.type;
  return type === 'ExperimentalWarning' && /\bSQLite\b/.test(message);
}

function openNodeSqlite(path: string, readOnly: boolean): Db {
  const sqlite = loadNodeSqlite();
  if (!sqlite) throw new Error(`node:sqlite is not available on Node ${process.version} (it needs Node >= 22.13)`);
  // Same settings better-sqlite3 is compiled with: foreign keys on, no "double-quoted" strings.
  const raw = new sqlite.DatabaseSync(path, {
    readOnly,
    enableForeignKeyConstraints: true,
    enableDoubleQuotedStringLiterals: false,
  });
  return new NodeSqliteDb(raw);
}

class NodeSqliteDb implements Db {
  readonly driver = 'node:sqlite' as const;
  private depth = 0;
  private closed = false;

  constructor(private readonly raw: NodeSqliteDatabase) {}

  get inTransaction(): boolean {
    return this.raw.isTransaction ?? this.depth > 0;
  }

  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> {
    const statement = this.raw.prepare(sql);
    // better-sqlite3 ignores object keys the SQL does not name; so do we, where this Node allows it.
    statement.setAllowUnknownNamedParameters?.(true);
    return new NodeSqliteStatementAdapter<P, R>(statement);
  }

  exec(sql: string): void {
    this.raw.exec(sql);
  }

  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
    return (...args: A): T => {
      const nested = this.inTransaction;
      this.raw.exec(nested ? 'SAVEPOINT outreach_nested' : 'BEGIN');
      this.depth++;
      try {
        const result = fn(...args);
        if (result && typeof (result as { then?: unknown }).then === 'function') {
          throw new TypeError('transaction function cannot return a promise');
        }
        this.raw.exec(nested ? 'RELEASE outreach_nested' : 'COMMIT');
        return result;
      } catch (err) {
        // SQLite may already have rolled back on its own (e.g. disk full); then there is nothing to undo.
        if (this.inTransaction) {
          try {
            this.raw.exec(nested ? 'ROLLBACK TO outreach_nested' : 'ROLLBACK');
            if (nested) this.raw.exec('RELEASE outreach_nested');
          } catch {
            // The original error is the one worth reporting.
          }
        }
        throw err;
      } finally {
        this.depth--;
      }
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.raw.close();
  }
}

class NodeSqliteStatementAdapter<P extends unknown[], R> implements Statement<P, R> {
  constructor(private readonly raw: NodeSqliteStatement) {}

  run(...params: P): RunResult {
    return this.raw.run(...bindable(params));
  }

  get(...params: P): R | undefined {
    const row = this.raw.get(...bindable(params));
    return row === undefined ? undefined : plain(row);
  }

  all(...params: P): R[] {
    return this.raw.all(...bindable(params)).map((row) => plain<R>(row));
  }

  *iterate(...params: P): IterableIterator<R> {
    if (this.raw.iterate) {
      for (const row of this.raw.iterate(...bindable(params))) yield plain<R>(row);
    } else {
      yield* this.all(...params);
    }
  }
}

/** node:sqlite rows have a null prototype; the rest of the code (and tests) expect ordinary objects. */
function plain<R>(row: unknown): R {
  return { ...(row as object) } as R;
}

/** better-sqlite3 binds undefined as NULL; node:sqlite refuses it. Keep the better-sqlite3 rule. */
function bindable(params: unknown[]): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    let fixed = value;
    if (value === undefined) fixed = null;
    else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) fixed = namedBindable(value as Record<string, unknown>);
    if (fixed !== value) {
      out ??= params.slice();
      out[i] = fixed;
    }
  }
  return out ?? params;
}

function namedBindable(values: Record<string, unknown>): Record<string, unknown> {
  for (const key in values) {
    if (values[key] === undefined) {
      const copy: Record<string, unknown> = {};
      for (const k in values) copy[k] = values[k] === undefined ? null : values[k];
      return copy;
    }
  }
  return values;
}

// ---------- better-sqlite3 (Node 20 fallback) ----------

interface BetterSqliteDatabase {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  transaction<F extends (...args: never[]) => unknown>(fn: F): F;
  close(): unknown;
  readonly inTransaction: boolean;
}
type BetterSqliteConstructor = new (path: string, options?: { readonly?: boolean }) => BetterSqliteDatabase;

let betterSqlite: BetterSqliteConstructor | null | undefined;

function loadBetterSqlite(): BetterSqliteConstructor | null {
  if (betterSqlite !== undefined) return betterSqlite;
  try {
    // A plain string would let bundlers and type checks insist on it; it is optional by design.
    const name = 'better-sqlite3';
    const Database = require(name) as BetterSqliteConstructor;
    // Its native addon loads on first open; one built for another Node ABI fails only then.
    new Database(':memory:').close();
    betterSqlite = Database;
  } catch {
    betterSqlite = null;
  }
  return betterSqlite;
}

function openBetterSqlite(path: string, readonly: boolean): Db {
  const Database = loadBetterSqlite();
  if (!Database) {
    throw new Error(`better-sqlite3 is not installed (it is optional, for Node < 22.13); Node ${process.version} cannot open the store without it`);
  }
  return new BetterSqliteDb(new Database(path, { readonly }));
}

/** Thin pass-through: better-sqlite3 already behaves as the interface describes. */
class BetterSqliteDb implements Db {
  readonly driver = 'better-sqlite3' as const;
  constructor(private readonly raw: BetterSqliteDatabase) {}

  get inTransaction(): boolean {
    return this.raw.inTransaction;
  }

  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> {
    return this.raw.prepare(sql) as unknown as Statement<P, R>;
  }

  exec(sql: string): void {
    this.raw.exec(sql);
  }

  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
    return this.raw.transaction(fn);
  }

  close(): void {
    this.raw.close();
  }
}
