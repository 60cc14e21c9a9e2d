import type { Express } from 'express';
import { ENDPOINTS } from '../contract/index.js';
import { systemClock, type Clock } from '../util/clock.js';
import { createLogger, type Logger } from '../util/logger.js';
import { KeyStore } from './accounts/keys.js';
import { createHealthGate } from './accounts/health-gate.js';
import { AccountHealth, type StatusChange } from './accounts/health.js';
import { AccountRepo } from './accounts/repo.js';
import { DEMO_USER_ID, seedDemoTenant } from './accounts/seed.js';
import { AuditLog } from './audit/log.js';
import { coreHandlers } from './core-handlers.js';
import type { DomainDeps } from './domain/context.js';
import { DOMAIN_MODULES } from './domain/modules.js';
import { accountViews } from './domain/views.js';
import { createNetworkState } from './domain/actions/index.js';
import { worldNetwork } from './domain/world-network.js';
import { createApp } from './http/app.js';
import type { RouteHandler } from './http/pipeline.js';
import { IdempotencyStore } from './idempotency/store.js';
import { createGovernor, type LimitsGovernor } from './limits/index.js';
import { ALL_MIGRATIONS } from './store/schema.js';
import { ensureMeta, getMeta, openDatabase, runMigrations, type Db } from './store/db.js';
import { ACCOUNT_STATUS_CHANGED, WebhookDispatcher, WebhookStore, createWebhooksRouter, type WebhookPayload } from './webhooks/index.js';
import { DEFAULT_EPOCH_MS, DEFAULT_PEOPLE, generateWorld, loadWorldSnapshot, readWorldSnapshot, saveWorldSnapshot, worldSnapshotFile, type World } from './world/index.js';
import { resumeSimulatedClock } from './sim-clock.js';

export const DEFAULT_SEED = 'outreach';

export interface ServiceOptions {
  /** Directory of outreach.db, or ':memory:'. */
  dataDir: string;
  /** World seed; fixed at first start of a data directory. */
  seed?: string;
  /**
   * The start-up key of the demo user (stored as a hash); default: the
   * installation's demo JWT. Either way it revokes the one the previous start installed.
   */
  apiKey?: string;
  /** The clock; with timeScale, the real clock simulated time runs on. */
  clock?: Clock;
  /**
   * Simulated time runs this many times faster than the clock (--time-scale),
   * resuming where the previous run on this data directory left it. Network
   * timeouts and webhook retry delays stay real time.
   */
  timeScale?: number;
  logger?: Logger;
  /** Every webhook event the service raises, as sent (for the MCP events resource). */
  onEvent?: (payload: WebhookPayload) => void;
  /** Real milliseconds between runs of simulated activity; 0 turns it off (tests drive runActivity). */
  activityIntervalMs?: number;
}

