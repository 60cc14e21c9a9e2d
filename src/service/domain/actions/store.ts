import { randomBytes } from 'node:crypto';
import type { Db as Database, Statement } from '../../store/sqlite.js';
import { registerAccount, registeredAccount } from '../sim-accounts.js';
import type { ActingAccount } from '../context.js';

/** Typed access to the actions tables (see migrations.ts). */

export interface InvitationRow {
  invitation_id: string;
  account_id: string;
  person_id: string;
  invitation_urn: string;
  message: string | null;
  sent_at_ms: number;
  status: 'pending' | 'accepted';
  accepted_at_ms: number | null;
}

export interface FollowRow {
  target_id: string;
  target_type: 'person' | 'company';
  following: 0 | 1;
  changed_at_ms: number;
}

export interface VisitRow {
  person_id: string | null;
  anonymous_label: string | null;
  visited_at_ms: number;
}

export type DueKind = 'accept' | 'visit' | 'lead';

export interface DueRow {
  id: number;
  account_id: string;
  kind: DueKind;
  ref: string;
  due_at_ms: number;
  payload: string;
}

type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Database, Statements>();

function prepare(db: Database) {
  const s = <T = unknown>(sql: string) => db.prepare(sql) as Statement<unknown[], T>;
  return {

    pendingTo: s<InvitationRow>("SELECT * FROM actions_invitations WHERE account_id = ? AND person_id = ? AND status = 'pending'"),
    invitation: s<InvitationRow>('SELECT * FROM actions_invitations WHERE invitation_id = ?'),
    invitationCount: s<{ n: number }>('SELECT COUNT(*) AS n FROM actions_invitations WHERE account_id = ?'),
    insertInvitation: s(
      "INSERT INTO actions_invitations (invitation_id, account_id, person_id, invitation_urn, message, sent_at_ms, status) VALUES (?, ?, ?, ?, ?, ?, 'pending')",
    ),
    pendingPage: s<InvitationRow>(
      "SELECT * FROM actions_invitations WHERE account_id = ? AND status = 'pending' ORDER BY sent_at_ms DESC, rowid DESC LIMIT ? OFFSET ?",
    ),
    acceptInvitation: s("UPDATE actions_invitations SET status = 'accepted', accepted_at_ms = ? WHERE invitation_id = ? AND status = 'pending'"),
    acceptedTo: s<InvitationRow>(
      "SELECT * FROM actions_invitations WHERE account_id = ? AND person_id = ? AND status = 'accepted' ORDER BY accepted_at_ms DESC LIMIT 1",
    ),
    acceptedPeople: s<{ person_id: string }>("SELECT person_id FROM actions_invitations WHERE account_id = ? AND status = 'accepted'"),

    follows: s<FollowRow>('SELECT target_id, target_type, following, changed_at_ms FROM actions_follows WHERE account_id = ?'),
    follow: s<FollowRow>('SELECT target_id, target_type, following, changed_at_ms FROM actions_follows WHERE account_id = ? AND target_id = ?'),
    upsertFollow: s(
      `INSERT INTO actions_follows (account_id, target_id, target_type, following, changed_at_ms) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, target_id) DO UPDATE SET following = excluded.following, changed_at_ms = excluded.changed_at_ms`,
    ),

    insertVisit: s('INSERT INTO actions_visits (account_id, person_id, anonymous_label, visited_at_ms) VALUES (?, ?, ?, ?)'),
    visitsSince: s<VisitRow>(
      'SELECT person_id, anonymous_label, visited_at_ms FROM actions_visits WHERE account_id = ? AND visited_at_ms >= ? AND visited_at_ms <= ? ORDER BY visited_at_ms DESC, id DESC',
    ),

    schedule: s('INSERT OR IGNORE INTO actions_due (account_id, kind, ref, due_at_ms, payload) VALUES (?, ?, ?, ?, ?)'),
    due: s<DueRow>(
      'SELECT id, account_id, kind, ref, due_at_ms, payload FROM actions_due WHERE done_at_ms IS NULL AND due_at_ms <= ? ORDER BY due_at_ms, id LIMIT ?',
    ),
    markDone: s('UPDATE actions_due SET done_at_ms = ? WHERE id = ? AND done_at_ms IS NULL'),
    lastAmbient: s<{ ref: string; due_at_ms: number }>(
      "SELECT ref, due_at_ms FROM actions_due WHERE account_id = ? AND kind = 'visit' AND ref LIKE 'ambient:%' ORDER BY due_at_ms DESC, id DESC LIMIT 1",
    ),

    networkToken: s<{ token: string }>('SELECT token FROM actions_network_version WHERE account_id = ?'),
    setNetworkToken: s(
      'INSERT INTO actions_network_version (account_id, token) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET token = excluded.token',
    ),
  };
}

export function sql(db: Database): Statements {
  let s = cache.get(db);
  if (!s) {
    s = prepare(db);
    cache.set(db, s);
  }
  return s;
}

/**
 * Records the account (owner, plan, user) so background activity can act for
 * it later. Returns true when the account was seen for the first time.
 */
/** Records the account in the simulation's registry; true the first time. */
export function rememberAccount(db: Database, account: ActingAccount, nowMs: number): boolean {
  return registerAccount(db, account, nowMs);
}

export function knownAccount(db: Database, accountId: string): ActingAccount | undefined {
  return registeredAccount(db, accountId)?.account;
}

export function schedule(db: Database, accountId: string, kind: DueKind, ref: string, dueAtMs: number, payload: object): void {
  sql(db).schedule.run(accountId, kind, ref, Math.round(dueAtMs), JSON.stringify(payload));
}

/*
 * Cache tokens never repeat within a process (boot nonce + counter), so a
 * token written inside a transaction that rolled back can never match a
 * later one: a cache filled from rolled-back state is never reused.
 */
const BOOT = randomBytes(6).toString('hex');
let tokenCounter = 0;

/** Marks the account's relationships as changed (invalidates NetworkState caches). */
export function touchNetwork(db: Database, accountId: string): void {
  sql(db).setNetworkToken.run(accountId, `${BOOT}:${++tokenCounter}`);
}

export function networkToken(db: Database, accountId: string): string {
  return sql(db).networkToken.get(accountId)?.token ?? '';
}
