import { joinGroup } from '../../../contract/endpoints/groups.js';
import * as W from '../../world/index.js';
import { unit } from '../actions/simulation.js';
import { DomainError, handle, type ActingAccount, type DomainDeps, type DomainModule } from '../context.js';
import type { Migration } from '../../store/migration.js';

/**
 * Group membership of connected accounts: the groups the world gives each
 * account (its view's groupIds) plus the ones it joined (X2, an extension).
 * A public group admits at once; a private one after its managers approve,
 * 1-48 h after the request (drawn from seed, account and group, so the same
 * request is approved at the same time on every run). Approval is read off
 * the clock, so no background job is needed.
 */

const HOUR_MS = 3_600_000;

export type Membership = 'MEMBER' | 'PENDING' | 'NONE';

export const groupsMigrations: Migration[] = [
  {
    id: '0800_group_memberships',
    up: `
      CREATE TABLE group_memberships (
        account_id TEXT NOT NULL,
        group_id TEXT NOT NULL,
        requested_at INTEGER NOT NULL,
        -- Public groups: = requested_at; private: when the managers approve.
        approved_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, group_id)
      ) WITHOUT ROWID;
    `,
  },
];

/** The account's membership of a world group now. */
export function membershipOf(deps: DomainDeps, account: ActingAccount, group: W.Group): Membership {
  if (deps.view(account).groupIds.includes(group.groupId)) return 'MEMBER';
  const row = deps.db.prepare('SELECT approved_at FROM group_memberships WHERE account_id = ? AND group_id = ?').get(account.id, group.groupId) as { approved_at: number } | undefined;
  if (!row) return 'NONE';
  return row.approved_at <= deps.clock.now() ? 'MEMBER' : 'PENDING';
}

/** 404 for an unknown group, the group otherwise. */
export function groupOrThrow(world: W.World, ref: string, field: string): W.Group {
  const g = W.findGroup(world, ref);
  if (!g) throw new DomainError(404, `Group not found (${field}): ${ref}`);
  return g;
}

/** Private groups show their members only to members (F1, F2, F5). */
export function assertMayListMembers(deps: DomainDeps, account: ActingAccount, group: W.Group): void {
  if (!group.isPrivate || membershipOf(deps, account, group) === 'MEMBER') return;
  throw new DomainError(403, `Group ${group.name} (${group.groupId}) is private: only its members see who is in it; join it first (join_group, POST /groups/join)`);
}

export const join = handle(joinGroup, (deps, { account, input }) => {
  const group = groupOrThrow(deps.world(), input.groupId, 'groupId');
  const now = deps.clock.now();
  const current = membershipOf(deps, account, group);
  if (current === 'NONE') {
    const delay = group.isPrivate ? Math.round((1 + unit(deps.world().seed, account.id, group.groupId, 'approval') * 47) * HOUR_MS) : 0;
    deps.db.prepare('INSERT OR REPLACE INTO group_memberships (account_id, group_id, requested_at, approved_at) VALUES (?, ?, ?, ?)').run(account.id, group.groupId, now, now + delay);
  }
  const row = deps.db.prepare('SELECT approved_at FROM group_memberships WHERE account_id = ? AND group_id = ?').get(account.id, group.groupId) as { approved_at: number } | undefined;
  const status = membershipOf(deps, account, group);
  return {
    success: true,
    groupId: group.groupId,
    status: status === 'MEMBER' ? ('MEMBER' as const) : ('PENDING' as const),
    approvalExpectedAt: status === 'MEMBER' || !row ? null : new Date(row.approved_at).toISOString(),
  };
});

export const groupsModule: DomainModule = {
  name: 'groups',
  migrations: groupsMigrations,
  handlers: new Map([join]),
};
