import { z } from 'zod';
import { AccountIdOptional, endpoint, endpointByTool, ReactionType } from '../../src/contract/index.js';

/** The real connection-request entry (B3): a quota-spending write. */
export const sendConnection = endpointByTool('send_connection_request')!;

/** A stand-in whose output is a bare array, a shape no real entry has. */
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

export const TEST_ENDPOINTS = [searchThings] as const;
