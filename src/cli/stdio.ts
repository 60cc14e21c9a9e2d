import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { ResilientStdioTransport } from '../mcp/stdio-transport.js';
import { createLogger } from '../util/logger.js';
import { commandHelp, parseCliOptions } from './options.js';
import { mcpFor, startRuntime } from './runtime.js';
import { onShutdown } from './shutdown.js';

/**
 * `outreach-mcp [stdio]`: MCP on stdin/stdout; stdout carries protocol messages only.
 * Both protocol eras: the opening exchange picks 2026-07-28 (server/discover)
 * or 2025 (initialize), and one server instance serves the connection.
 */
export async function run(argv: string[]): Promise<void> {
  const parsed = parseCliOptions('stdio', argv);
  if (parsed.help) {
    process.stderr.write(commandHelp('stdio'));
    return;
  }
  const { config } = parsed;
  const logger = createLogger('outreach-mcp', config.logLevel);
  for (const flag of config.secretFlags) logger.warn(`${flag} is visible to other local users in the process list; prefer the environment variable`);

  const runtime = await startRuntime(config, logger);
  const mcp = mcpFor(config, runtime, logger);
  const transport = new ResilientStdioTransport(process.stdin, process.stdout, undefined, (reason) => logger.warn(`stdin: ${reason}`));
  const handle = serveStdio((ctx) => mcp.createServer({ era: ctx.era, longLived: true }), {
    transport,
    onerror: (err) => logger.debug({ err: err.message }, 'MCP stdio error'),
  });
  const stop = onShutdown(async () => {
    await handle.close().catch(() => {});
    await runtime.close();
  }, logger);
  // The client closing stdin ends the connection, and the process with it.
  const previous = transport.onclose;
  transport.onclose = () => {
    previous?.();
    void stop();
  };
  // After the first message (initialize or server/discover) is read, so its answer does not wait for the warm-up.
  process.stdin.once('data', () => runtime.warmUp());
  logger.info({ mode: runtime.mode, tools: mcp.endpoints.length }, 'MCP server ready on stdio');
}
