/**
 * outreach-mcp webhooks: manage webhook subscriptions directly in the data
 * directory's SQLite file (works whether or not the service is running).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { summarizeIssues, validate } from '../contract/validation.js';
import { DEMO_USER_ID } from '../service/webhooks/ids.js';
import { applyWebhooksMigrations } from '../service/webhooks/migrations.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from '../service/webhooks/retry-policy.js';
import { sendSigned } from '../service/webhooks/sender.js';
import { WebhookStore } from '../service/webhooks/store.js';
import { openSqlite } from '../service/store/sqlite.js';
import { createSubscription, createWebhookInput, publicView, redeliver, type SubscriptionServiceDeps } from '../service/webhooks/subscriptions.js';
import { systemClock, type Clock } from '../util/clock.js';
import { defaultDataDir } from '../util/data-dir.js';
import { createLogger } from '../util/logger.js';

/** The service's SQLite file inside the data directory. */
export const DB_FILE = 'outreach.db';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
};

export const HELP = `Usage: outreach-mcp webhooks <command> [options]

Manage signed webhooks of the embedded service (see docs/webhooks.md).

Commands:
  add --url URL --events E1,E2 [--description TEXT]
                         Verify the endpoint (a signed webhook.verification POST
                         must answer 2xx within 10 s), save it and print its
                         signing secret, which is shown only this once.
  list                   List the user's webhooks (no secrets).
  remove <id>            Delete a webhook; its pending deliveries stop.
  deliveries <id> [--limit N]
                         Recent delivery attempts of one webhook, newest first
                         (N 1-100, default 20).
  deliveries --failed [<id>] [--limit N]
                         Deliveries that exhausted their retries (of all the
                         user's webhooks, or of one), newest first, each with
                         every attempt.
  redeliver <deliveryId> Send a failed (or delivered) delivery once more, now,
                         with the same webhook-id and body; exits 1 unless the
                         receiver answers 2xx within 10 s.

Options:
  --data-dir DIR         Data directory (default: ${'$'}OUTREACH_DATA_DIR or the per-user data dir)
  --user ID              User the webhooks belong to (default: ${DEMO_USER_ID})
  --json                 Print JSON instead of text
  -h, --help             Show this help

Events: connection.accepted, message.received, post.commented, profile.viewed, lead.captured
`;

class UsageError extends Error {}

export async function run(argv: string[]): Promise<void> {
  process.exitCode = await runWebhooksCommand(argv);
}

