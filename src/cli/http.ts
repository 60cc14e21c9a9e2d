import { isLoopbackHost, startHttpServer } from '../mcp/http.js';
import { createLogger } from '../util/logger.js';
import { commandHelp, parseCliOptions } from './options.js';
import { mcpFor, startRuntime } from './runtime.js';
import { onShutdown } from './shutdown.js';

/** `outreach-mcp http`: Streamable HTTP at /mcp and SSE at /sse, one session per client. */
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
  const mcp = mcpFor(config, runtime, logger);
  let http;
  try {
    http = await startHttpServer({
      host: config.host,
      port: config.port,
      createServer: () => mcp.createServer(),
      logger,
      ...(config.authToken ? { authToken: config.authToken } : {}),
      ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
    });
  } catch (err) {
    await runtime.close();
    throw err;
  }
  const running = http;
  runtime.warmUp();
  onShutdown(async () => {
    await running.close();
    await runtime.close();
  }, logger);
  // One plain line for people and scripts (tests read the port from it).
  process.stderr.write(`outreach-mcp: MCP over HTTP at ${running.url}/mcp (SSE at ${running.url}/sse)\n`);
  logger.info({ url: running.url, mode: runtime.mode, tools: mcp.endpoints.length }, 'MCP server ready over HTTP');
}
