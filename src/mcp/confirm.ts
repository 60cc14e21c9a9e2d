import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isWrite, type AnyEndpoint } from '../contract/index.js';
import { errorResult } from './tool-errors.js';
import type { Extra } from './tools.js';

/**
 * Human confirmation of writes through MCP elicitation. The user sees exactly
 * what will be sent to whom and must accept; a decline, a cancel or a client
 * that cannot ask means nothing is sent.
 */

export const CONFIRM_MODES = ['all', 'sends', 'off'] as const;
export type ConfirmMode = (typeof CONFIRM_MODES)[number];

/** Writes that reach another person or undo a relationship: messages, InMail, invitations. */
const SENDS = new Set(['B2', 'B3', 'C7', 'D4', 'D5', 'D6', 'D7', 'D11', 'D12']);

export function needsConfirmation(e: AnyEndpoint, input: Record<string, unknown>, mode: ConfirmMode): boolean {
  if (mode === 'off' || !isWrite(e)) return false;
  if (mode === 'all') return true;
  return SENDS.has(e.id) || (e.id === 'B1' && input.action === 'unfollow');
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What the confirmation prompt names besides the input: the acting account, resolved. */
export interface ConfirmationContext {
  /** The account that will act: its id and the person's name, when known. */
  account?: { id: string; name?: string };
}

/** Input fields naming what a write acts on, with the words the prompt uses for them. */
const TARGETS: readonly [field: string, words: string][] = [
  ['recipientProfileId', 'person'],
  ['profileId', 'person'],
  ['profileUrn', 'person'],
  ['conversationId', 'conversation'],
  ['conversationUrn', 'conversation'],
  ['commentId', 'comment'],
  ['replyToCommentId', 'comment'],
  ['postUrn', 'post'],
  ['postUrl', 'post'],
  ['groupId', 'group'],
];

/** "person jane-doe", "comment 123 on post urn:li:activity:9": what the write acts on. */
export function describeTarget(input: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  for (const [field, words] of TARGETS) {
    const value = input[field];
    if (typeof value !== 'string' || value === '') continue;
    const kind = words === 'person' && input.profileType === 'company' ? 'company page' : words;
    if (parts.some((p) => p.startsWith(`${kind} `))) continue;
    parts.push(`${kind} ${value}`);
  }
  if (parts.length === 0) return undefined;
  const [first, ...rest] = parts;
  return rest.length ? `${first} (${rest.join(', ')})` : first;
}

function accountLine(input: Record<string, unknown>, context: ConfirmationContext): string {
  const id = context.account?.id ?? (typeof input.accountId === 'string' ? input.accountId : undefined);
  if (!id) return 'Account: the default account (could not be resolved)';
  const name = context.account?.id === id ? context.account.name : undefined;
  return `Account: ${name ? `${name} (${id})` : id}`;
}

/**
 * The confirmation text (pure): the action, the account that acts (person and
 * id), what it acts on, then every other field as it will be sent.
 */
export function confirmationMessage(e: AnyEndpoint, input: Record<string, unknown>, context: ConfirmationContext = {}): string {
  const lines = [`${e.title}?`, accountLine(input, context)];
  const target = describeTarget(input);
  if (target) lines.push(`Target: ${target}`);
  const shownAsTarget = new Set(TARGETS.map(([field]) => field));
  for (const [field, value] of Object.entries(input)) {
    if (field === 'accountId' || value === undefined || (target && shownAsTarget.has(field))) continue;
    lines.push(`${field}: ${show(value)}`);
  }
  return lines.join('\n');
}

export const ENABLE_HINT =
  'To allow it, use a client that supports MCP elicitation, or start the server with --confirm off ' +
  '(env OUTREACH_CONFIRM=off) if the user accepts writes without a prompt.';

/** undefined: go ahead. A result: stop and return it (nothing was sent). */
export async function confirmWrite(
  server: Server,
  e: AnyEndpoint,
  input: Record<string, unknown>,
  mode: ConfirmMode,
  extra: Extra,
  context: () => Promise<ConfirmationContext> = async () => ({}),
): Promise<CallToolResult | undefined> {
  if (!needsConfirmation(e, input, mode)) return undefined;
  if (!server.getClientCapabilities()?.elicitation) {
    return errorResult({
      code: 'confirmation_unavailable',
      message: `Not sent: ${e.tool} needs the user's confirmation and this client cannot ask for it.`,
      retryable: false,
      remediation: ENABLE_HINT,
      outcome: 'not_sent',
    });
  }
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: confirmationMessage(e, input, await context()),
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Send it', description: 'Yes, perform this action now' } },
          required: ['confirm'],
        },
      },
    },
    ElicitResultSchema,
  );
  if (answer.action === 'accept' && answer.content?.confirm === true) return undefined;
  const how = answer.action === 'cancel' ? 'cancelled the confirmation' : 'declined';
  return errorResult({
    code: 'confirmation_declined',
    message: `Not sent: the user ${how}.`,
    retryable: false,
    remediation: 'Do not retry unless the user asks.',
    outcome: 'not_sent',
  });
}
