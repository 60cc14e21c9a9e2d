import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../util/logger.js';
import { parseEvent, type EventSink } from './events.js';

/**
 * A small HTTP endpoint that receives the service's webhooks (spec section 6):
 * verifies `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>` and
 * feeds the verified events into an EventSink. Any path is accepted; only POST.
 */

export const SIGNATURE_HEADER = 'x-service-signature';
const MAX_BODY_BYTES = 1024 * 1024;

export function signBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time check of a signature header against the raw body. */
export function verifySignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface WebhookReceiverOptions {
  host?: string;
  port: number;
  secret: string;
  sink: EventSink;
  logger?: Logger;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startWebhookReceiver(opts: WebhookReceiverOptions): Promise<WebhookReceiver> {
  if (!opts.secret) throw new Error('a webhook secret is required to receive webhooks (--webhook-secret)');
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') return reply(res, 405, { error: 'Only POST is accepted' });
      const raw = await readBody(req);
      if (raw === null) return reply(res, 413, { error: `Body larger than ${MAX_BODY_BYTES} bytes` });
      if (!verifySignature(opts.secret, raw, req.headers[SIGNATURE_HEADER] as string | undefined)) {
        opts.logger?.warn('webhook rejected: bad or missing signature');
        return reply(res, 401, { error: 'Invalid or missing X-Service-Signature' });
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply(res, 400, { error: 'Body is not valid JSON' });
      }
      const parsed = parseEvent(json);
      if (!parsed.ok) return reply(res, 400, { error: parsed.error });
      const stored = opts.sink.push(parsed.event);
      opts.logger?.debug({ event: stored.event, seq: stored.seq }, 'webhook received');
      reply(res, 200, { success: true });
    })().catch((err: unknown) => {
      opts.logger?.error({ err }, 'webhook receiver failed');
      if (!res.headersSent) reply(res, 500, { error: 'Internal error' });
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
