import { openSqlite, type Db } from '../../../src/service/store/sqlite.js';
import { endpointById, summarizeIssues, validate } from '../../../src/contract/index.js';
import { ManualClock } from '../../../src/util/clock.js';
import { createLogger } from '../../../src/util/logger.js';
import type { ActingAccount, DomainCall, DomainDeps, DomainModule, NetworkState } from '../../../src/service/domain/context.js';
import { accountViews } from '../../../src/service/domain/views.js';
import { worldNetwork } from '../../../src/service/domain/world-network.js';

export { worldNetwork };
import type { Migration } from '../../../src/service/store/migration.js';
import { simAccountsMigrations } from '../../../src/service/domain/sim-accounts.js';
import { generateWorld, type World } from '../../../src/service/world/index.js';

/**
 * Domain handlers tested without HTTP: an in-memory database with the
 * module's migrations, a ManualClock, one shared world, captured events.
 */

export const WORLD_SEED = 'domain-tests';
/** The world's epoch: its history ends here; tests start one hour later. */
export const EPOCH = Date.parse('2026-01-05T00:00:00.000Z');

let sharedWorld: World | undefined;
export function testWorld(): World {
  sharedWorld ??= generateWorld(WORLD_SEED, { epochMs: EPOCH });
  return sharedWorld;
}

function account(id: string, firstName: string, lastName: string, plan: Partial<ActingAccount>): ActingAccount {
  return {
    id,
    userId: 'user-demo',
    firstName,
    lastName,
    publicId: `${firstName}-${lastName}`.toLowerCase(),
    status: 'AVAILABLE',
    premiumType: 'NON_PREMIUM',
    isPremium: false,
    hasSalesNavigator: false,
    hasRecruiter: false,
    hasAwayMessages: false,
    hasAdvertiseBadge: false,
    hasHiringManager: false,
    ...plan,
  };
}

export const ACCOUNTS = {
  salesNav: account('5a1e5a1e5a1e5a1e5a1e0001', 'Sally', 'Seller', {
    premiumType: 'SALES_NAVIGATOR',
    isPremium: true,
    hasSalesNavigator: true,
  }),
  business: account('b0b0b0b0b0b0b0b0b0b00002', 'Bea', 'Business', {
    premiumType: 'BUSINESS_PREMIUM',
    isPremium: true,
    hasAwayMessages: true,
  }),
  recruiter: account('7ec7ec7ec7ec7ec7ec7e0003', 'Rick', 'Recruiter', {
    premiumType: 'RECRUITER',
    isPremium: true,
    hasRecruiter: true,
    hasHiringManager: true,
  }),
  free: account('f7eef7eef7eef7eef7ee0004', 'Fred', 'Free', {}),
} as const;

export interface EmittedEvent {
  userId: string;
  accountId: string;
  event: string;
  data: Record<string, unknown>;
}

export interface Harness {
  deps: DomainDeps;
  clock: ManualClock;
  db: Db;
  events: EmittedEvent[];
  usage: Array<{ accountId: string; feature: string }>;
  /**
   * Calls a module's handler by endpoint id as the pipeline would: input parsed
   * by the entry's schema (defaults applied), output checked against its schema.
   */
  call<T = Record<string, unknown>>(module: DomainModule, id: string, account: ActingAccount, input: Record<string, unknown>): T;
}

export function createHarness(options: {
  migrations?: Migration[];
  network?: (deps: Omit<DomainDeps, 'network'>) => NetworkState;
  now?: number;
} = {}): Harness {
  const db = openSqlite(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  // The simulation's account registry is shared by every module.
  for (const m of [...(options.migrations ?? []), ...simAccountsMigrations].sort((a, b) => a.id.localeCompare(b.id))) {
    if (typeof m.up === 'string') db.exec(m.up);
    else m.up(db);
  }
  const clock = new ManualClock(options.now ?? EPOCH + 3_600_000);
  const events: EmittedEvent[] = [];
  const usage: Array<{ accountId: string; feature: string }> = [];
  const view = accountViews(testWorld);
  const base: Omit<DomainDeps, 'network'> = {
    db,
    clock,
    world: testWorld,
    view,
    emit: (userId, accountId, event, data) => events.push({ userId, accountId, event, data }),
    recordUsage: (accountId, feature) => usage.push({ accountId, feature }),
    logger: createLogger('test', 'silent'),
  };
  const deps: DomainDeps = { ...base, network: options.network ? options.network(base) : worldNetwork(view) };
  return {
    deps,
    clock,
    db,
    events,
    usage,
    call<T>(module: DomainModule, id: string, acting: ActingAccount, input: Record<string, unknown>): T {
      const handler = module.handlers.get(id);
      if (!handler) throw new Error(`module ${module.name} has no handler for ${id}`);
      const entry = endpointById(id);
      if (!entry) throw new Error(`no contract entry ${id}`);
      const parsed = validate(entry.input, input);
      if (!parsed.success) throw new Error(`invalid input for ${id}: ${summarizeIssues(parsed.issues)}`);
      const call: DomainCall<Record<string, unknown>> = { account: acting, input: parsed.data as Record<string, unknown> };
      const output = db.transaction(() => handler(deps, call))();
      const checked = validate(entry.output, output);
      if (!checked.success) throw new Error(`output of ${id} breaks its schema: ${summarizeIssues(checked.issues)}`);
      return output as T;
    },
  };
}
