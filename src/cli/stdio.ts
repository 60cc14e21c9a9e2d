import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLogger } from '../util/logger.js';
import { commandHelp, parseCliOptions } from './options.js';
import { mcpFor, startRuntime } from './runtime.js';
import { onShutdown } from './shutdown.js';

/** `outreach-mcp [stdio]`: MCP on stdin/stdout; stdout carries protocol messages only. */
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
  const server = mcp.createServer();
  const transport = new StdioServerTransport();
  const stop = onShutdown(async () => {
    await server.close().catch(() => {});
    await runtime.close();
  }, logger);
  // The client closing stdin ends the session, and the process with it.
  process.stdin.once('end', () => void stop());
  transport.onclose = () => void stop();
  await server.connect(transport);
  // After the first message (initialize) is read, so its answer does not wait for the warm-up.
  process.stdin.once('data', () => runtime.warmUp());
  logger.info({ mode: runtime.mode, tools: mcp.endpoints.length }, 'MCP server ready on stdio');
}
