import type { AccountSummary } from '../contract/index.js';
import { accountStatusOf, type AccountRepo } from './accounts/repo.js';
import type { RouteHandler } from './http/pipeline.js';
import type { LimitsGovernor } from './limits/index.js';
import { createQuotaHandler } from './limits/index.js';

/** Handlers the service core answers itself: account status, account list, quota report. */
export function coreHandlers(accounts: AccountRepo, governor: LimitsGovernor): Map<string, RouteHandler> {
  const quota = createQuotaHandler(governor);
  const status: RouteHandler = ({ account }) => accountStatusOf(account!);
  const list: RouteHandler = ({ userId }) => {
    const all = accounts.accessible(userId);
    const summaries: AccountSummary[] = all.map((a, i) => ({
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      publicId: a.publicId,
      status: a.status,
      premiumType: a.premiumType,
      isDefault: i === 0,
    }));
    return { accounts: summaries };
  };
  return new Map<string, RouteHandler>([
    ['A1', status],
    ['A2', status],
    ['A7', ({ account }) => quota({ accountId: account!.id })],
    ['X1', list],
  ]);
}
