import { openSqlite, type Db } from '../../../src/service/store/sqlite.js';
import { endpointById, type AnyEndpoint } from '../../../src/contract/index.js';
import type { GovernContext } from '../../../src/service/governor.js';
import type { Migration } from '../../../src/service/store/migration.js';
import { createGovernor, limitsMigrations, type LimitsGovernor, type Plan } from '../../../src/service/limits/index.js';
import { ManualClock } from '../../../src/util/clock.js';
import { createLogger } from '../../../src/util/logger.js';

/** Stand-in for the real migration runner: applies migrations in id order. */
export function applyMigrations(db: Db, migrations: readonly Migration[]): void {
  for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    if (typeof m.up === 'string') db.exec(m.up);
    else m.up(db);
  }
}

const entry = (id: string): AnyEndpoint => {
  const e = endpointById(id);
  if (!e) throw new Error(`no contract entry ${id}`);
  return e;
};

/** The real contract entries these tests exercise. */
export const E = {
  connect: entry('B3'),
  sendMessage: entry('D11'),
  searchPeople: entry('G4'),
  searchCompanies: entry('G2'),
  searchPostsV2: entry('E12'),
  profile: entry('F3'),
  postComments: entry('E5'),
  accountStatus: entry('A2'),
  quota: entry('A7'),
  conversations: entry('C5'),
} as const;

export const ACCOUNT_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const ACCOUNT_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
export const USER_1 = 'user-1';
export const USER_2 = 'user-2';

export function ctx(
  e: AnyEndpoint,
  opts: { accountId?: string; userId?: string; input?: Record<string, unknown> } = {},
): GovernContext {
  return { userId: opts.userId ?? USER_1, accountId: opts.accountId ?? ACCOUNT_A, endpoint: e, input: opts.input ?? {} };
}

export interface Setup {
  db: Db;
  clock: ManualClock;
  governor: LimitsGovernor;
}

const quietLogger = createLogger('limits-test', 'silent');

export function setup(
  opts: { start?: string; file?: string; plans?: Record<string, Plan>; reservationTtlMs?: number; clock?: ManualClock } = {},
): Setup {
  const db = openSqlite(opts.file ?? ':memory:');
  applyMigrations(db, limitsMigrations);
  return { db, ...governorOn(db, opts) };
}

/** A governor on an already migrated database (e.g. after reopening a file). */
export function governorOn(
  db: Db,
  opts: { start?: string; plans?: Record<string, Plan>; reservationTtlMs?: number; clock?: ManualClock } = {},
): { clock: ManualClock; governor: LimitsGovernor } {
  const clock = opts.clock ?? new ManualClock(opts.start ?? '2026-01-05T00:00:00.000Z');
  const plans = opts.plans ?? {};
  const governor = createGovernor({
    db,
    clock,
    planFor: (userId) => plans[userId] ?? 'standard',
    logger: quietLogger,
    ...(opts.reservationTtlMs !== undefined ? { reservationTtlMs: opts.reservationTtlMs } : {}),
  });
  return { clock, governor };
}

/** One successful call: admit must pass, then the 2xx is committed. */
export function succeed(governor: LimitsGovernor, c: GovernContext): Record<string, string> {
  const d = governor.admit(c);
  if (!d.ok) throw new Error(`expected admission, got ${d.status}: ${d.body.error}`);
  governor.commit(c);
  return d.headers;
}

/** Unix seconds of an ISO instant. */
export const unix = (iso: string): string => String(Date.parse(iso) / 1000);
