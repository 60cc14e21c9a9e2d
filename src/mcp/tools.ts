import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ListToolsRequestSchema,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ACCOUNT_ID_PATTERN, isWrite, validate, writeTarget, type AnyEndpoint } from '../contract/index.js';
import type { Logger } from '../util/logger.js';
import type { CallOptions, OutreachClient, WaitProgress } from '../client/types.js';
import { quotaUri, type ResourceChanges } from './changes.js';
import { compactAnnotations, isObjectSchema, toolInputJsonSchema, toolInputZod, toolOutputJsonSchema, toolOutputZod } from './json-schema.js';
import { confirmWrite, type ConfirmationContext, type ConfirmMode } from './confirm.js';
import { renderResult, type WriteResult } from './render.js';
import { errorResult, toolErrorEnvelope, validationEnvelope } from './tool-errors.js';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolContext {
  client: OutreachClient;
  changes: ResourceChanges;
  /** Used wherever the contract makes accountId optional and the caller left it out. */
  defaultAccountId?: string;
  /** Resolves the account a call without accountId acted for (for quota announcements). */
  resolveDefaultAccount(): Promise<string | undefined>;
  now?: () => number;
  /** Which writes need the user's confirmation (default: sends). */
  confirm?: ConfirmMode;
  /** Audit of writes (account, tool, target, idempotency key; never message text). */
  logger?: Logger;
}

/** Progress for a call waiting in the limiter queue, when the caller asked for it. */
function progressReporter(extra: Extra): ((p: WaitProgress) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  let last = -1;
  return (p) => {
    // MCP requires progress to increase; the waited time does, but guard equal ticks.
    const progress = Math.max(Math.round(p.waitedMs), last + 1);
    last = progress;
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress,
          ...(p.etaMs !== undefined ? { total: progress + Math.max(1, Math.round(p.etaMs)) } : {}),
          message: p.message,
        },
      })
      .catch(() => {
        // The client may be gone; the call itself goes on.
      });
  };
}

function accountOf(output: unknown, input: Record<string, unknown>): string | undefined {
  const fromOutput = output && typeof output === 'object' ? (output as Record<string, unknown>).accountId : undefined;
  if (typeof fromOutput === 'string' && ACCOUNT_ID_PATTERN.test(fromOutput)) return fromOutput;
  return typeof input.accountId === 'string' ? input.accountId : undefined;
}

/**
 * The one validation of tool arguments (the hook every transport's tool
 * handler goes through): a bad argument is the same validation envelope
 * whether this server, the client or the service caught it. The SDK is given
 * a schema that accepts any object, so its own wording never reaches an agent.
 */
export function parseToolArguments(e: AnyEndpoint, args: unknown): { ok: true; args: Record<string, unknown> } | { ok: false; result: CallToolResult } {
  const parsed = validate(toolInputZod(e), args ?? {});
  if (parsed.success) return { ok: true, args: parsed.data as Record<string, unknown> };
  return { ok: false, result: errorResult(validationEnvelope(e, parsed.issues)) };
}

/** Any object passes the SDK's own check; parseToolArguments does the real one. */
export const ANY_ARGUMENTS = z.looseObject({});

/** "Sent" for writes that reach people, "done" for state changes, "already done" for a replayed key. */
function writeResult(e: AnyEndpoint, replayed: boolean): WriteResult {
  if (replayed) return 'already_done';
  return e.annotations.idempotentHint ? 'done' : 'sent';
}

export async function runTool(
  e: AnyEndpoint,
  rawArgs: Record<string, unknown>,
  extra: Extra,
  ctx: ToolContext,
  server?: Server,
): Promise<CallToolResult> {
  const checked = parseToolArguments(e, rawArgs);
  if (!checked.ok) return checked.result;
  const { idempotencyKey, ...input } = checked.args;
  if (input.accountId === undefined && ctx.defaultAccountId && 'accountId' in e.input.shape) {
    input.accountId = ctx.defaultAccountId;
  }
  if (server) {
    const stop = await confirmWrite(server, e, input, ctx.confirm ?? 'sends', extra, () => confirmationContext(ctx, input));
    if (stop) return stop;
  }
  const options: CallOptions = { signal: extra.signal };
  const onProgress = progressReporter(extra);
  if (onProgress) options.onProgress = onProgress;
  let replayed = false;
  if (isWrite(e)) {
    options.idempotencyKey = typeof idempotencyKey === 'string' ? idempotencyKey : randomUUID();
    options.onAnswer = (answer) => {
      replayed = answer.replayed;
    };
  }
  let output: unknown;
  try {
    output = await ctx.client.call(e, input, options);
  } catch (err) {
    const accountId = typeof input.accountId === 'string' ? input.accountId : await ctx.resolveDefaultAccount().catch(() => undefined);
    return errorResult(
      toolErrorEnvelope(err, e, {
        input,
        now: ctx.now?.() ?? Date.now(),
        ...(accountId ? { accountId } : {}),
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      }),
    );
  }
  if (!e.annotations.readOnlyHint) {
    ctx.logger?.info(
      { account: input.accountId ?? 'default', tool: e.tool, target: writeTarget(input), idempotencyKey: options.idempotencyKey },
      'write performed',
    );
  }
  if (e.quota && e.quota.length > 0) {
    const account = accountOf(output, input) ?? (await ctx.resolveDefaultAccount().catch(() => undefined));
    if (account) ctx.changes.changed(quotaUri(account));
  }
  const structured = (isObjectSchema(e.output) ? output : { result: output }) as Record<string, unknown>;
  const text = renderResult(output, { endpoint: e, input, ...(isWrite(e) ? { write: writeResult(e, replayed) } : {}) });
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** The acting account (id and person) and the target, for the confirmation prompt. */
async function confirmationContext(ctx: ToolContext, input: Record<string, unknown>): Promise<ConfirmationContext> {
  const id = typeof input.accountId === 'string' ? input.accountId : await ctx.resolveDefaultAccount().catch(() => undefined);
  if (!id) return {};
  const summary = await ctx.client
    .accounts()
    .then((list) => list.find((a) => a.id === id))
    .catch(() => undefined);
  const name = summary ? `${summary.firstName} ${summary.lastName}`.trim() : '';
  return { account: { id, ...(name ? { name } : {}) } };
}

/** The compact tools/list entry of one endpoint. */
export function toolDefinition(e: AnyEndpoint): Tool {
  return {
    name: e.tool,
    title: e.title,
    description: e.description,
    inputSchema: toolInputJsonSchema(e) as Tool['inputSchema'],
    outputSchema: toolOutputJsonSchema(e) as NonNullable<Tool['outputSchema']>,
    annotations: compactAnnotations(e.annotations),
  };
}

/**
 * Registers one tool per endpoint. runTool validates the arguments itself
 * (parseToolArguments: a bad field is a validation envelope naming it, and
 * nothing reaches the client); the SDK checks structured results against the
 * output schema; the tools/list answer is replaced by a cached compact one
 * (see json-schema.ts).
 */
export function registerTools(server: McpServer, endpoints: readonly AnyEndpoint[], ctx: ToolContext): void {
  for (const e of endpoints) {
    server.registerTool(
      e.tool,
      {
        title: e.title,
        description: e.description,
        inputSchema: ANY_ARGUMENTS,
        outputSchema: toolOutputZod(e),
        annotations: { ...e.annotations },
      },
      (args: Record<string, unknown>, extra: Extra) => runTool(e, args, extra, ctx, server.server),
    );
  }
  const tools = endpoints.map(toolDefinition);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
}
