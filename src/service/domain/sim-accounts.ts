import type { Db as Database } from '../store/sqlite.js';
import type { Migration } from '../store/migration.js';
import type { ActingAccount } from './context.js';

/**
 * The background simulation's one account registry: the accounts whose
 * simulated activity runs (runDue is given no account list), with the
 * acting view of each (owner, plan) and when the simulation first saw it.
 * Modules keep only their own per-account state (the posts slot cursor).
 * Filled by onAccount (every account, on the first activity run) and by
 * writes; reads never touch it.
 */

const has = (db: Database, table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

export const simAccountsMigrations: Migration[] = [
  {
    // Replaces actions_accounts and posts_accounts (two copies of the same accounts), keeping what they knew.
    id: '0900_sim_accounts',
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS sim_accounts (
          account_id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          snapshot TEXT NOT NULL,          -- JSON ActingAccount
          first_seen_ms INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS posts_sim_cursors (
          account_id TEXT PRIMARY KEY,
          -- Start of the next background-simulation slot of the account's posts to decide.
          cursor_ms INTEGER NOT NULL
        );
      `);
      if (has(db, 'actions_accounts')) {
        db.exec(`INSERT OR IGNORE INTO sim_accounts (account_id, user_id, snapshot, first_seen_ms)
          SELECT account_id, user_id, snapshot, first_seen_ms FROM actions_accounts;
          DROP TABLE actions_accounts;`);
      }
      if (has(db, 'posts_accounts')) {
        db.exec(`INSERT INTO sim_accounts (account_id, user_id, snapshot, first_seen_ms)
            SELECT account_id, json_extract(snapshot, '$.userId'), snapshot, first_seen_ms FROM posts_accounts WHERE true
            ON CONFLICT (account_id) DO UPDATE SET first_seen_ms = min(first_seen_ms, excluded.first_seen_ms);
          INSERT OR IGNORE INTO posts_sim_cursors (account_id, cursor_ms) SELECT account_id, sim_cursor_ms FROM posts_accounts;
          DROP TABLE posts_accounts;`);
      }
    },
  },
];

export interface RegisteredAccount {
  account: ActingAccount;
  firstSeenMs: number;
}

interface Row {
  account_id: string;
  snapshot: string;
  first_seen_ms: number;
}

/** Records the account (or refreshes its snapshot); true the first time it is seen. */
export function registerAccount(db: Database, account: ActingAccount, nowMs: number): boolean {
  const snapshot = JSON.stringify(account);
  const row = db.prepare('SELECT snapshot FROM sim_accounts WHERE account_id = ?').get(account.id) as { snapshot: string } | undefined;
  if (!row) {
    db.prepare('INSERT INTO sim_accounts (account_id, user_id, snapshot, first_seen_ms) VALUES (?, ?, ?, ?)').run(account.id, account.userId, snapshot, nowMs);
    return true;
  }
  if (row.snapshot !== snapshot) db.prepare('UPDATE sim_accounts SET user_id = ?, snapshot = ? WHERE account_id = ?').run(account.userId, snapshot, account.id);
  return false;
}

export function registeredAccount(db: Database, accountId: string): RegisteredAccount | undefined {
  const row = db.prepare('SELECT account_id, snapshot, first_seen_ms FROM sim_accounts WHERE account_id = ?').get(accountId) as Row | undefined;
  return row ? { account: JSON.parse(row.snapshot) as ActingAccount, firstSeenMs: row.first_seen_ms } : undefined;
}
