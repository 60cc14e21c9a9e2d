import { randomUUID } from 'node:crypto';
import {
  LOG_LEVEL_META_KEY,
  type CallToolResult,
  type InputRequiredResult,
  type LoggingLevel,
  type McpServer,
  type ServerContext,
  type StandardSchemaWithJSON,
  type Tool,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { ACCOUNT_ID_PATTERN, summarizeIssues, writeTarget, type AnyEndpoint } from '../contract/index.js';
import type { Logger } from '../util/logger.js';
import type { CallOptions, OutreachClient, WaitProgress } from '../client/types.js';
import { quotaUri, type ResourceChanges } from './changes.js';
import { isObjectSchema, toolInputJsonSchema, toolInputZod, toolOutputJsonSchema, toolOutputZod, type JsonSchema } from './json-schema.js';
import { confirmWrite, type ConfirmGate, type ConfirmMode } from './confirm.js';
import { renderText } from './render.js';
import { describeToolError } from './tool-errors.js';

export type Extra = ServerContext;

export interface ToolContext {
  client: OutreachClient;
  changes: ResourceChanges;
  /** Signs and spends confirmations. */
  gate: ConfirmGate;
  /** Used wherever the contract makes accountId optional and the caller left it out. */
  defaultAccountId?: string;
  /** Resolves the account a call without accountId acted for (for quota announcements). */
  resolveDefaultAccount(): Promise<string | undefined>;
  now?: () => number;
  /** Which writes need the user's confirmation (default: sends). */
  confirm?: ConfirmMode;
  /** Audit of writes (account, tool, target, idempotency key; never message text). */
  logger?: Logger;
  /** The connection's logging/setLevel choice (2025 era). */
  logs?: LogLevelHolder;
}

const SEVERITY: Record<LoggingLevel, number> = { debug: 0, info: 1, notice: 2, warning: 3, error: 4, critical: 5, alert: 6, emergency: 7 };

/** The level a 2025 connection chose with logging/setLevel (one server instance per connection). */
export interface LogLevelHolder {
  level?: LoggingLevel;
}

/**
 * Reports a call waiting in the limiter queue, when the caller wants to hear:
 * progress notifications for a progressToken, and one log message when the
 * client chose a log level (logging/setLevel on 2025, `_meta` logLevel on 2026).
 */
function waitReporter(ctx: ServerContext, tool: string, logs: LogLevelHolder): ((p: WaitProgress) => void) | undefined {
  const token = ctx.mcpReq._meta?.progressToken;
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const modernLog = envelope?.[LOG_LEVEL_META_KEY] !== undefined;
  const legacyLog = logs.level !== undefined && SEVERITY.info >= SEVERITY[logs.level];
  if (token === undefined && !modernLog && !legacyLog) return undefined;
  let last = -1;
  let logged = false;
  return (p) => {
    if (!logged && (modernLog || legacyLog)) {
      logged = true;
      const data = `${tool} is waiting: ${p.message}`;
      const sent = modernLog
        ? ctx.mcpReq.log('info', data, 'outreach-mcp')
        : ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', logger: 'outreach-mcp', data } });
      void sent.catch(() => {});
    }
    if (token === undefined) return;
    // MCP requires progress to increase; the waited time does, but guard equal ticks.
    const progress = Math.max(Math.round(p.waitedMs), last + 1);
    last = progress;
    void ctx.mcpReq
      .notify({
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
 * One tool call after the SDK validated its arguments. Confirmation is the
 * first step and cannot be skipped: it needs the server and the request
 * context, which only a registered tool's handler has.
 */
async function runTool(
  server: McpServer,
  e: AnyEndpoint,
  args: Record<string, unknown>,
  ctx: ServerContext,
  tc: ToolContext,
): Promise<CallToolResult | InputRequiredResult> {
  const { idempotencyKey: givenKey, ...input } = args;
  if (input.accountId === undefined && tc.defaultAccountId && 'accountId' in e.input.shape) {
    input.accountId = tc.defaultAccountId;
  }
  const confirmed = await confirmWrite(
    tc.gate,
    server.server,
    e,
    input,
    typeof givenKey === 'string' ? givenKey : undefined,
    tc.confirm ?? 'sends',
    ctx,
  );
  if (!confirmed.go) return confirmed.result;
  const options: CallOptions = { signal: ctx.mcpReq.signal };
  const onProgress = waitReporter(ctx, e.tool, tc.logs ?? {});
  if (onProgress) options.onProgress = onProgress;
  if (!e.annotations.readOnlyHint) options.idempotencyKey = confirmed.idempotencyKey ?? randomUUID();
  let output: unknown;
  try {
    output = await tc.client.call(e, input, options);
  } catch (err) {
    return { isError: true, content: [{ type: 'text', text: describeToolError(err, e, tc.now?.() ?? Date.now()) }] };
  }
  if (!e.annotations.readOnlyHint) {
    tc.logger?.info(
      { account: input.accountId ?? 'default', tool: e.tool, target: writeTarget(input), idempotencyKey: options.idempotencyKey },
      'write performed',
    );
  }
  if (e.quota && e.quota.length > 0) {
    const account = accountOf(output, input) ?? (await tc.resolveDefaultAccount().catch(() => undefined));
    if (account) tc.changes.changed(quotaUri(account));
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
 * A Standard Schema that validates with the contract's zod schema (one
 * wording: the contract's issue summary) and advertises the compact JSON
 * Schema, so the SDK's own tools/list and tools/call serve one definition.
 */
function contractSchema(schema: z.ZodType, json: JsonSchema, suffix: string): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'outreach-mcp',
      validate(value: unknown) {
        const parsed = schema.safeParse(value);
        if (parsed.success) return { value: parsed.data as Record<string, unknown> };
        const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path.map(String), message: i.message }));
        return { issues: [{ message: `${summarizeIssues(issues)}.${suffix}` }] };
      },
      jsonSchema: {
        input: () => json,
        output: () => json,
      },
    },
  };
}

/**
 * Registers one tool per endpoint, in table order (tools/list is deterministic).
 * The SDK validates arguments (a bad field is an isError result naming it;
 * nothing reaches the client) and structured results.
 */
interface ToolConfig {
  title: string;
  description: string;
  inputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
  outputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
  annotations: AnyEndpoint['annotations'];
}
const configs = new WeakMap<AnyEndpoint, ToolConfig>();

/** One endpoint's registration, built once (servers are built per 2026 request). */
function toolConfig(e: AnyEndpoint): ToolConfig {
  let c = configs.get(e);
  if (!c) {
    c = {
      title: e.title,
      description: e.description,
      inputSchema: contractSchema(toolInputZod(e), toolInputJsonSchema(e), ' Fix the named field(s) and call again.'),
      outputSchema: contractSchema(toolOutputZod(e), toolOutputJsonSchema(e), ''),
      annotations: { ...e.annotations },
    };
    configs.set(e, c);
  }
  return c;
}

export function registerTools(server: McpServer, endpoints: readonly AnyEndpoint[], tc: ToolContext): void {
  // logging/setLevel (2025 era): remembered per connection, applied to the wait messages above.
  const logs: LogLevelHolder = {};
  tc = { ...tc, logs };
  server.server.setRequestHandler('logging/setLevel', (request) => {
    logs.level = request.params.level;
    return {};
  });
  for (const e of endpoints) {
    server.registerTool(
      e.tool,
      toolConfig(e),
      (args: Record<string, unknown>, ctx: ServerContext) => runTool(server, e, args, ctx, tc),
    );
  }
}
