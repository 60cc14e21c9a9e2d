import { accountViews } from '../../../../src/service/domain/views.js';
import { openSqlite, type Db } from '../../../../src/service/store/sqlite.js';
import { endpointById, summarizeIssues, validate } from '../../../../src/contract/index.js';
import { actionsModule, createNetworkState } from '../../../../src/service/domain/actions/index.js';
import { DomainError, type ActingAccount, type DomainCall, type DomainDeps } from '../../../../src/service/domain/context.js';
import { ManualClock } from '../../../../src/util/clock.js';
import { createLogger } from '../../../../src/util/logger.js';
import { type Person } from '../../../../src/service/world/index.js';
import { simAccountsMigrations } from '../../../../src/service/domain/sim-accounts.js';
import { createHarness, testWorld, type EmittedEvent, type Harness } from '../harness.js';

/** The harness with this module's tables and its overlay-aware network wired in, as the service wires it. */
export function actionsHarness(now?: number): Harness {
  return createHarness({
    migrations: actionsModule.migrations,
    network: createNetworkState,
    ...(now === undefined ? {} : { now }),
  });
}

/** First world person (in world order) matching `ok`. */
export function personWhere(ok: (p: Person) => boolean): Person {
  const found = testWorld().people.find(ok);
  if (!found) throw new Error('no person in the test world matches');
  return found;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function eventsOf(h: { events: EmittedEvent[] }, name: string): EmittedEvent[] {
  return h.events.filter((e) => e.event === name);
}

/**
 * A harness over a file database, so a test can close it and open it again
 * the way the service restarts (createHarness supports :memory: only).
 */
export interface FileHarness {
  deps: DomainDeps;
  clock: ManualClock;
  db: Db;
  events: EmittedEvent[];
  call<T = Record<string, unknown>>(id: string, account: ActingAccount, input: Record<string, unknown>): T;
  close(): void;
}

export function openFileHarness(file: string, now: number): FileHarness {
  const db = openSqlite(file);
  db.exec('PRAGMA journal_mode = WAL');
  for (const m of [...actionsModule.migrations, ...simAccountsMigrations]) {
    if (typeof m.up === 'string') db.exec(m.up);
    else m.up(db);
  }
  const clock = new ManualClock(now);
  const events: EmittedEvent[] = [];
  const base: Omit<DomainDeps, 'network'> = {
    db,
    clock,
    world: testWorld,
    view: accountViews(testWorld),
    emit: (userId, accountId, event, data) => events.push({ userId, accountId, event, data }),
    recordUsage: () => {},
    logger: createLogger('test', 'silent'),
  };
  const deps: DomainDeps = { ...base, network: createNetworkState(base) };
  return {
    deps,
    clock,
    db,
    events,
    call<T>(id: string, account: ActingAccount, input: Record<string, unknown>): T {
      const handler = actionsModule.handlers.get(id);
      const entry = endpointById(id);
      if (!handler || !entry) throw new Error(`no handler or entry ${id}`);
      const parsed = validate(entry.input, input);
      if (!parsed.success) throw new Error(`invalid input for ${id}: ${summarizeIssues(parsed.issues)}`);
      const call: DomainCall<Record<string, unknown>> = { account, input: parsed.data as Record<string, unknown> };
      const output = db.transaction(() => handler(deps, call))();
      const checked = validate(entry.output, output);
      if (!checked.success) throw new Error(`output of ${id} breaks its schema: ${summarizeIssues(checked.issues)}`);
      return output as T;
    },
    close: () => db.close(),
  };
}

/** Runs fn and returns the DomainError it throws (fails the test otherwise). */
export function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError, but the call succeeded');
}
