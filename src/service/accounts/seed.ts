import type { AccountStatusValue, PremiumType } from '../../contract/index.js';
import type { Db } from '../store/db.js';

/**
 * The demo tenant made on first start: one user with accounts that exercise
 * every branch (each premium type, WARMUP, ERROR), and a second user who
 * shares one account with the first through a workspace and keeps one to
 * itself. Fixed ids, so docs and tests can name them.
 */

export const DEMO_USER_ID = 'demo';
export const OTHER_USER_ID = 'other';
export const DEMO_WORKSPACE_ID = 'ws-growth';

export const DEMO_ACCOUNTS = {
  salesNavigator: 'a00000000000000000000001',
  businessPremium: 'a00000000000000000000002',
  recruiter: 'a00000000000000000000003',
  free: 'a00000000000000000000004',
  warmup: 'a00000000000000000000005',
  error: 'a00000000000000000000006',
  /** Owned by the other user, shared with the demo user through the workspace. */
  shared: 'b00000000000000000000001',
  /** Owned by the other user, not shared: the demo user gets 404 for it. */
  otherPrivate: 'b00000000000000000000002',
} as const;

interface SeedAccount {
  id: string;
  owner: string;
  firstName: string;
  lastName: string;
  status: AccountStatusValue;
  premiumType: PremiumType;
  hasTokens?: boolean;
  /** Hours before first start that it was last used (smaller = more recent). */
  idleHours: number;
}

const PLAN_FLAGS: Record<PremiumType, [salesNav: number, recruiter: number, away: number, badge: number, hiring: number]> = {
  SALES_NAVIGATOR: [1, 0, 0, 1, 0],
  RECRUITER: [0, 1, 0, 0, 1],
  BUSINESS_PREMIUM: [0, 0, 1, 1, 0],
  NON_PREMIUM: [0, 0, 0, 0, 0],
};

const SEED_ACCOUNTS: SeedAccount[] = [
  { id: DEMO_ACCOUNTS.salesNavigator, owner: DEMO_USER_ID, firstName: 'Sam', lastName: 'Rivera', status: 'AVAILABLE', premiumType: 'SALES_NAVIGATOR', idleHours: 1 },
  { id: DEMO_ACCOUNTS.businessPremium, owner: DEMO_USER_ID, firstName: 'Bianca', lastName: 'Okafor', status: 'AVAILABLE', premiumType: 'BUSINESS_PREMIUM', idleHours: 2 },
  { id: DEMO_ACCOUNTS.recruiter, owner: DEMO_USER_ID, firstName: 'Rafael', lastName: 'Lindqvist', status: 'AVAILABLE', premiumType: 'RECRUITER', idleHours: 3 },
  { id: DEMO_ACCOUNTS.free, owner: DEMO_USER_ID, firstName: 'Fatima', lastName: 'Haddad', status: 'AVAILABLE', premiumType: 'NON_PREMIUM', idleHours: 4 },
  { id: DEMO_ACCOUNTS.warmup, owner: DEMO_USER_ID, firstName: 'Wen', lastName: 'Zhao', status: 'WARMUP', premiumType: 'NON_PREMIUM', idleHours: 5 },
  { id: DEMO_ACCOUNTS.error, owner: DEMO_USER_ID, firstName: 'Erik', lastName: 'Novak', status: 'ERROR', premiumType: 'BUSINESS_PREMIUM', hasTokens: false, idleHours: 48 },
  { id: DEMO_ACCOUNTS.shared, owner: OTHER_USER_ID, firstName: 'Olga', lastName: 'Petrova', status: 'AVAILABLE', premiumType: 'BUSINESS_PREMIUM', idleHours: 6 },
  { id: DEMO_ACCOUNTS.otherPrivate, owner: OTHER_USER_ID, firstName: 'Omar', lastName: 'Said', status: 'AVAILABLE', premiumType: 'NON_PREMIUM', idleHours: 7 },
];

/** Inserts the demo tenant once (no-op when the demo user exists). */
export function seedDemoTenant(db: Db, nowMs: number): void {
  if (db.prepare('SELECT 1 FROM users WHERE id = ?').get(DEMO_USER_ID)) return;
  db.transaction(() => {
    const user = db.prepare('INSERT INTO users (id, name, plan, created_at) VALUES (?, ?, ?, ?)');
    user.run(DEMO_USER_ID, 'Demo user', 'standard', nowMs);
    user.run(OTHER_USER_ID, 'Other user', 'standard', nowMs);
    db.prepare('INSERT INTO workspaces (id, name) VALUES (?, ?)').run(DEMO_WORKSPACE_ID, 'Growth team');
    const member = db.prepare('INSERT INTO workspace_members (workspace_id, user_id) VALUES (?, ?)');
    member.run(DEMO_WORKSPACE_ID, DEMO_USER_ID);
    member.run(DEMO_WORKSPACE_ID, OTHER_USER_ID);
    const account = db.prepare(`INSERT INTO accounts (id, owner_user_id, first_name, last_name, public_id, status, enabled,
      has_tokens, last_used_at, premium_type, has_sales_navigator, has_recruiter, has_away_messages, has_advertise_badge,
      has_hiring_manager) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const a of SEED_ACCOUNTS) {
      const publicId = `${a.firstName}-${a.lastName}-${a.id.slice(-4)}`.toLowerCase();
      account.run(a.id, a.owner, a.firstName, a.lastName, publicId, a.status, a.hasTokens === false ? 0 : 1,
        nowMs - a.idleHours * 3_600_000, a.premiumType, ...PLAN_FLAGS[a.premiumType]);
    }
    db.prepare('INSERT INTO account_shares (account_id, workspace_id) VALUES (?, ?)').run(DEMO_ACCOUNTS.shared, DEMO_WORKSPACE_ID);
  })();
}
