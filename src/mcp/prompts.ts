import { completable, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { PER_MINUTE_LIMITS, rulesFor, type AnyEndpoint } from '../contract/index.js';

/**
 * Playbooks for the common outreach jobs. Each names the tools to use and the
 * limits they spend; the figures come from the contract so they never drift.
 */

interface Playbook {
  name: string;
  title: string;
  description: string;
  /** Tools the playbook drives; it is offered only when all of them are served. */
  tools: readonly string[];
  args: Record<string, z.ZodOptional<z.ZodString> | z.ZodString>;
  render(args: Record<string, string | undefined>, cost: (tool: string) => string): string;
}

const QUOTA_RESOURCE = 'outreach://accounts/{accountId}/quota';

const COMMON_RULES = [
  `Before spending quota, read ${QUOTA_RESOURCE} (free, no limit) and stop when the feature's remaining reaches 0.`,
  'Page with the returned start/paginationToken; never re-fetch a page you already have.',
  'If a tool says a per-minute limit applies, wait the seconds it names; if a quota is exhausted, stop and report its reset time.',
  'Never retry a write that may have landed: the server already retries safely with an idempotency key.',
];

const PLAYBOOKS: readonly Playbook[] = [
  {
    name: 'find_and_connect',
    title: 'Find prospects and send connection requests',
    description: 'Search people matching a profile, check each relationship, and invite the right ones with a personal note.',
    tools: ['search_people', 'get_relationship', 'send_connection_request'],
    args: {
      keywords: z.string().describe('Who to look for, e.g. "head of data fintech"'),
      location: z.string().optional().describe('Place name or geoId'),
      maxInvites: z.string().optional().describe('Most invitations to send (default 10)'),
      accountId: z.string().optional(),
    },
    render: (a, cost) =>
      [
        `Goal: find people matching "${a.keywords}"${a.location ? ` in ${a.location}` : ''} and send at most ${a.maxInvites ?? '10'} connection requests${a.accountId ? ` from account ${a.accountId}` : ''}.`,
        `1. search_people (${cost('search_people')}). Skip 1st-degree results.`,
        `2. For each candidate, get_relationship (${cost('get_relationship')}); skip pending invitations and existing connections.`,
        `3. send_connection_request (${cost('send_connection_request')}) with a note of at most 300 characters that mentions something specific from their headline. Show the notes to the user before sending if they have not approved the wording.`,
      ].join('\n'),
  },
  {
    name: 'follow_up_accepted',
    title: 'Follow up on accepted invitations',
    description: 'Find invitations that were accepted and send each new connection a short first message.',
    tools: ['list_sent_invitations', 'get_relationship', 'send_message'],
    args: {
      message: z.string().optional().describe('Message idea or template'),
      accountId: z.string().optional(),
    },
    render: (a, cost) =>
      [
        'Goal: greet people who accepted a connection request.',
        `1. Read outreach://events/recent for connection.accepted events if available; otherwise list_sent_invitations (${cost('list_sent_invitations')}): accepted invitations leave that list.`,
        `2. Confirm each with get_relationship (${cost('get_relationship')}): connectionDegree must be DISTANCE_1.`,
        `3. send_message (${cost('send_message')}) once per person${a.message ? `, based on: "${a.message}"` : ''}. Keep it short and personal; never send the same text twice to one person.`,
      ].join('\n'),
  },
  {
    name: 'triage_inbox',
    title: 'Triage the inbox',
    description: 'Read recent conversations, sort them by what they need, and draft replies for approval.',
    tools: ['list_recent_messages', 'get_conversation_details', 'mark_conversation_seen'],
    args: {
      unreadOnly: z.string().optional().describe('"true" to look at unread conversations only (default true)'),
      accountId: z.string().optional(),
    },
    render: (a, cost) =>
      [
        'Goal: a triaged inbox with drafted replies; send nothing without the user saying so.',
        `1. list_recent_messages with unreadOnly=${a.unreadOnly ?? 'true'} (${cost('list_recent_messages')}). One call usually suffices.`,
        `2. get_conversation_details (${cost('get_conversation_details')}) for threads that need context.`,
        '3. Group threads: needs reply, lead / opportunity, FYI, spam. Draft replies for the first two.',
        `4. After the user approves, mark handled threads with mark_conversation_seen (${cost('mark_conversation_seen')}).`,
      ].join('\n'),
  },
  {
    name: 'engage_with_profile',
    title: "Engage with a profile's recent posts",
    description: 'Read the latest posts of a person and react or comment where it adds something.',
    tools: ['get_latest_posts', 'react_to_post', 'comment_on_post'],
    args: {
      profileId: z.string().describe('Public id (vanity slug) of the person'),
      maxActions: z.string().optional().describe('Most reactions + comments (default 3)'),
      accountId: z.string().optional(),
    },
    render: (a, cost) =>
      [
        `Goal: genuine engagement with ${a.profileId}'s recent posts, at most ${a.maxActions ?? '3'} actions in total.`,
        `1. get_latest_posts (${cost('get_latest_posts')}).`,
        `2. react_to_post (${cost('react_to_post')}) on posts worth it; pick the reaction type that fits (INTEREST for insight, PRAISE for news, ...).`,
        `3. comment_on_post (${cost('comment_on_post')}) only with something specific to say; never generic praise.`,
      ].join('\n'),
  },
  {
    name: 'account_health',
    title: 'Review quota and account health',
    description: 'Check every account: status, plan, quota left in each window, recent activity.',
    tools: ['list_accounts', 'get_account_activity'],
    args: { accountId: z.string().optional().describe('One account; default all') },
    render: (a, cost) =>
      [
        `Goal: a short health report for ${a.accountId ? `account ${a.accountId}` : 'every account'}.`,
        '1. Read outreach://accounts, then outreach://accounts/{accountId}/status for each (status ERROR or WARMUP needs attention; networkPlan shows premium).',
        `2. Read ${QUOTA_RESOURCE} for each: list features with remaining under 20% and their resetAt.`,
        `3. get_account_activity (${cost('get_account_activity')}) for the last 15 days of comments and reactions.`,
        '4. Recommend what to slow down or pause.',
      ].join('\n'),
  },
];

/** "search group 30/min; SEARCH_PEOPLE 100/day" for a served tool. */
export function costOf(endpoint: AnyEndpoint): string {
  const perMinute = PER_MINUTE_LIMITS[endpoint.group];
  const parts = [perMinute === null ? `${endpoint.group} group, no per-minute limit` : `${endpoint.group} group ${perMinute}/min`];
  for (const feature of endpoint.quota ?? []) {
    for (const rule of rulesFor(feature)) {
      const per = rule.window === 'daily' ? 'day' : rule.window === 'weekly' ? 'week' : 'month';
      parts.push(rule.capped ? `${feature} ${rule.limit}/${per}` : `${feature} counted, not capped`);
    }
  }
  return parts.join('; ');
}

/** Registers the playbooks whose tools are all served; returns their names. */
/** accountId arguments complete to the key's account ids when a completer is given. */
const argsCache = new WeakMap<object, Map<Playbook['args'], z.ZodObject<z.ZodRawShape>>>();
const NO_COMPLETER = {};

/** Built once per playbook and completer (servers are built per 2026 request). */
function argsWithCompletion(
  args: Playbook['args'],
  completeAccountId: ((prefix: string) => Promise<string[]>) | undefined,
): z.ZodObject<z.ZodRawShape> {
  const owner = completeAccountId ?? NO_COMPLETER;
  let byArgs = argsCache.get(owner);
  if (!byArgs) argsCache.set(owner, (byArgs = new Map()));
  let schema = byArgs.get(args);
  if (!schema) byArgs.set(args, (schema = buildArgs(args, completeAccountId)));
  return schema;
}

function buildArgs(args: Playbook['args'], completeAccountId: ((prefix: string) => Promise<string[]>) | undefined): z.ZodObject<z.ZodRawShape> {
  if (!completeAccountId || !args.accountId) return z.object(args);
  const base = args.accountId instanceof z.ZodOptional ? (args.accountId.unwrap() as z.ZodString) : args.accountId;
  // completable() marks the schema it is given: mark a fresh one per server.
  const fresh = base.description ? z.string().describe(base.description) : z.string();
  const accountId = completable(fresh, (value: string) => completeAccountId(value));
  return z.object({ ...args, accountId: args.accountId instanceof z.ZodOptional ? accountId.optional() : accountId });
}

export function registerPrompts(
  server: McpServer,
  endpoints: readonly AnyEndpoint[],
  completeAccountId?: (prefix: string) => Promise<string[]>,
): string[] {
  const byTool = new Map(endpoints.map((e) => [e.tool, e]));
  const cost = (tool: string): string => {
    const e = byTool.get(tool);
    return e ? costOf(e) : 'not served';
  };
  const registered: string[] = [];
  for (const playbook of PLAYBOOKS) {
    if (!playbook.tools.every((t) => byTool.has(t))) continue;
    server.registerPrompt(
      playbook.name,
      { title: playbook.title, description: playbook.description, argsSchema: argsWithCompletion(playbook.args, completeAccountId) },
      (args: Record<string, unknown>): GetPromptResult => ({
        description: playbook.description,
        messages: [
          {
            role: 'user',
            content: { type: 'text', text: `${playbook.render(args as Record<string, string | undefined>, cost)}\n\nRules:\n${COMMON_RULES.map((r) => `- ${r}`).join('\n')}` },
          },
        ],
      }),
    );
    registered.push(playbook.name);
  }
  return registered;
}

export const PLAYBOOK_NAMES = PLAYBOOKS.map((p) => p.name);
