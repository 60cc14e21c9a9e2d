import { z } from 'zod';

/** GET /accounts (an extension): the accounts this key can act for. */
export const AccountSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  publicId: z.string(),
  status: z.string(),
  premiumType: z.string(),
  isDefault: z.boolean(),
});

export const AccountsResponse = z.object({ accounts: z.array(AccountSummarySchema) });

export const ACCOUNTS_PATH = '/accounts';

/** A7: free to read, consumes no quota (spec 4.1). */
export const QUOTA_PATH = '/account/{accountId}/quota';
