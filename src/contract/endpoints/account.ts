import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, AccountIdPath } from '../common.js';
import { AccountStatus } from '../resources/account.js';

const readAccount = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const getDefaultAccountStatus = endpoint({
  id: 'A1',
  tool: 'get_account_status',
  title: 'Account status (default account)',
  method: 'GET',
  path: '/account/status',
  group: 'account',
  toolset: 'account',
  annotations: readAccount,
  description:
    'Status of a connected account (default: the most recently used one): availability, automation enabled, plan. ' +
    'Account group: 10 calls/min; no quota.',
  input: z.object({ accountId: AccountIdOptional }),
  output: AccountStatus,
});

export const getAccountStatus = endpoint({
  id: 'A2',
  tool: 'get_account_status_by_id',
  title: 'Account status by id',
  method: 'GET',
  path: '/account/{accountId}/status',
  group: 'account',
  toolset: 'account',
  annotations: readAccount,
  description: 'Status of one connected account by id. Account group: 10 calls/min; no quota.',
  input: z.object({ accountId: AccountIdPath }),
  output: AccountStatus,
});

export const accountEndpoints = [getDefaultAccountStatus, getAccountStatus] as const;
