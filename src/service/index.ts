import type { AddressInfo } from 'node:net';
import type { Clock } from '../util/clock.js';
import { defaultDataDir } from '../util/data-dir.js';
import { respondToClientError } from '../util/http-client-error.js';
import type { Logger } from '../util/logger.js';
import { createService, type Service, type ServiceOptions } from './service.js';

export { createService, DEFAULT_SEED, type Service, type ServiceOptions } from './service.js';
export { DEMO_ACCOUNTS, DEMO_USER_ID, OTHER_USER_ID, DEMO_WORKSPACE_ID } from './accounts/seed.js';
export { KeyStore } from './accounts/keys.js';

export interface StartServiceOptions {
  host?: string;
  port?: number;
  dataDir?: string;
  seed?: string;
  apiKey?: string;
  clock?: Clock;
  timeScale?: number;
  logger?: Logger;
  onEvent?: ServiceOptions['onEvent'];
  activityIntervalMs?: number;
}

export interface RunningService {
  baseUrl: string;
  apiKey: string;
  service: Service;
  close(): Promise<void>;
}

/** Starts the embedded service on loopback (by default) and answers once it listens. */
export async function startService(opts: StartServiceOptions = {}): Promise<RunningService> {
  const service = await createService({
    dataDir: opts.dataDir ?? defaultDataDir(),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.apiKey !== undefined ? { apiKey: opts.apiKey } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.timeScale !== undefined ? { timeScale: opts.timeScale } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    ...(opts.activityIntervalMs !== undefined ? { activityIntervalMs: opts.activityIntervalMs } : {}),
  });
  const host = opts.host ?? '127.0.0.1';
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = service.app.listen(opts.port ?? 0, host, () => resolve(s));
    s.once('error', reject);
  }).catch(async (err: unknown) => {
    await service.close();
    throw err;
  });
  // Requests Node's parser refuses (bad request line, headers or URL over the limit) get JSON too.
  server.on('clientError', respondToClientError);
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${shownHost}:${port}`,
    apiKey: service.apiKey,
    service,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await service.close();
      })();
      return closing;
    },
  };
}
