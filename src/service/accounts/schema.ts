import type { Migration } from '../store/migration.js';

/** Users, workspaces, connected accounts and API keys. */
export const accountsMigrations: Migration[] = [
  {
    id: '0001_accounts',
    up: `
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      plan TEXT NOT NULL DEFAULT 'standard' CHECK (plan IN ('standard', 'enterprise')),
      created_at INTEGER NOT NULL
    );
    CREATE TABLE workspaces (id TEXT PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE workspace_members (
      workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (workspace_id, user_id)
    );
    CREATE TABLE accounts (
      id TEXT PRIMARY KEY CHECK (length(id) = 24),
      owner_user_id TEXT NOT NULL REFERENCES users(id),
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      public_id TEXT NOT NULL,
      platform TEXT NOT NULL DEFAULT 'network',
      status TEXT NOT NULL CHECK (status IN ('AVAILABLE', 'IN_USE', 'ERROR', 'WARMUP', 'UNKNOWN')),
      enabled INTEGER NOT NULL,
      has_tokens INTEGER NOT NULL,
      last_used_at INTEGER NOT NULL,
      premium_type TEXT NOT NULL,
      has_sales_navigator INTEGER NOT NULL,
      has_recruiter INTEGER NOT NULL,
      has_away_messages INTEGER NOT NULL,
      has_advertise_badge INTEGER NOT NULL,
      has_hiring_manager INTEGER NOT NULL
    );
    CREATE TABLE account_shares (
      account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      PRIMARY KEY (account_id, workspace_id)
    );
    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      label TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('jwt', 'static')),
      -- sha256 of a static key given with --api-key; null for signed (JWT) keys.
      static_hash TEXT UNIQUE,
      issued_at INTEGER NOT NULL,
      revoked_at INTEGER
    );`,
  },
  {
    // Keys rotate (issue 13): where each key came from, when it was last used,
    // and whether a revocation was by hand (final) or by a later start (undone
    // when that start-up key is given again).
    id: '0010_api_key_rotation',
    up: `
    ALTER TABLE api_keys ADD COLUMN source TEXT NOT NULL DEFAULT 'created' CHECK (source IN ('startup', 'created', 'demo'));
    ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER;
    ALTER TABLE api_keys ADD COLUMN revoked_by TEXT CHECK (revoked_by IN ('hand', 'rotation'));
    UPDATE api_keys SET source = 'startup' WHERE kind = 'static';
    UPDATE api_keys SET source = 'demo' WHERE id = 'demo-key' OR label LIKE 'demo key%';
    UPDATE api_keys SET revoked_by = 'hand' WHERE revoked_at IS NOT NULL;`,
  },
];
