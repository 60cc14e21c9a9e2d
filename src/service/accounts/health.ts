import { isWrite, type AnyEndpoint } from '../../contract/index.js';
import type { QuotaRule } from '../../contract/quotas.js';
import type { AccountStatusValue } from '../../contract/index.js';
import { ACCOUNT_UNAVAILABLE_CODE } from '../../contract/resources/errors.js';
import type { Db } from '../store/db.js';
import type { Migration } from '../store/migration.js';
import type { StoredAccount } from './repo.js';

/**
 * Account health as a state machine (docs/spec-decisions.md, "Account health"):
 *
 *   WARMUP ──(ramp complete, day 8)──▶ AVAILABLE
 *   AVAILABLE/WARMUP ──(3 network 429s within 24 h)──▶ IN_USE (hold, 12 h) ──(hold ends)──▶ previous status
 *   ERROR (or no session tokens): stays until the account is reconnected (outside the API).
 *
 * A call needs the network unless its entry says openWorldHint: false (the
 * status, quota and account-list reads answer from the database in every state).
 */

export const ACCOUNT_UNAVAILABLE = ACCOUNT_UNAVAILABLE_CODE;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** WARMUP: a fraction of every capped quota, 20% on the first day, 10 points more each day, full on day 8. */
export const WARMUP_START_FRACTION = 0.2;
export const WARMUP_DAILY_STEP = 0.1;
/** Network 429s within this window that put an account on hold. */
export const HOLD_AFTER_NETWORK_429S = 3;
export const HOLD_WINDOW_MS = DAY_MS;
export const HOLD_DURATION_MS = 12 * HOUR_MS;

export const accountHealthMigrations: Migration[] = [
  {
    id: '0002_account_health',
    up: `
      -- When a WARMUP account's ramp started, and a temporary hold (status IN_USE until hold_until).
      CREATE TABLE account_health (
        account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        warmup_started_at INTEGER,
        hold_until INTEGER,
        status_before_hold TEXT
      );
      -- Each 429 the simulated network answered an account (pruned after a day).
      CREATE TABLE account_network_429s (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        feature TEXT NOT NULL,
        at_ms INTEGER NOT NULL
      );
      CREATE INDEX account_network_429s_key ON account_network_429s (account_id, at_ms);
    `,
  },
];

/** A refusal for health reasons: the answer to send instead of calling the handler. */
export interface HealthRefusal {
  status: number;
  body: { error: string; success: false; code: typeof ACCOUNT_UNAVAILABLE; retryAt?: string };
  /** Epoch ms the account is expected back (a hold's end). */
  retryAtMs?: number;
}

export interface StatusChange {
  accountId: string;
  userId: string;
  status: AccountStatusValue;
  previousStatus: AccountStatusValue;
  reason: 'warmup_complete' | 'network_rate_limited' | 'hold_lifted';
  /** A hold's end. */
  until: string | null;
}

interface HealthRow {
  warmup_started_at: number | null;
  hold_until: number | null;
  status_before_hold: AccountStatusValue | null;
}

const GENERIC_READ_FAILURE = 'Failed to fetch from the network: the account needs attention (status ERROR, no valid session)';

export class AccountHealth {
  constructor(
    private readonly db: Db,
    private readonly onChange: (change: StatusChange) => void = () => {},
  ) {}

  private row(accountId: string): HealthRow | undefined {
    return this.db.prepare('SELECT warmup_started_at, hold_until, status_before_hold FROM account_health WHERE account_id = ?').get(accountId) as HealthRow | undefined;
  }

  private status(accountId: string): { status: AccountStatusValue; owner: string } | undefined {
    return this.db.prepare('SELECT status, owner_user_id AS owner FROM accounts WHERE id = ?').get(accountId) as { status: AccountStatusValue; owner: string } | undefined;
  }

  private setStatus(accountId: string, status: AccountStatusValue): void {
    this.db.prepare('UPDATE accounts SET status = ? WHERE id = ?').run(status, accountId);
  }

  /** Start of a WARMUP account's ramp: stored the first time the service sees it in WARMUP. */
  warmupStart(accountId: string, now: number): number {
    const row = this.row(accountId);
    if (row?.warmup_started_at != null) return row.warmup_started_at;
    this.db.prepare(`INSERT INTO account_health (account_id, warmup_started_at) VALUES (?, ?)
      ON CONFLICT (account_id) DO UPDATE SET warmup_started_at = excluded.warmup_started_at`).run(accountId, now);
    return now;
  }

  /** Share of each capped limit a WARMUP account has now; 1 for every other account. */
  warmupFraction(accountId: string, now: number): number {
    if (this.status(accountId)?.status !== 'WARMUP') return 1;
    const day = Math.floor((now - this.warmupStart(accountId, now)) / DAY_MS);
    return Math.min(1, WARMUP_START_FRACTION + WARMUP_DAILY_STEP * Math.max(0, day));
  }

