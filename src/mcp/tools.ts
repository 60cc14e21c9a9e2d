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
import { ACCOUNT_ID_PATTERN, writeTarget, type AnyEndpoint } from '../contract/index.js';
import type { Logger } from '../util/logger.js';
import type { CallOptions, OutreachClient, WaitProgress } from '../client/types.js';
import { quotaUri, type ResourceChanges } from './changes.js';
import { isObjectSchema, toolInputJsonSchema, toolInputZod, toolOutputJsonSchema, toolOutputZod } from './json-schema.js';
import { confirmWrite, type ConfirmMode } from './confirm.js';
import { renderText } from './render.js';
import { describeToolError } from './tool-errors.js';

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

export async function runTool(
  e: AnyEndpoint,
  args: Record<string, unknown>,
  extra: Extra,
  ctx: ToolContext,
  server?: Server,
): Promise<CallToolResult> {
  const { idempotencyKey, ...input } = args;
  if (input.accountId === undefined && ctx.defaultAccountId && 'accountId' in e.input.shape) {
    input.accountId = ctx.defaultAccountId;
  }
  if (server) {
    const stop = await confirmWrite(server, e, input, ctx.confirm ?? 'sends', extra);
    if (stop) return stop;
  }
  const options: CallOptions = { signal: extra.signal };
  const onProgress = progressReporter(extra);
  if (onProgress) options.onProgress = onProgress;
  if (!e.annotations.readOnlyHint) options.idempotencyKey = typeof idempotencyKey === 'string' ? idempotencyKey : randomUUID();
  let output: unknown;
  try {
    output = await ctx.client.call(e, input, options);
  } catch (err) {
    return { isError: true, content: [{ type: 'text', text: describeToolError(err, e, ctx.now?.() ?? Date.now()) }] };
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
  return { content: [{ type: 'text', text: renderText(output) }], structuredContent: structured };
}

/** The compact tools/list entry of one endpoint. */
export function toolDefinition(e: AnyEndpoint): Tool {
  return {
    name: e.tool,
    title: e.title,
    description: e.description,
    inputSchema: toolInputJsonSchema(e) as Tool['inputSchema'],
    outputSchema: toolOutputJsonSchema(e) as NonNullable<Tool['outputSchema']>,
    annotations: { ...e.annotations },
  };
}

/**
 * Registers one tool per endpoint. The SDK validates arguments against the
 * entry's zod schema (a bad field is an isError result naming it, and nothing
 * reaches the client) and structured results against the output schema; the
 * tools/list answer is replaced by a cached compact one (see json-schema.ts).
 */
export function registerTools(server: McpServer, endpoints: readonly AnyEndpoint[], ctx: ToolContext): void {
  for (const e of endpoints) {
    server.registerTool(
      e.tool,
      {
        title: e.title,
        description: e.description,
        inputSchema: toolInputZod(e),
        outputSchema: toolOutputZod(e),
        annotations: { ...e.annotations },
      },
      (args: Record<string, unknown>, extra: Extra) => runTool(e, args, extra, ctx, server.server),
    );
  }
  const tools = endpoints.map(toolDefinition);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
}
