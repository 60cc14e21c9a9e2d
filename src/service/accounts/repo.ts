import type { AccountStatusValue, PremiumType } from '../../contract/index.js';
import type { AccountStatus } from '../../contract/resources/account.js';
import type { ActingAccount } from '../domain/context.js';
import type { Db } from '../store/db.js';

/** Connected accounts as the service stores them, and who may act for them. */

interface AccountRow {
  id: string;
  owner_user_id: string;
  first_name: string;
  last_name: string;
  public_id: string;
  platform: string;
  status: AccountStatusValue;
  enabled: number;
  has_tokens: number;
  last_used_at: number;
  premium_type: PremiumType;
  has_sales_navigator: number;
  has_recruiter: number;
  has_away_messages: number;
  has_advertise_badge: number;
  has_hiring_manager: number;
}

export interface StoredAccount extends ActingAccount {
  platform: string;
  enabled: boolean;
  hasTokens: boolean;
  lastUsedAt: number;
}

function fromRow(r: AccountRow, actingUserId: string): StoredAccount {
  return {
    id: r.id,
    userId: actingUserId,
    firstName: r.first_name,
    lastName: r.last_name,
    publicId: r.public_id,
    status: r.status,
    premiumType: r.premium_type,
    isPremium: r.premium_type !== 'NON_PREMIUM',
    hasSalesNavigator: r.has_sales_navigator === 1,
    hasRecruiter: r.has_recruiter === 1,
    hasAwayMessages: r.has_away_messages === 1,
    hasAdvertiseBadge: r.has_advertise_badge === 1,
    hasHiringManager: r.has_hiring_manager === 1,
    platform: r.platform,
    enabled: r.enabled === 1,
    hasTokens: r.has_tokens === 1,
    lastUsedAt: r.last_used_at,
  };
}

/** Owned, or shared with the user through a workspace. */
const ACCESSIBLE = `
  SELECT a.* FROM accounts a WHERE a.owner_user_id = @userId
  UNION
  SELECT a.* FROM accounts a
    JOIN account_shares s ON s.account_id = a.id
    JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = @userId`;

export class AccountRepo {
  constructor(private readonly db: Db) {}

  /** Most recently used first; the first one is the user's default account. */
  accessible(userId: string): StoredAccount[] {
    const rows = this.db.prepare(`${ACCESSIBLE} ORDER BY last_used_at DESC, id`).all({ userId }) as AccountRow[];
    return rows.map((r) => fromRow(r, userId));
  }

  /** The account if the user may act for it (ids compare case-insensitively), else undefined. */
  find(userId: string, accountId: string): StoredAccount | undefined {
    const row = this.db
      .prepare(`SELECT * FROM (${ACCESSIBLE}) WHERE id = lower(@accountId)`)
      .get({ userId, accountId }) as AccountRow | undefined;
    return row ? fromRow(row, userId) : undefined;
  }

  /** Every connected account, acted for by its owner (background activity). */
  all(): StoredAccount[] {
    const rows = this.db.prepare('SELECT * FROM accounts ORDER BY id').all() as AccountRow[];
    return rows.map((r) => fromRow(r, r.owner_user_id));
  }

  defaultFor(userId: string): StoredAccount | undefined {
    return this.accessible(userId)[0];
  }

  touch(accountId: string, at: number): void {
    this.db.prepare('UPDATE accounts SET last_used_at = ? WHERE id = ?').run(at, accountId);
  }

  planOf(userId: string): 'standard' | 'enterprise' {
    const row = this.db.prepare('SELECT plan FROM users WHERE id = ?').get(userId) as { plan: 'standard' | 'enterprise' } | undefined;
    return row?.plan ?? 'standard';
  }

  userExists(userId: string): boolean {
    return this.db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId) !== undefined;
  }
}

/** networkPlan is returned only for AVAILABLE and WARMUP accounts (spec 2.1). */
export function accountStatusOf(a: StoredAccount): AccountStatus {
  const planVisible = a.status === 'AVAILABLE' || a.status === 'WARMUP';
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    publicId: a.publicId,
    platform: a.platform,
    status: a.status,
    enabled: a.enabled,
    lastUsed: new Date(a.lastUsedAt).toISOString(),
    hasTokens: a.hasTokens,
    networkPlan: planVisible
      ? {
          premiumType: a.premiumType,
          isPremium: a.isPremium,
          hasSalesNavigator: a.hasSalesNavigator,
          hasRecruiter: a.hasRecruiter,
          hasAwayMessages: a.hasAwayMessages,
          hasAdvertiseBadge: a.hasAdvertiseBadge,
          hasHiringManager: a.hasHiringManager,
        }
      : null,
  };
}