export interface Service {
  app: Express;
  db: Db;
  clock: Clock;
  apiKey: string;
  keys: KeyStore;
  accounts: AccountRepo;
  governor: LimitsGovernor;
  webhooks: WebhookDispatcher;
  deps: DomainDeps;
  /** Runs every module's due simulated activity now (the timer calls this too). */
  runActivity(): void;
  /**
   * Builds the world and each account's view now, one piece per turn of the
   * event loop (setImmediate), so the first call does not pay for them and
   * requests already waiting are answered between pieces.
   */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where the data directory's world sits in time. The epoch (first start) only
 * moves timestamps; contents and ids come from the anchor, the same for every
 * new data directory (DEFAULT_EPOCH_MS), so one seed is one world everywhere.
 * A data directory created before anchors existed keeps its epoch as anchor:
 * its stored invitations, messages and reactions name ids of that world.
 */
export function worldTimes(db: Db, nowMs: number): { epochMs: number; anchorMs: number } {
  const existing = getMeta(db, 'world_epoch');
  const epochMs = Number(ensureMeta(db, 'world_epoch', () => String(nowMs)));
  const anchorMs = Number(ensureMeta(db, 'world_anchor', () => String(existing === undefined ? DEFAULT_EPOCH_MS : epochMs)));
  return { epochMs, anchorMs };
}

/** Builds the whole embedded service on one database; nothing listens yet. */
export async function createService(opts: ServiceOptions): Promise<Service> {
  const logger = opts.logger ?? createLogger('service');
  const db = openDatabase(opts.dataDir);
  runMigrations(db, ALL_MIGRATIONS);
  const simulated = opts.timeScale !== undefined ? resumeSimulatedClock(db, opts.clock ?? systemClock, opts.timeScale) : undefined;
  const clock = simulated?.clock ?? opts.clock ?? systemClock;

  const seed = ensureMeta(db, 'world_seed', () => opts.seed ?? DEFAULT_SEED);
  if (opts.seed !== undefined && opts.seed !== seed) {
    simulated?.stop();
    db.close();
    throw new Error(`this data directory holds the world of seed "${seed}"; use that seed or another --data-dir`);
  }
  const { epochMs, anchorMs } = worldTimes(db, clock.now());
  seedDemoTenant(db, clock.now());

  const keys = new KeyStore(db, () => clock.now());
  let apiKey: string;
  try {
    apiKey = await keys.startupKey(DEMO_USER_ID, clock.now(), opts.apiKey);
  } catch (err) {
    simulated?.stop();
    db.close();
    throw err;
  }
  const accounts = new AccountRepo(db);
  // Status changes reach webhooks once the dispatcher exists (below).
  let announce: (change: StatusChange) => void = () => {};
  const health = new AccountHealth(db, (change) => announce(change));
  const governor = createGovernor({
    db,
    clock,
    planFor: (userId) => accounts.planOf(userId),
    limitOf: (accountId, rule, now) => health.limitOf(accountId, rule, now),
    logger,
  });

  // The world of this data directory: loaded from its snapshot when one matches, else generated (and saved by warmUp).
  const snapshotFile = worldSnapshotFile(opts.dataDir);
  const snapshotKey = { seed, people: DEFAULT_PEOPLE, anchorMs, epochMs };
  let world: World | undefined;
  let unsaved = false;
  // Read and decompressed off the main thread while start-up goes on; warmUp waits for it, then parses.
  let prefetched: Buffer | undefined;
  const prefetch = snapshotFile ? readWorldSnapshot(snapshotFile).then((bytes) => void (prefetched = world ? undefined : bytes)) : Promise.resolve();
  const getWorld = (): World => {
    if (world) return world;
    const loaded = snapshotFile ? loadWorldSnapshot(snapshotFile, snapshotKey, prefetched) : undefined;
    prefetched = undefined;
    unsaved = snapshotFile !== undefined && !loaded;
    world = loaded ?? generateWorld(seed, { epochMs, anchorMs });
    return world;
  };
  const view = accountViews(getWorld);

  const webhookStore = new WebhookStore(db);
  const webhooks = new WebhookDispatcher({ store: webhookStore, clock, logger });

  const deps: DomainDeps = {
    db,
    clock,
    world: getWorld,
    view,
    // Replaced just below by the overlay-aware state (it needs the other deps).
    network: worldNetwork(view),
    emit(userId, accountId, event, data) {
      webhooks.emitEvent(userId, accountId, event, data as never);
      opts.onEvent?.({ event, timestamp: new Date(clock.now()).toISOString(), data: { ...data, accountId } });
    },
    recordUsage: (accountId, feature) => governor.recordUsage(accountId, feature, 'service'),
    logger,
  };

  deps.network = createNetworkState(deps);
  announce = (c) => deps.emit(c.userId, c.accountId, ACCOUNT_STATUS_CHANGED, { status: c.status, previousStatus: c.previousStatus, reason: c.reason, until: c.until });

  // When the latest call came in (performance.now()): warm-up builds the later views when calls pause.
  let lastCallAt = 0;
  const handlers = coreHandlers(accounts, governor);
  for (const module of DOMAIN_MODULES) {
    for (const [id, handler] of module.handlers) {
      if (handlers.has(id)) throw new Error(`endpoint ${id} has two handlers (${module.name})`);
      const route: RouteHandler = ({ account, input }) => handler(deps, { account: account!, input });
      handlers.set(id, route);
    }
  }

  const app = createApp({
    db,
    clock,
    logger,
    keys,
    accounts,
    governor,
    idempotency: new IdempotencyStore(db, () => clock.now()),
    audit: new AuditLog(db, () => clock.now()),
    health: createHealthGate(health, governor, clock),
    endpoints: ENDPOINTS,
    handlerFor: (id) => {
      lastCallAt = performance.now();
      return handlers.get(id);
    },
    routers: {
      // The router's own paths start with /webhooks.
      '/': createWebhooksRouter({
        dispatcher: webhooks,
        userIdOf: (_req, res) => res.locals.userId as string | undefined,
        allowLoopback: true,
        logger,
      }),
    },
  });

  let saving: Promise<void> | undefined;
  const keepWorld = (): Promise<void> => {
    if (unsaved && snapshotFile && world) {
      unsaved = false;
      saving = saveWorldSnapshot(snapshotFile, snapshotKey, world).then(
        () => undefined,
        (err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not save the world snapshot; the next start generates it again'),
      );
    }
    return saving ?? Promise.resolve();
  };

  let accountsAnnounced = false;
  // While warm-up builds the world and the views, the timer leaves them to it (its first run needs every view).
  let warming = false;
  const runActivity = (): void => {
    // First run (not at start-up, which must stay fast): modules learn every account.
    if (!accountsAnnounced) {
      accountsAnnounced = true;
      for (const account of accounts.all()) {
        for (const module of DOMAIN_MODULES) if (module.onAccount) db.transaction(() => module.onAccount!(deps, account))();
      }
    }
    try {
      db.transaction(() => health.settleAll(clock.now()))();
    } catch (err) {
      logger.error({ module: 'health', err: err instanceof Error ? err.message : String(err) }, 'account health run failed');
    }
    for (const module of DOMAIN_MODULES) {
      if (!module.runDue) continue;
      try {
        db.transaction(() => module.runDue!(deps, clock.now()))();
      } catch (err) {
        logger.error({ module: module.name, err: err instanceof Error ? err.message : String(err) }, 'simulated activity failed');
      }
    }
  };

  let closed = false;
  webhooks.start();
  const interval = opts.activityIntervalMs ?? 1000;
  const timer = interval > 0 ? setInterval(() => warming || runActivity(), interval) : undefined;
  timer?.unref();

  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    clock,
    apiKey,
    keys,
    accounts,
    governor,
    webhooks,
    deps,
    runActivity,
    async warmUp() {
      const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
      warming = true;
      try {
        await prefetch;
        await nextTurn();
        if (closed) return;
        getWorld();
        // The first account's view at once (first calls need it), then each other one when calls pause
        // (~0.1 s each: a session's first calls must not wait behind them), all of them within ~3 s,
        // since simulated activity waits for the warm-up.
        const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
        const deadline = performance.now() + 3000;
        const quiet = async (): Promise<void> => {
          do await sleep(50);
          while (performance.now() - lastCallAt < 250 && performance.now() < deadline);
        };
        let pause = nextTurn;
        for (const account of accounts.all()) {
          await pause();
          pause = quiet;
          if (closed) return;
          view(account);
        }
      } finally {
        warming = false;
      }
      // A generated world is kept for the next start, a part per turn, once the views are built.
      await keepWorld();
    },
    close() {
      closed = true;
      // Once: a second call waits for the first.
      closing ??= (async () => {
        if (timer) clearInterval(timer);
        // A world generated in this run is saved before exit (a session shorter than the warm-up included).
        await keepWorld();
        await webhooks.stop();
        simulated?.stop();
        db.close();
      })();
      return closing;
    },
  };
}
