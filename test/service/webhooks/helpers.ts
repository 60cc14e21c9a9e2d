import { openSqlite, type Db } from '../../../src/service/store/sqlite.js';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { REDACT_PATHS } from '../../../src/util/logger.js';
import type { Clock } from '../../../src/util/clock.js';
import { applyWebhooksMigrations } from '../../../src/service/webhooks/migrations.js';

export function openDb(file = ':memory:'): Db {
  const db = openSqlite(file);
  db.exec('PRAGMA journal_mode = WAL');
  applyWebhooksMigrations(db);
  return db;
}

export interface Received {
  /** Clock time at which the request arrived. */
  at: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** What the receiver does with the n-th request (1-based): a status, or hang until released. */
export type Behaviour = (n: number) => number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves when the receiver has seen `count` requests. */
  waitFor(count: number): Promise<void>;
  /** Answers every hung request with this status. */
  release(status?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(clock: Clock, behaviour: Behaviour): Promise<Receiver> {
  const received: Received[] = [];
  const hung: ((status: number) => void)[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ at: clock.now(), headers: req.headers, raw: Buffer.concat(chunks) });
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
      const action = behaviour(received.length);
      if (action === 'hang') hung.push((status) => res.writeHead(status).end());
      else res.writeHead(action).end(action >= 400 ? 'nope' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook?token=abc`,
    received,
    waitFor: (count) =>
      received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    release(status = 200) {
      for (const answer of hung.splice(0)) answer(status);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A pino logger like the real one (same redaction) whose output the test can read. */
export function captureLogger(): { logger: Logger; output: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  const logger = pino({ level: 'debug', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
  return { logger, output: () => lines.join('') };
}

export const ACCOUNT = 'a1b2c3d4e5f6a1b2c3d4e5f6';
