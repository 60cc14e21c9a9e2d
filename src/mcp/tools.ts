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
import { ACCOUNT_ID_PATTERN, isWrite, summarizeIssues, validate, writeTarget, type AnyEndpoint } from '../contract/index.js';
import type { Logger } from '../util/logger.js';
import type { CallOptions, OutreachClient, WaitProgress } from '../client/types.js';
import { quotaUri, type ResourceChanges } from './changes.js';
import { compactAnnotations, isObjectSchema, toolInputJsonSchema, toolInputZod, toolOutputJsonSchema, toolOutputZod, type JsonSchema } from './json-schema.js';
import { confirmWrite, type ConfirmationContext, type ConfirmGate, type ConfirmMode } from './confirm.js';
import { renderResult, type WriteResult } from './render.js';
import { errorResult, toolErrorEnvelope, validationEnvelope } from './tool-errors.js';

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
 * The one validation of tool arguments: a bad argument is the same validation
 * envelope whether this server, the client or the service caught it. The SDK's
 * own input check accepts any object (see `contractSchema`), so its wording
 * never reaches an agent.
 */
export function parseToolArguments(e: AnyEndpoint, args: unknown): { ok: true; args: Record<string, unknown> } | { ok: false; result: CallToolResult } {
  const parsed = validate(toolInputZod(e), args ?? {});
  if (parsed.success) return { ok: true, args: parsed.data as Record<string, unknown> };
  return { ok: false, result: errorResult(validationEnvelope(e, parsed.issues)) };
}

/** "Sent" for writes that reach people, "done" for state changes, "already done" for a replayed key. */
function writeResult(e: AnyEndpoint, replayed: boolean): WriteResult {
  if (replayed) return 'already_done';
  return e.annotations.idempotentHint ? 'done' : 'sent';
}

/**
 * One tool call. Validation, then confirmation, come first and cannot be
 * skipped: confirmation needs the server and the request context, which only a
 * registered tool's handler has.
 */
async function runTool(
  server: McpServer,
  e: AnyEndpoint,
  rawArgs: Record<string, unknown>,
  ctx: ServerContext,
  tc: ToolContext,
): Promise<CallToolResult | InputRequiredResult> {
  const checked = parseToolArguments(e, rawArgs);
  if (!checked.ok) return checked.result;
  const { idempotencyKey: givenKey, ...input } = checked.args;
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
    () => confirmationContext(tc, input),
  );
  if (!confirmed.go) return confirmed.result;
  const options: CallOptions = { signal: ctx.mcpReq.signal };
  const onProgress = waitReporter(ctx, e.tool, tc.logs ?? {});
  if (onProgress) options.onProgress = onProgress;
  let replayed = false;
  if (isWrite(e)) {
    options.idempotencyKey = confirmed.idempotencyKey ?? randomUUID();
    options.onAnswer = (answer) => {
      replayed = answer.replayed;
    };
  }
  let output: unknown;
  try {
    output = await tc.client.call(e, input, options);
  } catch (err) {
    const accountId = typeof input.accountId === 'string' ? input.accountId : await tc.resolveDefaultAccount().catch(() => undefined);
    return errorResult(
      toolErrorEnvelope(err, e, {
        input,
        now: tc.now?.() ?? Date.now(),
        ...(accountId ? { accountId } : {}),
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      }),
    );
  }
  if (isWrite(e)) {
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
  const text = renderResult(output, { endpoint: e, input, ...(isWrite(e) ? { write: writeResult(e, replayed) } : {}) });
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** The acting account (id and person) and the target, for the confirmation prompt. */
async function confirmationContext(tc: ToolContext, input: Record<string, unknown>): Promise<ConfirmationContext> {
  const id = typeof input.accountId === 'string' ? input.accountId : await tc.resolveDefaultAccount().catch(() => undefined);
  if (!id) return {};
  const summary = await tc.client
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
 * A Standard Schema that advertises the compact JSON Schema, so the SDK's own
 * tools/list and tools/call serve one definition. `validate` given: results are
 * checked with it (one wording: the contract's issue summary). Tool arguments
 * pass through untouched: runTool validates them (parseToolArguments), so a bad
 * argument is an error envelope, never the SDK's protocol error.
 */
function contractSchema(json: JsonSchema, validate?: z.ZodType): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'outreach-mcp',
      validate(value: unknown) {
        if (!validate) return { value: (value ?? {}) as Record<string, unknown> };
        const parsed = validate.safeParse(value);
        if (parsed.success) return { value: parsed.data as Record<string, unknown> };
        const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path.map(String), message: i.message }));
        return { issues: [{ message: summarizeIssues(issues) }] };
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
 * runTool validates arguments (a bad field is a validation envelope naming it;
 * nothing reaches the client); the SDK checks structured results.
 */
interface ToolConfig {
  title: string;
  description: string;
  inputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
  outputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
  annotations: Partial<AnyEndpoint['annotations']>;
}
const configs = new WeakMap<AnyEndpoint, ToolConfig>();

/** One endpoint's registration, built once (servers are built per 2026 request). */
function toolConfig(e: AnyEndpoint): ToolConfig {
  let c = configs.get(e);
  if (!c) {
    c = {
      title: e.title,
      description: e.description,
      inputSchema: contractSchema(toolInputJsonSchema(e)),
      outputSchema: contractSchema(toolOutputJsonSchema(e), toolOutputZod(e)),
      annotations: compactAnnotations(e.annotations),
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