  /** The limit of a capped rule for the account now: the WARMUP ramp, never below 1. */
  limitOf(accountId: string, rule: QuotaRule, now: number): number {
    const fraction = this.warmupFraction(accountId, now);
    return fraction >= 1 ? rule.limit : Math.max(1, Math.floor(rule.limit * fraction + 1e-9));
  }

  /**
   * Applies the transitions that have fallen due for one account (ramp done,
   * hold over); returns whether its status changed.
   */
  settle(accountId: string, now: number): boolean {
    const current = this.status(accountId);
    if (!current) return false;
    const row = this.row(accountId);
    if (row?.hold_until != null && row.hold_until <= now) {
      const back = row.status_before_hold ?? 'AVAILABLE';
      this.db.prepare('UPDATE account_health SET hold_until = NULL, status_before_hold = NULL WHERE account_id = ?').run(accountId);
      this.setStatus(accountId, back);
      this.onChange({ accountId, userId: current.owner, status: back, previousStatus: current.status, reason: 'hold_lifted', until: null });
      return true;
    }
    if (current.status === 'WARMUP' && this.warmupFraction(accountId, now) >= 1) {
      this.setStatus(accountId, 'AVAILABLE');
      this.onChange({ accountId, userId: current.owner, status: 'AVAILABLE', previousStatus: 'WARMUP', reason: 'warmup_complete', until: null });
      return true;
    }
    return false;
  }

  /** Every account's due transitions (the background activity run). */
  settleAll(now: number): void {
    const ids = this.db.prepare(`SELECT id FROM accounts WHERE status = 'WARMUP'
      UNION SELECT account_id FROM account_health WHERE hold_until IS NOT NULL`).all() as { id: string }[];
    for (const { id } of ids) while (this.settle(id, now));
  }

  /** The end of the account's hold, or null. */
  holdUntil(accountId: string): number | null {
    return this.row(accountId)?.hold_until ?? null;
  }

  /**
   * The simulated network answered 429 to the account: counted; the third
   * within 24 h puts it on hold for 12 h (status IN_USE). Returns the hold's end when one started.
   */
  recordNetwork429(accountId: string, feature: string, now: number): number | null {
    this.db.prepare('DELETE FROM account_network_429s WHERE account_id = ? AND at_ms <= ?').run(accountId, now - HOLD_WINDOW_MS);
    this.db.prepare('INSERT INTO account_network_429s (account_id, feature, at_ms) VALUES (?, ?, ?)').run(accountId, feature, now);
    const { n } = this.db.prepare('SELECT COUNT(*) AS n FROM account_network_429s WHERE account_id = ?').get(accountId) as { n: number };
    if (n < HOLD_AFTER_NETWORK_429S || this.holdUntil(accountId) !== null) return null;
    const current = this.status(accountId);
    if (!current) return null;
    const until = now + HOLD_DURATION_MS;
    this.db.prepare(`INSERT INTO account_health (account_id, hold_until, status_before_hold) VALUES (?, ?, ?)
      ON CONFLICT (account_id) DO UPDATE SET hold_until = excluded.hold_until, status_before_hold = excluded.status_before_hold`)
      .run(accountId, until, current.status);
    this.db.prepare('DELETE FROM account_network_429s WHERE account_id = ?').run(accountId);
    this.setStatus(accountId, 'IN_USE');
    this.onChange({ accountId, userId: current.owner, status: 'IN_USE', previousStatus: current.status, reason: 'network_rate_limited', until: new Date(until).toISOString() });
    return until;
  }

  /**
   * Whether the account may make this call now; null when it may. Database
   * reads (openWorldHint false) always may.
   */
  refusal(account: StoredAccount, e: AnyEndpoint, now: number): HealthRefusal | null {
    if (!e.annotations.openWorldHint) return null;
    if (account.status === 'ERROR' || !account.hasTokens) {
      if (isWrite(e)) {
        return refuse(403, `Account needs attention: its network session is no longer valid (status ERROR), so nothing was sent; reconnect the account, then retry`);
      }
      // Spec 7 rules 3 and 4 and E12: the network read fails on the credentials.
      return refuse(500, `${e.failureText ?? GENERIC_READ_FAILURE}`);
    }
    const until = this.holdUntil(account.id);
    if (until !== null && until > now) {
      const at = new Date(until).toISOString();
      return {
        status: 429,
        body: {
          error: `Account temporarily on hold: the network answered 429 to it ${HOLD_AFTER_NETWORK_429S} times within 24 h; nothing was sent; calls resume at ${at}`,
          success: false,
          code: ACCOUNT_UNAVAILABLE,
          retryAt: at,
        },
        retryAtMs: until,
      };
    }
    return null;
  }
}

function refuse(status: number, error: string): HealthRefusal {
  return { status, body: { error, success: false, code: ACCOUNT_UNAVAILABLE } };
}
