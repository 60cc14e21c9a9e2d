import type { Db as Database } from '../../store/sqlite.js';
import type { ActingAccount } from '../context.js';
import { registerAccount } from '../sim-accounts.js';
import { storeOf, type TrackedAccountRow } from './store.js';

/** Length of one background-simulation slot (see simulation.ts). */
export const SIM_SLOT_MS = 3_600_000;

/**
 * Puts an account in the simulation's registry and follows its posts, so
 * runDue (which is given no account list) can simulate activity on them. The
 * simulation starts at the first whole slot after the account was first seen
 * by the posts module.
 */
export function trackAccount(db: Database, account: ActingAccount, nowMs: number): void {
  registerAccount(db, account, nowMs);
  storeOf(db).insertCursor.run(account.id, Math.ceil(nowMs / SIM_SLOT_MS) * SIM_SLOT_MS);
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
