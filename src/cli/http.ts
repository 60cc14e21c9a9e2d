import { createHash, createHmac } from 'node:crypto';
import { isLoopbackHost, startHttpServer } from '../mcp/http.js';
import { RedisOnceStore, RedisServerEventBus, redisNamespace } from '../mcp/redis-bus.js';
import { createLogger } from '../util/logger.js';
import { commandHelp, parseCliOptions } from './options.js';
import { mcpFor, startRuntime } from './runtime.js';
import { onShutdown } from './shutdown.js';

/**
 * `outreach-mcp http`: MCP at /mcp for both protocol eras (2026-07-28
 * stateless, 2025 sessionful) and the old HTTP+SSE transport at /sse.
 * With --redis-url, replicas behind one address share limits, change
 * notifications and spent confirmations.
 */
export async function run(argv: string[]): Promise<void> {
  const parsed = parseCliOptions('http', argv);
  if (parsed.help) {
    process.stderr.write(commandHelp('http'));
    return;
  }
  const { config } = parsed;
  const logger = createLogger('outreach-mcp', config.logLevel);
  for (const flag of config.secretFlags) logger.warn(`${flag} is visible to other local users in the process list; prefer the environment variable`);

  // Refuse before starting anything: a non-loopback bind needs a token.
  if (!isLoopbackHost(config.host) && !config.authToken) {
    throw new Error(
      `Refusing to serve MCP on ${config.host} without a bearer token: set --auth-token or OUTREACH_MCP_TOKEN, or bind to 127.0.0.1 (the default).`,
    );
  }
  const runtime = await startRuntime(config, logger);
  // Replicas of one deployment use one service with one key: the signing key and
  // the Redis namespace derive from it, so they agree without more configuration.
  const stateKey = createHmac('sha256', config.stateSecret ?? runtime.apiKey).update('outreach-mcp confirmation state').digest();
  const deployment = createHash('sha256').update(`${runtime.baseUrl}\0${runtime.apiKey}`).digest('hex').slice(0, 16);
  const namespace = redisNamespace(deployment);
  const bus = config.redisUrl ? new RedisServerEventBus(config.redisUrl, `${namespace}events`, logger.child({ component: 'bus' })) : undefined;
  const onceStore = config.redisUrl ? new RedisOnceStore(config.redisUrl, `${namespace}confirmed:`) : undefined;
  const mcp = mcpFor(config, runtime, logger, { stateKey, ...(onceStore ? { onceStore } : {}) });
  const closeShared = async (): Promise<void> => {
    await bus?.close();
    await onceStore?.close();
  };
  let http;
  try {
    await bus?.whenReady();
    http = await startHttpServer({
      host: config.host,
      port: config.port,
      createServer: (use) => mcp.createServer(use),
      onNotifier: (notify) => mcp.publishChanges(notify),
      logger,
      ...(bus ? { bus } : {}),
      ...(config.authToken ? { authToken: config.authToken } : {}),
      ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
      ...(config.maxSessions ? { maxSessions: config.maxSessions } : {}),
      ...(config.sessionIdleMs ? { sessionIdleMs: config.sessionIdleMs } : {}),
    });
  } catch (err) {
    await closeShared();
    await runtime.close();
    throw err;
  }
  const running = http;
  runtime.warmUp();
  onShutdown(async () => {
    await running.close();
    await closeShared();
    await runtime.close();
  }, logger);
  // One plain line for people and scripts (tests read the port from it).
  process.stderr.write(`outreach-mcp: MCP over HTTP at ${running.url}/mcp (SSE at ${running.url}/sse)\n`);
  logger.info({ url: running.url, mode: runtime.mode, tools: mcp.endpoints.length, replicas: bus ? 'redis' : 'single' }, 'MCP server ready over HTTP');
}
