import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, AccountIdPath, Start, pageSize, text } from '../common.js';
import {
  AccountActivity,
  AccountList,
  AccountStatus,
  PremiumStatusResponse,
  ProfileVisitorsPage,
} from '../resources/account.js';
import { CommentHistoryPage, ReactionHistoryPage } from '../resources/history.js';
import { QuotaReport } from '../resources/quota.js';
import { READ_LOCAL, READ_NETWORK } from './shared.js';

const HOUR_MS = 3_600_000;

/** Spec 4.1 (A1-A8) and the GET /accounts extension (X1). */

/**
 * Path account id: optional like everywhere else (spec section 4 leaves room;
 * decided): a call without it acts for the default account, and the client
 * names that account in the path. A malformed one is still rule 1's 400.
 */
const PathAccount = AccountIdPath.optional();
const byId = z.object({ accountId: PathAccount });

/** Spec A5/A6: count 1-100 default 20; start >= 0 default 0, ignored when paginationToken is given. */
const historyPaging = {
  accountId: PathAccount,
  count: pageSize(100, 20),
  start: Start,
  paginationToken: text(2048, false).optional().describe('From the previous page; wins over start'),
};

export const getDefaultAccountStatus = endpoint({
  id: 'A1',
  tool: 'get_account_status',
  title: 'Account status (default account)',
  method: 'GET',
  path: '/account/status',
  group: 'account',
  toolset: 'account',
  annotations: READ_LOCAL,
  description: 'Status, automation flag and plan of an account (default: most recently used).',
  input: z.object({ accountId: AccountIdOptional }),
  output: AccountStatus,
  // No cache field: the status (ERROR, WARMUP, ...) changes at any time; only networkPlan is
  // cached 12 h, by the service (spec 2.1), so the client keeps it the default 30 s of safe reads.
});

export const getAccountStatus = endpoint({
  id: 'A2',
  tool: 'get_account_status_by_id',
  title: 'Account status by id',
  method: 'GET',
  path: '/account/{accountId}/status',
  group: 'account',
  toolset: 'account',
  annotations: READ_LOCAL,
  description: 'Status of one account by id.',
  input: byId,
  output: AccountStatus,
  role: 'accountStatus',
});

export const getPremiumStatus = endpoint({
  id: 'A3',
  tool: 'get_premium_status',
  title: 'Premium status',
  method: 'GET',
  path: '/account/{accountId}/premium',
  group: 'account',
  toolset: 'account',
  annotations: READ_NETWORK,
  failureText: 'Failed to fetch premium status',
  description: 'Premium plan of an account; check before InMail or sales-navigation tools.',
  input: byId,
  output: PremiumStatusResponse,
  cache: { ttlMs: 12 * HOUR_MS }, // the premium plan changes rarely
});

export const getAccountActivity = endpoint({
  id: 'A4',
  tool: 'get_account_activity',
  title: 'Account activity (15 days)',
  method: 'GET',
  path: '/account/{accountId}/activity',
  group: 'account',
  toolset: 'account',
  annotations: READ_NETWORK,
  description: "Own comments and reactions of the last 15 days, with daily totals.",
  input: byId,
  output: AccountActivity,
});

export const listOwnComments = endpoint({
  id: 'A5',
  tool: 'list_own_comments',
  title: 'Own comment history',
  method: 'GET',
  path: '/account/{accountId}/comments',
  group: 'account',
  toolset: 'account',
  annotations: READ_NETWORK,
  description: "Own comments, newest first; page with paginationToken until null.",
  input: z.object(historyPaging),
  output: CommentHistoryPage,
});

export const listOwnReactions = endpoint({
  id: 'A6',
  tool: 'list_own_reactions',
  title: 'Own reaction history',
  method: 'GET',
  path: '/account/{accountId}/reactions',
  group: 'account',
  toolset: 'account',
  annotations: READ_NETWORK,
  description: "Own reactions, newest first; page with paginationToken until null.",
  input: z.object(historyPaging),
  output: ReactionHistoryPage,
});

export const getQuotaReport = endpoint({
  id: 'A7',
  tool: 'get_quota_report',
  title: 'Quota usage',
  method: 'GET',
  path: '/account/{accountId}/quota',
  group: 'account',
  toolset: 'account',
  annotations: READ_LOCAL,
  description: 'Used/limit/reset of every daily, weekly and monthly quota (429 at limit). No network call; safe to poll.',
  input: byId,
  output: QuotaReport,
  role: 'quotaReport',
  metering: 'exempt', // spec A7: database-only, free, safe to poll
  cache: { ttlMs: 0 }, // the quota guard reads it fresh
});

export const listProfileVisitors = endpoint({
  id: 'A8',
  tool: 'list_profile_visitors',
  title: 'Profile visitors',
  method: 'GET',
  path: '/account/{accountId}/profile-visitors',
  group: 'account',
  toolset: 'account',
  annotations: READ_NETWORK,
  description: 'Who viewed your profile in the last `days`, newest first; some are anonymous.',
  input: z.object({
    accountId: PathAccount,
    days: z.literal([7, 14, 30, 90]).default(90).describe('Look-back window in days'),
    start: Start,
    count: pageSize(100, 20),
  }),
  output: ProfileVisitorsPage,
});

export const listAccounts = endpoint({
  id: 'X1',
  tool: 'list_accounts',
  title: 'Connected accounts',
  method: 'GET',
  path: '/accounts',
  group: 'account',
  toolset: 'account',
  annotations: READ_LOCAL,
  extension: true,
  description: 'Accounts this API key may act for (default marked); use their ids as accountId.',
  input: z.object({}),
  output: AccountList,
  role: 'accountsList',
  metering: 'exempt', // names no account: nothing to meter
  cache: { ttlMs: 30_000 }, // resource listings and default-account lookups share one read
});

export const accountEndpoints = [
  getDefaultAccountStatus,
  getAccountStatus,
  getPremiumStatus,
  getAccountActivity,
  listOwnComments,
  listOwnReactions,
  getQuotaReport,
  listProfileVisitors,
  listAccounts,
] as const;