/** Runs one webhooks command; returns the exit code (0 ok, 1 failed, 2 usage). */
export async function runWebhooksCommand(argv: string[], io: CliIo = processIo, clock: Clock = systemClock): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        events: { type: 'string' },
        description: { type: 'string' },
        limit: { type: 'string' },
        failed: { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        user: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    io.err(`outreach-mcp webhooks: ${err instanceof Error ? err.message : String(err)}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (values.help || command === undefined || command === 'help') {
    (command === undefined && !values.help ? io.err : io.out)(HELP);
    return command === undefined && !values.help ? 2 : 0;
  }
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const userId = values.user ?? DEMO_USER_ID;
  const ctx: Ctx = { io, clock, dataDir, userId, json: values.json ?? false };
  try {
    switch (command) {
      case 'add':
        return await add(ctx, values.url, values.events, values.description);
      case 'list':
        return list(ctx);
      case 'remove':
        return remove(ctx, one(args, 'remove <id>'));
      case 'deliveries':
        if (values.failed) return failedDeliveries(ctx, args, values.limit);
        return deliveries(ctx, one(args, 'deliveries <id>'), values.limit);
      case 'redeliver':
        return await redeliverOne(ctx, one(args, 'redeliver <deliveryId>'));
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`outreach-mcp webhooks: ${err.message}\n\n${HELP}`);
      return 2;
    }
    throw err;
  }
}

interface Ctx {
  io: CliIo;
  clock: Clock;
  dataDir: string;
  userId: string;
  json: boolean;
}

function one(args: string[], usage: string): string {
  if (args.length !== 1 || !args[0]) throw new UsageError(`expected exactly one webhook id: ${usage}`);
  return args[0];
}

/** Opens (creating when asked) the data directory's database with the webhook tables. */
/** What sending from the CLI needs (add verifies, redeliver resends): the store, the clock, a logger and a signed sender on its own connection pool, closed with close(). */
function senderDeps(ctx: Ctx, store: WebhookStore): { deps: SubscriptionServiceDeps; close(): Promise<void> } {
  const http = new Agent({ keepAliveTimeout: 1_000 });
  return {
    deps: {
      store,
      clock: ctx.clock,
      logger: createLogger('webhooks-cli', process.env.OUTREACH_LOG_LEVEL ?? 'warn'),
      send: (s) => sendSigned(s, { clock: ctx.clock, timeoutMs: DEFAULT_ATTEMPT_TIMEOUT_MS, dispatcher: http }),
    },
    close: () => http.close(),
  };
}

function openStore(ctx: Ctx, create: boolean): { store: WebhookStore; close(): void } | undefined {
  const file = join(ctx.dataDir, DB_FILE);
  if (!create && !existsSync(file)) return undefined;
  mkdirSync(ctx.dataDir, { recursive: true });
  const db = openSqlite(file);
  db.exec('PRAGMA journal_mode = WAL');
  applyWebhooksMigrations(db);
  return { store: new WebhookStore(db), close: () => db.close() };
}

async function add(ctx: Ctx, url: string | undefined, events: string | undefined, description: string | undefined): Promise<number> {
  if (url === undefined || events === undefined) throw new UsageError('add needs --url and --events');
  // The CLI is run by the machine's owner: loopback and LAN receivers are fine.
  const input = validate(createWebhookInput({ allowLoopback: true, allowPrivateNetworks: true }), {
    url,
    events: events.split(',').map((e) => e.trim()).filter((e) => e !== ''),
    ...(description !== undefined ? { description } : {}),
  });
  if (!input.success) {
    ctx.io.err(`outreach-mcp webhooks add: ${summarizeIssues(input.issues)}\n`);
    return 2;
  }
  const opened = openStore(ctx, true)!;
  const { deps, close } = senderDeps(ctx, opened.store);
  try {
    const outcome = await createSubscription(
      deps,
      ctx.userId,
      input.data,
    );
    if (!outcome.ok) {
      ctx.io.err(`outreach-mcp webhooks add: ${outcome.error}\n`);
      return 1;
    }
    const w = outcome.webhook;
    if (ctx.json) ctx.io.out(JSON.stringify(w, null, 2) + '\n');
    else
      ctx.io.out(
        [
          `Webhook ${w.id} created for user ${ctx.userId} (endpoint verified).`,
          `  url:     ${w.url}`,
          `  events:  ${w.events.join(', ')}`,
          `  secret:  ${w.secret}`,
          'Store the secret now: it is not shown again.',
          '',
        ].join('\n'),
      );
    return 0;
  } finally {
    opened.close();
    await close();
  }
}

function list(ctx: Ctx): number {
  const opened = openStore(ctx, false);
  const webhooks = opened ? opened.store.listSubscriptions(ctx.userId).map(publicView) : [];
  opened?.close();
  if (ctx.json) ctx.io.out(JSON.stringify(webhooks, null, 2) + '\n');
  else if (webhooks.length === 0) ctx.io.out(`No webhooks for user ${ctx.userId}.\n`);
  else
    ctx.io.out(
      webhooks.map((w) => `${w.id}  ${w.url}  [${w.events.join(', ')}]  ${w.createdAt}${w.description ? `  ${w.description}` : ''}`).join('\n') +
        '\n',
    );
  return 0;
}

function remove(ctx: Ctx, id: string): number {
  const opened = openStore(ctx, false);
  const removed = opened?.store.deleteSubscription(ctx.userId, id, ctx.clock.now()) ?? false;
  opened?.close();
  if (!removed) {
    ctx.io.err(`outreach-mcp webhooks remove: no webhook ${id} for user ${ctx.userId}\n`);
    return 1;
  }
  ctx.io.out(ctx.json ? JSON.stringify({ success: true, id }) + '\n' : `Removed webhook ${id}; its pending deliveries are cancelled.\n`);
  return 0;
}

function parseLimit(rawLimit: string | undefined): number {
  const limit = rawLimit === undefined ? 20 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('--limit must be an integer from 1 to 100');
  return limit;
}

function failedDeliveries(ctx: Ctx, args: string[], rawLimit: string | undefined): number {
  if (args.length > 1) throw new UsageError('expected at most one webhook id: deliveries --failed [<id>]');
  const limit = parseLimit(rawLimit);
  const webhookId = args[0];
  const opened = openStore(ctx, false);
  try {
    if (webhookId !== undefined && !opened?.store.getSubscription(ctx.userId, webhookId)) {
      ctx.io.err(`outreach-mcp webhooks deliveries: no webhook ${webhookId} for user ${ctx.userId}\n`);
      return 1;
    }
    const list = opened?.store.listDeliveries(ctx.userId, { state: 'failed', limit, ...(webhookId ? { webhookId } : {}) }) ?? [];
    if (ctx.json) ctx.io.out(JSON.stringify(list, null, 2) + '\n');
    else if (list.length === 0) ctx.io.out(`No failed deliveries for user ${ctx.userId}.\n`);
    else
      ctx.io.out(
        list
          .map((d) =>
            [
              `${d.id}  ${d.event}  webhook ${d.webhookId}  failed after ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}  (raised ${d.createdAt})`,
              ...d.attemptLog.map((a) => `    ${a.at}  attempt ${a.attempt}  ${a.statusCode ?? '---'}  ${a.latencyMs} ms${a.error ? `  ${a.error}` : ''}`),
            ].join('\n'),
          )
          .join('\n') + `\nResend one with: outreach-mcp webhooks redeliver <deliveryId>\n`,
      );
    return 0;
  } finally {
    opened?.close();
  }
}

async function redeliverOne(ctx: Ctx, deliveryId: string): Promise<number> {
  const opened = openStore(ctx, false);
  if (!opened) {
    ctx.io.err(`outreach-mcp webhooks redeliver: no delivery ${deliveryId} for user ${ctx.userId}\n`);
    return 1;
  }
  const { deps, close } = senderDeps(ctx, opened.store);
  try {
    const outcome = await redeliver(
      deps,
      ctx.userId,
      deliveryId,
    );
    if (outcome.kind === 'not_found') {
      ctx.io.err(`outreach-mcp webhooks redeliver: no delivery ${deliveryId} for user ${ctx.userId}\n`);
      return 1;
    }
    if (outcome.kind === 'in_progress') {
      ctx.io.err(`outreach-mcp webhooks redeliver: ${outcome.error}\n`);
      return 1;
    }
    const d = outcome.delivery;
    if (ctx.json) ctx.io.out(JSON.stringify(d, null, 2) + '\n');
    else
      ctx.io.out(
        d.delivered
          ? `Redelivered ${d.id} (${d.event}): receiver answered ${d.statusCode} in ${d.latencyMs} ms.\n`
          : `Redelivery of ${d.id} (${d.event}) failed: ${d.error ?? `receiver answered ${d.statusCode}`}.\n`,
      );
    return d.delivered ? 0 : 1;
  } finally {
    opened.close();
    await close();
  }
}

function deliveries(ctx: Ctx, id: string, rawLimit: string | undefined): number {
  const limit = parseLimit(rawLimit);
  const opened = openStore(ctx, false);
  try {
    if (!opened?.store.getSubscription(ctx.userId, id)) {
      ctx.io.err(`outreach-mcp webhooks deliveries: no webhook ${id} for user ${ctx.userId}\n`);
      return 1;
    }
    const attempts = opened.store.listAttempts(id, limit);
    if (ctx.json) ctx.io.out(JSON.stringify(attempts, null, 2) + '\n');
    else if (attempts.length === 0) ctx.io.out(`No delivery attempts for ${id}.\n`);
    else
      ctx.io.out(
        attempts
          .map(
            (a) =>
              `${a.at}  ${a.deliveryId}  ${a.event}  attempt ${a.attempt}  ${a.statusCode ?? '---'}  ${a.latencyMs} ms  ${a.deliveryState}` +
              (a.error ? `  ${a.error}` : ''),
          )
          .join('\n') + '\n',
      );
    return 0;
  } finally {
    opened?.close();
  }
}
