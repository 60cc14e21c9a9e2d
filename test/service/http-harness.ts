import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ManualClock } from '../../src/util/clock.js';
import { createLogger } from '../../src/util/logger.js';
import { createService, type Service } from '../../src/service/index.js';

/** The whole embedded service on loopback, on a ManualClock, with no background timers. */
export interface LiveService {
  service: Service;
  clock: ManualClock;
  baseUrl: string;
  apiKey: string;
  request(method: string, path: string, options?: { body?: unknown; rawBody?: string; key?: string | null; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function startLive(options: { dataDir?: string; clock?: ManualClock; apiKey?: string; seed?: string } = {}): Promise<LiveService> {
  const clock = options.clock ?? new ManualClock('2026-01-05T09:00:00.000Z');
  const service = await createService({
    dataDir: options.dataDir ?? ':memory:',
    clock,
    logger: createLogger('test', 'silent'),
    activityIntervalMs: 0,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.seed ? { seed: options.seed } : {}),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = service.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    service,
    clock,
    baseUrl,
    apiKey: service.apiKey,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      const key = opts.key === undefined ? service.apiKey : opts.key;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await service.close();
    },
  };
}
