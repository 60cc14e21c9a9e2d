import type { Migration } from '../../store/migration.js';

/**
 * Overlay tables of the actions area. The world is read-only; everything an
 * account did (or that happened to it since) lives here. Times are epoch ms.
 * Statements are idempotent (IF NOT EXISTS) so a data directory can be
 * re-migrated safely. No foreign keys leave these tables.
 */
export const actionsMigrations: Migration[] = [
  {
    id: '0500_actions',
    up: `
      -- Accounts this module has acted for: runDue needs the owner and plan
      -- (for the account view) and the user to raise events for.
      CREATE TABLE IF NOT EXISTS actions_accounts (
        account_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        snapshot TEXT NOT NULL,          -- JSON ActingAccount
        first_seen_ms INTEGER NOT NULL
      );

      -- Connection requests sent through the service.
      CREATE TABLE IF NOT EXISTS actions_invitations (
        invitation_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        person_id TEXT NOT NULL,
        invitation_urn TEXT NOT NULL,
        message TEXT,
        sent_at_ms INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'accepted')),
        accepted_at_ms INTEGER
      );
      -- At most one pending invitation per (account, person).
      CREATE UNIQUE INDEX IF NOT EXISTS actions_invitations_pending
        ON actions_invitations(account_id, person_id) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS actions_invitations_account
        ON actions_invitations(account_id, status, sent_at_ms);

      -- Follow state set since the world was generated; wins over the world.
      CREATE TABLE IF NOT EXISTS actions_follows (
        account_id TEXT NOT NULL,
        target_id TEXT NOT NULL,         -- world person id or company id
        target_type TEXT NOT NULL CHECK (target_type IN ('person', 'company')),
        following INTEGER NOT NULL CHECK (following IN (0, 1)),
        changed_at_ms INTEGER NOT NULL,
        PRIMARY KEY (account_id, target_id)
      );

      -- Profile views of the account that happened after the world epoch.
      CREATE TABLE IF NOT EXISTS actions_visits (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id TEXT NOT NULL,
        person_id TEXT,                  -- null: anonymous
        anonymous_label TEXT,
        visited_at_ms INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS actions_visits_account ON actions_visits(account_id, visited_at_ms);

      -- Simulated activity, performed by runDue once due. (kind, account, ref)
      -- is unique so scheduling the same thing twice is a no-op.
      CREATE TABLE IF NOT EXISTS actions_due (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('accept', 'visit', 'lead')),
        ref TEXT NOT NULL,
        due_at_ms INTEGER NOT NULL,
        payload TEXT NOT NULL,           -- JSON, kind-specific
        done_at_ms INTEGER,
        UNIQUE (kind, account_id, ref)
      );
      CREATE INDEX IF NOT EXISTS actions_due_pending ON actions_due(done_at_ms, due_at_ms);

      -- Cache token of each account's relationships: replaced by every write
      -- that changes degrees or follows (see network.ts).
      CREATE TABLE IF NOT EXISTS actions_network_version (
        account_id TEXT PRIMARY KEY,
        token TEXT NOT NULL
      );
    `,
  },
];
