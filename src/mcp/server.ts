import { McpServer, type CacheHint, type ServerNotifier } from '@modelcontextprotocol/server';
import { ACCOUNT_ID_PATTERN, ENDPOINTS, INVALID_ACCOUNT_ID, type AnyEndpoint } from '../contract/index.js';
import type { OutreachClient } from '../client/types.js';
import type { Logger } from '../util/logger.js';
import { EVENTS_URI, ResourceChanges } from './changes.js';
import { createConfirmGate, MemoryOnceStore, type ConfirmGate, type ConfirmMode, type OnceStore } from './confirm.js';
import type { EventSource } from './events.js';
import { registerConformanceFixtures } from './conformance-fixtures.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { selectEndpoints, type ToolSelection } from './selection.js';
import { registerTools } from './tools.js';

export const SERVER_NAME = 'outreach-mcp';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = [
  'Drives professional-network outreach for the accounts listed at outreach://accounts; accountId is optional (default account).',
  'Costs: each tool description names its per-minute group and quota. Read outreach://accounts/{accountId}/quota (free, safe to poll) before a batch of writes and stop a feature at remaining 0.',
  'Paging: pass back the start/paginationToken a list returns; stop when hasMore is false or the token is null.',
  'Limits: calls over a per-minute limit wait in a queue (progress is reported); a tool error naming a per-minute limit says when to retry; a quota error names its reset time, so stop that feature until then.',
  'Writes are sent once: never repeat a write whose result you did not see; pass the same idempotencyKey if you must retry.',
  'Prompts (find_and_connect, follow_up_accepted, triage_inbox, engage_with_profile, account_health) give step-by-step playbooks.',
].join(' ');

export interface OutreachMcpOptions extends ToolSelection {
  client: OutreachClient;
  /** Account used wherever accountId is optional and omitted. */
  defaultAccountId?: string;
  /** Received webhook events; enables the outreach://events/recent resource. */
  events?: EventSource;
  /** Shared across sessions so one session's quota spend reaches another's subscription. */
  changes?: ResourceChanges;
  /** The table to serve; default: the whole contract. */
  endpoints?: readonly AnyEndpoint[];
  logger?: Logger;
  now?: () => number;
  /** Which writes ask the user first through elicitation: all, sends (default) or off. */
  confirm?: ConfirmMode;
  /** HMAC key (>= 32 bytes) signing confirmation state; every replica serving one client needs the same. Default: random. */
  stateKey?: Uint8Array;
  /** Where used confirmations are remembered; shared across replicas (Redis) when several serve one client. */
  onceStore?: OnceStore;
  /** TEST ONLY: also serve the MCP conformance suite's fixtures. */
  conformanceFixtures?: boolean;
}

/** How a server instance is used: which era it serves, and whether it outlives one request. */
export interface ServerUse {
  era?: 'legacy' | 'modern';
  /** stdio and 2025 sessions: true. A 2026 HTTP request's instance: false (its notifications go through the event bus). */
  longLived?: boolean;
}

const MINUTE = 60_000;

/**
 * 2026-07-28 cache hints. What this server advertises depends on its flags,
 * not on the key, so lists are public; everything read through the key
 * (accounts, status, quota, events) is private and never stale-served.
 */
export const CACHE_HINTS: Partial<Record<'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list' | 'resources/read' | 'server/discover', CacheHint>> = {
  'tools/list': { ttlMs: 5 * MINUTE, cacheScope: 'public' },
  'prompts/list': { ttlMs: 5 * MINUTE, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 5 * MINUTE, cacheScope: 'public' },
  'server/discover': { ttlMs: 5 * MINUTE, cacheScope: 'public' },
  'resources/list': { ttlMs: 0, cacheScope: 'private' },
  'resources/read': { ttlMs: 0, cacheScope: 'private' },
};

/**
 * Everything sessions share: the client, the change bus, the selected tools.
 * `createServer()` makes one McpServer per session (stdio has one; HTTP one per
 * client session).
 */
