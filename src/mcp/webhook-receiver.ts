import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { respondToClientError } from '../util/http-client-error.js';
import {
  MAX_WEBHOOK_BODY_BYTES,
  VERIFICATION_EVENT,
  WEBHOOK_HEADERS,
  looksLikeServiceSignature,
  parseWebhookPayload,
  serviceSignature,
  verifyServiceSignature,
} from '../contract/webhooks.js';
import type { Logger } from '../util/logger.js';
import type { EventSink } from './events.js';

/**
 * A small HTTP endpoint that receives the service's webhooks (spec section 6)
 * by the one webhook contract (src/contract/webhooks.ts): a request without a
 * well-formed X-Service-Signature is refused before its body is read; the
 * body is read up to a bound, the HMAC is checked over the raw bytes, and
 * only then is it parsed. Verified events go into an EventSink, once per
 * webhook-id. Every answer is JSON; nothing of the body or the secret is
 * ever logged. Any path is accepted; only POST.
 */

export const SIGNATURE_HEADER = WEBHOOK_HEADERS.signature;
/** The contract's signature functions under the names this module always exported. */
export const signBody = serviceSignature;
export const verifySignature = verifyServiceSignature;

/** webhook-ids remembered to drop redelivered duplicates. */
const SEEN_IDS = 1000;

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

const UNAUTHORIZED = 'Invalid or missing X-Service-Signature';

function reply(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));
}

type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/** Reads at most `limit` bytes; a larger body (declared or sent) is refused without buffering it. */
function readBounded(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.pause();
        finish({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish({ ok: true, bytes: Buffer.concat(chunks) }));
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}

/** A bounded memory of recently seen delivery ids. */
class SeenIds {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity: number) {}
  has(id: string): boolean {
    return this.ids.has(id);
  }
  add(id: string): void {
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as string);
  }
}

export async function startWebhookReceiver(opts: WebhookReceiverOptions): Promise<WebhookReceiver> {
  if (!opts.secret) throw new Error('a webhook secret is required to receive webhooks (--webhook-secret)');
  const seen = new SeenIds(SEEN_IDS);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return reply(res, 405, { error: 'Only POST is accepted' }, { allow: 'POST' });
    const signature = req.headers[SIGNATURE_HEADER];
    // Authentication first: a request that cannot be signed is refused unread.
    if (typeof signature !== 'string' || !looksLikeServiceSignature(signature)) {
      opts.logger?.warn('webhook rejected: missing or malformed signature header');
      return reply(res, 401, { error: UNAUTHORIZED }, { connection: 'close' });
    }
    const read = await readBounded(req, MAX_WEBHOOK_BODY_BYTES);
    if (!read.ok) {
      if (read.reason === 'too_large') reply(res, 413, { error: `Body larger than ${MAX_WEBHOOK_BODY_BYTES} bytes` }, { connection: 'close' });
      return;
    }
    if (!verifyServiceSignature(opts.secret, read.bytes, signature)) {
      opts.logger?.warn('webhook rejected: signature does not match the body');
      return reply(res, 401, { error: UNAUTHORIZED });
    }
    let json: unknown;
    try {
      json = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      return reply(res, 400, { error: 'Body is not valid JSON' });
    }
    const parsed = parseWebhookPayload(json);
    if (!parsed.ok) return reply(res, 400, { error: parsed.error });
    const deliveryId = req.headers[WEBHOOK_HEADERS.id];
    const id = typeof deliveryId === 'string' && deliveryId.length <= 200 ? deliveryId : undefined;
    if (id !== undefined && seen.has(id)) {
      opts.logger?.debug({ event: parsed.payload.event }, 'webhook duplicate dropped');
      return reply(res, 200, { success: true, duplicate: true });
    }
    if (id !== undefined) seen.add(id);
    // The verification ping proves the endpoint works; it is not an event for the agent.
    if (parsed.payload.event !== VERIFICATION_EVENT) {
      const stored = opts.sink.push(parsed.payload);
      opts.logger?.debug({ event: stored.event, seq: stored.seq }, 'webhook received');
    }
    reply(res, 200, { success: true });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.logger?.error({ err: err instanceof Error ? err.name : 'error' }, 'webhook receiver failed');
      reply(res, 500, { error: 'Internal error' });
    });
  });
  // Requests Node refuses before any handler (bad request line, headers too large) still get JSON.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => respondToClientError(err, socket));

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
