import type { DomainModule } from '../context.js';
import { premiumStatus, profileVisitors, socialSellingIndex } from './account-reads.js';
import { runDue } from './activity.js';
import { actionsMigrations } from './migrations.js';
import { connect, follow, relationship, sentInvitations } from './outreach.js';

/**
 * Account reads (A3, A8, C4), outreach actions (B1, B3, B4, B6) and the
 * relationship state other areas read through deps.network
 * (createNetworkState). Simulated activity: invitations accepted, profile
 * views, leads (runDue).
 */
import { touchAccount } from './activity.js';

export const actionsModule: DomainModule = {
  name: 'actions',
  migrations: actionsMigrations,
  handlers: new Map([premiumStatus, profileVisitors, socialSellingIndex, follow, connect, relationship, sentInvitations]),
  runDue,
  onAccount: touchAccount,
};

export { createNetworkState, type NetworkDeps } from './network.js';
export { actionsMigrations } from './migrations.js';
export { invitationOutcome } from './simulation.js';
