import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isWrite, type AnyEndpoint } from '../contract/index.js';
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

/** The confirmation text: the action, the account, then every field as it will be sent. */
export function confirmationMessage(e: AnyEndpoint, input: Record<string, unknown>): string {
  const lines = [`${e.title}?`, `Account: ${typeof input.accountId === 'string' ? input.accountId : 'default account'}`];
  for (const [field, value] of Object.entries(input)) {
    if (field === 'accountId' || value === undefined) continue;
    lines.push(`${field}: ${show(value)}`);
  }
  return lines.join('\n');
}

const refusal = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

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
): Promise<CallToolResult | undefined> {
  if (!needsConfirmation(e, input, mode)) return undefined;
  if (!server.getClientCapabilities()?.elicitation) {
    return refusal(`Not sent: ${e.tool} needs the user's confirmation and this client cannot ask for it. ${ENABLE_HINT}`);
  }
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: confirmationMessage(e, input),
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
  return refusal(`Not sent: the user ${how}. Nothing was changed; do not retry unless the user asks.`);
}
