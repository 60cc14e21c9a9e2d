import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { z } from 'zod';
import { endpoint, type AnyEndpoint, type LimitGroup } from '../../../src/contract/endpoint.js';
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

const annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/** Endpoint entries shaped like the spec's, local so these tests do not depend on the full table. */
function fixture(id: string, path: string, group: LimitGroup, quota?: string[]): AnyEndpoint {
  return endpoint({
    id,
    tool: `fixture_${id.toLowerCase()}`,
    title: id,
    method: 'POST',
    path,
    group,
    ...(quota ? { quota } : {}),
    toolset: 'actions',
    annotations,
    description: 'test fixture',
    input: z.object({ url: z.string().optional() }),
    output: z.object({}),
  });
}

export const E = {
  connect: fixture('B3', '/connect', 'write', ['CONNECT']),
  sendMessage: fixture('D11', '/messaging/send', 'write', ['MESSAGE']),
  searchPeople: fixture('G4', '/search/people', 'search', ['SEARCH_PEOPLE']),
  searchCompanies: fixture('G2', '/search/companies', 'search', ['SEARCH_COMPANIES']),
  searchPostsV2: fixture('E12', '/search/posts/v2', 'search', ['SEARCH_POSTS_V2']),
  profile: fixture('F3', '/profile', 'profile', ['PROFILE_VIEW']),
  postComments: fixture('E5', '/posts/comments', 'content'),
  accountStatus: fixture('A2', '/account/{accountId}/status', 'account'),
  quota: fixture('A7', '/account/{accountId}/quota', 'account'),
  conversations: fixture('C5', '/conversations', 'inbox'),
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
  const db = new Database(opts.file ?? ':memory:');
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
