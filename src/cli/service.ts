/** outreach-mcp service: runs the embedded service alone and prints one ready line. */
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../util/data-dir.js';
import { createLogger } from '../util/logger.js';
import { onShutdown } from './shutdown.js';

export const HELP = `Usage: outreach-mcp service [options]

Runs the embedded outreach service alone (HTTP, JSON) and prints one line to
stdout when ready: {"baseUrl": "...", "apiKey": "..."}. Logs go to stderr.

Options:
  --port N          Port to listen on (default: 0 = any free port)
  --host HOST       Address to bind (default: 127.0.0.1)
  --data-dir DIR    Data directory (default: ${defaultDataDir()}; env OUTREACH_DATA_DIR)
  --seed S          World seed, fixed at the first start of a data directory (default: outreach)
  --api-key KEY     The start-up key of the demo user (env OUTREACH_API_KEY; stored as a
                    hash only). It replaces the key the previous start installed, which
                    is revoked; with no key, the demo key is the start-up key.
  --time-scale N    Run simulated activity N times faster than real time (default: 1);
                    simulated time resumes where the last run left it, and network
                    timeouts and webhook retry delays stay real time
  -h, --help        Show this help
`;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      'api-key': { type: 'string' },
      'time-scale': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stderr.write(HELP);
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: expected 0-65535, got "${values.port}"`);
  const scale = values['time-scale'] === undefined ? 1 : Number(values['time-scale']);
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`--time-scale: expected a number > 0, got "${values['time-scale']}"`);
  const logger = createLogger('service');
  // The start-up key: the flag, else the environment; with neither, the demo key.
  const apiKey = values['api-key'] ?? (process.env.OUTREACH_API_KEY || undefined);
  const { startService } = await import('../service/index.js');
  const running = await startService({
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? defaultDataDir(),
    // Simulated time resumes where the last run left it; network timeouts stay real time.
    timeScale: scale,
    logger,
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
  });
  onShutdown(() => running.close(), logger);
  logger.info({ baseUrl: running.baseUrl }, 'service ready');
  process.stdout.write(`${JSON.stringify({ baseUrl: running.baseUrl, apiKey: running.apiKey })}\n`);
}
