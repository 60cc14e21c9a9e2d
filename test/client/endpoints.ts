import { z } from 'zod';
import { AccountIdOptional, ReactionType, endpoint, type AnyEndpoint } from '../../src/contract/index.js';
import { getAccountStatus, getDefaultAccountStatus } from '../../src/contract/endpoints/account.js';

/**
 * Contract-shaped entries the client tests exercise. Only A1/A2 exist in the
 * shared table on this branch; these follow the spec's paths, groups and
 * quota features so the tests can move to the real entries unchanged.
 */
const write = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } as const;
const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;

export const sendConnect = endpoint({
  id: 'B3',
  tool: 'send_connection_request',
  title: 'Send a connection request',
  method: 'POST',
  path: '/connect',
  group: 'write',
  quota: ['CONNECT'],
  toolset: 'actions',
  annotations: write,
  description: 'test entry',
  input: z.object({ accountId: AccountIdOptional, profileId: z.string().min(1), message: z.string().max(300).optional() }),
  output: z.object({ success: z.boolean(), invitationId: z.string(), timestamp: z.string() }),
});

export const reactToPost = endpoint({
  id: 'E3',
  tool: 'react_to_post',
  title: 'React to a post',
  method: 'POST',
  path: '/posts/react',
  group: 'write',
  quota: ['REACT'],
  toolset: 'posts',
  annotations: { ...write, idempotentHint: true },
  description: 'test entry',
  input: z.object({ accountId: AccountIdOptional, postUrn: z.string().min(1), reactionType: ReactionType }),
  output: z.object({ success: z.boolean() }),
});

export const scrapePost = endpoint({
  id: 'E11',
  tool: 'scrape_post',
  title: 'Scrape a post',
  method: 'POST',
  path: '/posts/scrape',
  group: 'content',
  toolset: 'posts',
  annotations: read,
  description: 'test entry',
  input: z.object({ accountId: AccountIdOptional, postUrl: z.string().min(1) }),
  output: z.object({ postUrn: z.string(), text: z.string(), comments: z.number(), shares: z.number() }),
});

export const searchGeo = endpoint({
  id: 'G8',
  tool: 'search_geo',
  title: 'Geo look-up',
  method: 'POST',
  path: '/search/geo',
  group: 'search',
  toolset: 'search',
  annotations: read,
  description: 'test entry',
  input: z.object({ accountId: AccountIdOptional, keywords: z.string() }),
  output: z.object({ locations: z.array(z.object({ name: z.string(), geoId: z.string(), countryCode: z.string() })) }),
});

export const recentMessages = endpoint({
  id: 'D1',
  tool: 'get_recent_messages',
  title: 'Recent messages',
  method: 'GET',
  path: '/messaging/recent-messages',
  group: 'inbox',
  toolset: 'messaging',
  annotations: read,
  description: 'test entry',
  input: z.object({ accountId: AccountIdOptional }),
  output: z.object({ conversations: z.array(z.object({ id: z.string() })) }),
});

export const TEST_ENDPOINTS: readonly AnyEndpoint[] = [
  getDefaultAccountStatus,
  getAccountStatus,
  sendConnect,
  reactToPost,
  scrapePost,
  searchGeo,
  recentMessages,
];
