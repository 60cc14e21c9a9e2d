import type { Db as Database } from '../store/sqlite.js';
import type { Migration } from '../store/migration.js';

/**
 * Webhook tables. Statements are idempotent (IF NOT EXISTS) so the CLI can
 * apply them to a data directory the service has not migrated yet.
 * user_id has no foreign key: the users table belongs to the auth module.
 * Times are epoch milliseconds.
 */
export const webhooksMigrations: Migration[] = [
  {
    id: '0200_webhooks',
    up: `
      CREATE TABLE IF NOT EXISTS webhook_subscriptions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        url TEXT NOT NULL,
        events TEXT NOT NULL,            -- JSON array of event names
        description TEXT,
        secret TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS webhook_subscriptions_user ON webhook_subscriptions(user_id, created_at);

      -- One row per (event, subscription): the delivery. Its id is the
      -- webhook-id header, stable across retries; body holds the exact bytes.
      CREATE TABLE IF NOT EXISTS webhook_outbox (
        id TEXT PRIMARY KEY,
        subscription_id TEXT NOT NULL,
        event TEXT NOT NULL,
        body TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,         -- null once the delivery is final
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox(state, next_attempt_at);
      CREATE INDEX IF NOT EXISTS webhook_outbox_subscription ON webhook_outbox(subscription_id, state);

      -- Every send, including verification and test sends.
      CREATE TABLE IF NOT EXISTS webhook_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id TEXT NOT NULL,
        subscription_id TEXT NOT NULL,
        event TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        status_code INTEGER,
        latency_ms INTEGER NOT NULL,
        error TEXT,
        at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS webhook_attempts_subscription ON webhook_attempts(subscription_id, id);
    `,
  },
];

/**
 * Applies migrations directly, without the shared runner's bookkeeping. Safe
 * to repeat because every statement is idempotent. Used by the CLI and tests.
 */
export function applyWebhooksMigrations(db: Database, migrations: readonly Migration[] = webhooksMigrations): void {
  db.transaction(() => {
    for (const m of migrations) {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
    }
  })();
}
