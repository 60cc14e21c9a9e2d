import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequiredResult,
  type RequestStateCodec,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { isSend, isWrite, type AnyEndpoint } from '../contract/index.js';
import { errorResult } from './tool-errors.js';

/**
 * Human confirmation of writes, written once as an `input_required` form
 * elicitation: a 2026-07-28 client answers it and retries the call; a
 * 2025-era client is asked through a real `elicitation/create` by the SDK's
 * legacy shim. The user sees exactly what will be sent to whom and must
 * accept; a decline, a cancel, or a client that cannot ask means nothing is sent.
 *
 * The retry carries a signed request state (HMAC, expiring) bound to the
 * principal, the tool, a digest of the arguments and the idempotency key the
 * write will use, and it is usable once: a replayed or altered confirmation is refused.
 */

export const CONFIRM_MODES = ['all', 'sends', 'off'] as const;
export type ConfirmMode = (typeof CONFIRM_MODES)[number];

/** How long a confirmation prompt stays answerable. */
export const CONFIRM_TTL_SECONDS = 600;

export function needsConfirmation(e: AnyEndpoint, input: Record<string, unknown>, mode: ConfirmMode): boolean {
  if (mode === 'off' || !isWrite(e)) return false;
  if (mode === 'all') return true;
  return isSend(e, input);
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

/** A confirmation answer that does not fit this call (altered, replayed or empty): nothing is sent. */
function invalidConfirmation(why: string, remediation: string): CallToolResult {
  return errorResult({ code: 'confirmation_invalid', message: `Not sent: ${why}.`, retryable: false, remediation, outcome: 'not_sent' });
}

/** What a confirmation's request state carries (signed, not encrypted: no message text in it). */
export interface ConfirmState {
  kind: 'confirm';
  tool: string;
  /** sha256 of the canonical arguments the user was shown. */
  args: string;
  /** The Idempotency-Key the confirmed write is sent with. */
  key: string;
  /** Makes each confirmation usable once. */
  nonce: string;
}

/** Remembers used confirmation nonces; shared (Redis) when replicas serve one client. */
export interface OnceStore {
  /** True the first time a nonce is claimed, false ever after (within ttlMs). */
  claim(nonce: string, ttlMs: number): Promise<boolean>;
}

/** One process: a map pruned by expiry. */
export class MemoryOnceStore implements OnceStore {
  private readonly used = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}
  async claim(nonce: string, ttlMs: number): Promise<boolean> {
    const t = this.now();
    for (const [n, expires] of this.used) if (expires <= t) this.used.delete(n);
    if (this.used.has(nonce)) return false;
    this.used.set(nonce, t + ttlMs);
    return true;
  }
}

/** The caller a confirmation is bound to: a digest of the bearer token over HTTP, else the local user. */
function principalOf(ctx: ServerContext): string {
  const token = ctx.http?.authInfo?.token;
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : 'local';
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function argsDigest(input: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(input)).digest('base64url');
}

export interface ConfirmGate {
  codec: RequestStateCodec<ConfirmState>;
  once: OnceStore;
}

/** The signing codec: `key` must be shared by every replica that may receive the retry. */
export function createConfirmGate(key: Uint8Array = randomBytes(32), once: OnceStore = new MemoryOnceStore()): ConfirmGate {
  const codec = createRequestStateCodec<ConfirmState>({
    key,
    ttlSeconds: CONFIRM_TTL_SECONDS,
    bind: (ctx) => `${ctx.mcpReq.method}\0${principalOf(ctx)}`,
  });
  return { codec, once };
}

/** Whether the caller declared form elicitation (per request on 2026-07-28, at initialize before). */
export function canElicit(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const perRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: unknown } | undefined;
  if (perRequest) return perRequest.elicitation !== undefined;
  return server.getClientCapabilities()?.elicitation !== undefined;
}

export type ConfirmOutcome =
  | { go: true; idempotencyKey: string | undefined }
  | { go: false; result: CallToolResult | InputRequiredResult };

const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Send it', description: 'Yes, perform this action now' } },
  required: ['confirm'],
};

/**
 * Decides whether a write may go ahead now. First entry: returns the
 * `input_required` round (nothing sent). Retry: checks the signed state against
 * this exact call, spends it, and reads the user's answer.
 */
export async function confirmWrite(
  gate: ConfirmGate,
  server: Server,
  e: AnyEndpoint,
  input: Record<string, unknown>,
  idempotencyKey: string | undefined,
  mode: ConfirmMode,
  ctx: ServerContext,
  context: () => Promise<ConfirmationContext> = async () => ({}),
): Promise<ConfirmOutcome> {
  if (!needsConfirmation(e, input, mode)) return { go: true, idempotencyKey };
  if (!canElicit(server, ctx)) {
    return {
      go: false,
      result: errorResult({
        code: 'confirmation_unavailable',
        message: `Not sent: ${e.tool} needs the user's confirmation and this client cannot ask for it.`,
        retryable: false,
        remediation: ENABLE_HINT,
        outcome: 'not_sent',
      }),
    };
  }
  const digest = argsDigest(input);
  const state = ctx.mcpReq.requestState<ConfirmState>();
  if (state === undefined || typeof state !== 'object') {
    const minted: ConfirmState = { kind: 'confirm', tool: e.tool, args: digest, key: idempotencyKey ?? randomUUID(), nonce: randomUUID() };
    return {
      go: false,
      result: inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: confirmationMessage(e, input, await context()), requestedSchema: CONFIRM_SCHEMA }) },
        requestState: await gate.codec.mint(minted, ctx),
      }),
    };
  }
  if (state.kind !== 'confirm' || state.tool !== e.tool || state.args !== digest || (idempotencyKey !== undefined && idempotencyKey !== state.key)) {
    return { go: false, result: invalidConfirmation('this confirmation was given for a different call', `Call ${e.tool} again to ask the user.`) };
  }
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
  if (answer.kind !== 'elicit') {
    return { go: false, result: invalidConfirmation('the retry carried no answer to the confirmation', `Call ${e.tool} again to ask the user.`) };
  }
  if (!(await gate.once.claim(state.nonce, CONFIRM_TTL_SECONDS * 1000))) {
    return { go: false, result: invalidConfirmation('this confirmation was already used', 'Each confirmation allows one write: call the tool again to ask the user.') };
  }
  if (answer.action === 'accept' && answer.content?.confirm === true) return { go: true, idempotencyKey: state.key };
  const how = answer.action === 'cancel' ? 'cancelled the confirmation' : 'declined';
  return {
    go: false,
    result: errorResult({
      code: 'confirmation_declined',
      message: `Not sent: the user ${how}.`,
      retryable: false,
      remediation: 'Do not retry unless the user asks.',
      outcome: 'not_sent',
    }),
  };
}
