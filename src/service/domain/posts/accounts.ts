import type { Db as Database } from '../../store/sqlite.js';
import type { ActingAccount } from '../context.js';
import { storeOf, type TrackedAccountRow } from './store.js';

/** Length of one background-simulation slot (see simulation.ts). */
export const SIM_SLOT_MS = 3_600_000;

/**
 * Remembers an account that used the posts module, so runDue (which is
 * given no account list) can simulate activity on its posts. The
 * simulation starts at the first whole slot after the account was first seen.
 */
export function trackAccount(db: Database, account: ActingAccount, nowMs: number): void {
  const store = storeOf(db);
  const snapshot = JSON.stringify(account);
  const row = store.trackedAccount.get(account.id) as TrackedAccountRow | undefined;
  if (!row) {
    store.insertTracked.run({
      account_id: account.id,
      snapshot,
      first_seen_ms: nowMs,
      sim_cursor_ms: Math.ceil(nowMs / SIM_SLOT_MS) * SIM_SLOT_MS,
    });
  } else if (row.snapshot !== snapshot) {
    store.updateSnapshot.run(snapshot, account.id);
  }
}

export interface TrackedAccount {
  account: ActingAccount;
  firstSeenMs: number;
  simCursorMs: number;
}

export function trackedAccounts(db: Database): TrackedAccount[] {
  return (storeOf(db).trackedAccounts.all() as TrackedAccountRow[]).map((r) => ({
    account: JSON.parse(r.snapshot) as ActingAccount,
    firstSeenMs: r.first_seen_ms,
    simCursorMs: r.sim_cursor_ms,
  }));
}
