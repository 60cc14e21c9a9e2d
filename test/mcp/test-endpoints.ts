import { z } from 'zod';
import { AccountIdOptional, endpoint, IsoDateTime, ReactionType } from '../../src/contract/index.js';

/** Endpoints shaped like the ones the full table will carry, for behaviours A1/A2 cannot show. */
export const sendConnection = endpoint({
  id: 'T1',
  tool: 'send_connection_request',
  title: 'Send a connection request',
  method: 'POST',
  path: '/connect',
  group: 'write',
  quota: ['CONNECT'],
  toolset: 'actions',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  description: 'Send a connection request. Spends CONNECT quota.',
  input: z.object({
    accountId: AccountIdOptional,
    profileId: z.string().min(1),
    message: z.string().max(300).optional(),
  }),
  output: z.object({ success: z.boolean(), invitationId: z.string(), timestamp: IsoDateTime }),
});

export const searchThings = endpoint({
  id: 'T2',
  tool: 'search_things',
  title: 'Search things',
  method: 'POST',
  path: '/search/things',
  group: 'search',
  toolset: 'search',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  description: 'Search things; answers a bare array.',
  input: z.object({ accountId: AccountIdOptional, keywords: z.string(), count: z.number().int().min(1).max(100).default(20) }),
  output: z.array(
    z.object({
      name: z.string(),
      reaction: ReactionType.nullable(),
      nested: z.object({ deeper: z.object({ deepest: z.object({ x: z.string() }) }) }).optional(),
    }),
  ),
});

export const TEST_ENDPOINTS = [sendConnection, searchThings] as const;
