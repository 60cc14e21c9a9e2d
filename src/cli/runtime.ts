import { createClient, parsePacing } from '../client/index.js';
import type { OutreachClient } from '../client/types.js';
import { OutreachMcp, type OutreachMcpOptions } from '../mcp/server.js';
import { RecentEvents } from '../mcp/events.js';
import { startWebhookReceiver, type WebhookReceiver } from '../mcp/webhook-receiver.js';
import { defaultDataDir } from '../util/data-dir.js';
import type { Logger } from '../util/logger.js';
import type { McpCliConfig } from './options.js';

/**
 * What the MCP commands run on: a governed client, talking either to the
 * embedded service (started here on loopback) or to a remote one, plus the
 * buffer of received webhook events. close() shuts all of it down.
 */

/** Loaded only when embedded: a remote setup never opens SQLite or builds the world. */
function loadServiceModule(): Promise<typeof import('../service/index.js')> {
  return import('../service/index.js');
}

export interface Runtime {
  client: OutreachClient;
  events: RecentEvents;
  mode: 'embedded' | 'remote';
  /** The service the client talks to. */
  baseUrl: string;
  /** The key the client uses (never logged; confirmation signing derives from it). */
  apiKey: string;
  webhook?: WebhookReceiver;
  /**
   * Builds the embedded world and reads the accounts and quotas, off the
   * request path. Call it once the MCP transport listens: messages already
   * waiting (initialize) are answered first, the rest between the pieces.
   */
  warmUp(): void;
  close(): Promise<void>;
}

export async function startRuntime(config: McpCliConfig, logger: Logger): Promise<Runtime> {
  const events = new RecentEvents(100);
  const closers: (() => Promise<void>)[] = [];
  const warmUps: (() => Promise<void>)[] = [];
  const closeAll = async (): Promise<void> => {
    // Reverse order of start: client before the service it talks to.
    for (const close of closers.splice(0).reverse()) {
      await close().catch((err: unknown) => logger.warn({ err }, 'error during shutdown'));
    }
  };
  try {
    let baseUrl: string;
    let apiKey: string;
    let mode: Runtime['mode'];
    if (config.baseUrl) {
      mode = 'remote';
      baseUrl = config.baseUrl;
      apiKey = config.apiKey ?? '';
    } else {
      mode = 'embedded';
      const { startService } = await loadServiceModule();
      const dataDir = config.dataDir ?? defaultDataDir();
      const service = await startService({
        host: '127.0.0.1',
        port: 0,
        dataDir,
        ...(config.seed !== undefined ? { seed: config.seed } : {}),
        ...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
        logger: logger.child({ component: 'service' }),
        // Events the embedded service raises reach the MCP events resource directly.
        onEvent: (payload) => events.push({ event: payload.event, timestamp: payload.timestamp, data: payload.data as Record<string, unknown> }),
      });
      closers.push(() => service.close());
      warmUps.push(() => service.service.warmUp());
      baseUrl = service.baseUrl;
      apiKey = service.apiKey;
      logger.info({ baseUrl, dataDir }, 'embedded service started');
    }
    const redisUrl = config.redisUrl;
    const pacing = parsePacing(config.workingHours, config.writeJitter);
    const client = createClient({
      baseUrl,
      apiKey,
      logger: logger.child({ component: 'client' }),
      ...(redisUrl ? { redisUrl } : {}),
      ...(pacing ? { pacing } : {}),
      ...(config.pace ? { pace: config.pace } : {}),
    });
    closers.push(() => client.close());
    // The accounts and their quota reports, read in parallel before the first call needs them.
    if (client.warmUp) warmUps.push(() => client.warmUp!());

    let webhook: WebhookReceiver | undefined;
    if (config.webhookPort !== undefined && config.webhookSecret) {
      webhook = await startWebhookReceiver({
        host: config.host,
        port: config.webhookPort,
        secret: config.webhookSecret,
        sink: events,
        logger: logger.child({ component: 'webhooks' }),
      });
      closers.push(() => webhook!.close());
      logger.info({ url: webhook.url }, 'receiving webhooks');
    }
    const warmUp = (): void => {
      for (const run of warmUps.splice(0)) void run().catch((err: unknown) => logger.warn({ err }, 'warm-up failed'));
    };
    const runtime: Runtime = { client, events, mode, baseUrl, apiKey, warmUp, close: closeAll };
    if (webhook) runtime.webhook = webhook;
    return runtime;
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/** The MCP server a CLI command serves, from its options and runtime. */
export function mcpFor(config: McpCliConfig, runtime: Runtime, logger: Logger, extra: Partial<OutreachMcpOptions> = {}): OutreachMcp {
  return new OutreachMcp({
    ...extra,
    client: runtime.client,
    events: runtime.events,
    readOnly: config.readOnly,
    confirm: config.confirm,
    ...(config.conformanceFixtures ? { conformanceFixtures: true } : {}),
    logger,
    ...(config.toolsets ? { toolsets: config.toolsets } : {}),
    ...(config.account ? { defaultAccountId: config.account } : {}),
  });
}
