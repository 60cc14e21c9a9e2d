import { QuotaReport } from '../../contract/resources/quota.js';

/**
 * Handler for A7 (GET /account/{accountId}/quota). The pipeline has already
 * authenticated the key and resolved an accessible account; the governor lets
 * A7 through without counting (see isExempt). The answer is checked against
 * the contract's schema so a drift fails loudly in tests, not in clients.
 */
export function createQuotaHandler(source: {
  quotaReport(accountId: string): QuotaReport;
}): (ctx: { accountId: string }) => QuotaReport {
  return ({ accountId }) => QuotaReport.parse(source.quotaReport(accountId));
}