export class OutreachMcp {
  readonly changes: ResourceChanges;
  readonly endpoints: readonly AnyEndpoint[];
  readonly gate: ConfirmGate;
  private defaultAccount: Promise<string | undefined> | undefined;
  private notifier: ServerNotifier | undefined;

  constructor(readonly options: OutreachMcpOptions) {
    if (options.defaultAccountId !== undefined && !ACCOUNT_ID_PATTERN.test(options.defaultAccountId)) {
      throw new Error(`Default account: ${INVALID_ACCOUNT_ID} (expected 24 hex characters)`);
    }
    this.changes = options.changes ?? new ResourceChanges();
    this.endpoints = selectEndpoints(options.endpoints ?? ENDPOINTS, options);
    this.gate = createConfirmGate(options.stateKey, options.onceStore ?? new MemoryOnceStore(options.now));
  }

  /** Stable, so per-request servers share the prompts' completion schemas. */
  private readonly completer = (prefix: string): Promise<string[]> => this.completeAccountId(prefix);

  /** Account ids starting with `prefix`, for completion/complete. */
  async completeAccountId(prefix: string): Promise<string[]> {
    const list = await this.options.client.accounts().catch(() => []);
    return list.map((a) => a.id).filter((id) => id.startsWith(prefix)).slice(0, 100);
  }

  /**
   * Publishes this process's resource changes (quota spent, events received)
   * on a 2026 handler's event bus, whose listen streams may live on any replica.
   */
  publishChanges(notify: ServerNotifier): () => void {
    this.notifier = notify;
    const stopChanges = this.changes.listen((uri) => notify.resourceUpdated(uri));
    const stopList = this.changes.listenList(() => notify.resourcesChanged());
    const stopEvents = this.options.events?.onEvent(() => notify.resourceUpdated(EVENTS_URI));
    return () => {
      stopChanges();
      stopList();
      stopEvents?.();
    };
  }

  /** The account a call without accountId acts for: the configured one, else the key's default. */
  resolveDefaultAccount(): Promise<string | undefined> {
    if (this.options.defaultAccountId) return Promise.resolve(this.options.defaultAccountId);
    this.defaultAccount ??= this.options.client.accounts().then(
      (list) => {
        this.changes.accountsSeen(list.map((a) => a.id));
        return list.find((a) => a.isDefault)?.id;
      },
      () => {
        this.defaultAccount = undefined; // try again next time
        return undefined;
      },
    );
    return this.defaultAccount;
  }

  createServer(use: ServerUse = {}): McpServer {
    const era = use.era ?? 'legacy';
    const longLived = use.longLived ?? true;
    const server = new McpServer(
      { name: SERVER_NAME, version: SERVER_VERSION, title: 'Outreach MCP' },
      {
        capabilities: {
          tools: { listChanged: this.options.conformanceFixtures === true },
          resources: { subscribe: true, listChanged: true },
          prompts: { listChanged: this.options.conformanceFixtures === true },
          logging: {},
          completions: {},
        },
        instructions: INSTRUCTIONS,
        cacheHints: CACHE_HINTS,
        requestState: { verify: this.gate.codec.verify },
      },
    );
    const ctx = {
      client: this.options.client,
      changes: this.changes,
      resolveDefaultAccount: () => this.resolveDefaultAccount(),
      ...(this.options.defaultAccountId ? { defaultAccountId: this.options.defaultAccountId } : {}),
      ...(this.options.now ? { now: this.options.now } : {}),
      confirm: this.options.confirm ?? 'sends',
      gate: this.gate,
      ...(this.options.logger ? { logger: this.options.logger } : {}),
    };
    registerTools(server, this.endpoints, ctx);
    const completeAccountId = this.completer;
    registerPrompts(server, this.endpoints, completeAccountId);
    const resources = registerResources(server, {
      client: this.options.client,
      changes: this.changes,
      era,
      longLived,
      completeAccountId,
      ...(this.options.events ? { events: this.options.events } : {}),
    });
    if (this.options.conformanceFixtures) registerConformanceFixtures(server, { gate: this.gate, notifier: () => this.notifier });
    const previous = server.server.onclose;
    server.server.onclose = () => {
      resources.close();
      previous?.();
    };
    return server;
  }
}
