import { Pool, errors as undiciErrors } from 'undici';
import type { Headers } from './errors.js';

/**
 * One keep-alive connection pool to the service origin, bearer auth, JSON in
 * and out. Retries are NOT done here: they belong to the governed client so
 * that every retry passes through the limiter.
 */

export interface TransportTimeouts {
  /** TCP/TLS connect. */
  connectMs: number;
  /** Until the response headers arrive. */
  headersMs: number;
  /** Between body chunks. */
  bodyMs: number;
  /** Idle keep-alive sockets are closed after this. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: TransportTimeouts = { connectMs: 10_000, headersMs: 60_000, bodyMs: 60_000, keepAliveMs: 30_000 };

export interface HttpCall {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpReply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A request that failed without an HTTP answer. */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure';
  constructor(
    message: string,
    /** true when the request provably never reached the service (refused / connect timeout). */
    readonly notSent: boolean,
    /** true when the caller's signal aborted it. */
    readonly aborted: boolean,
    readonly code?: string,
  ) {
    super(message);
  }
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN']);

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export class Transport {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly authorization: string;

  constructor(baseUrl: string, apiKey: string, timeouts: TransportTimeouts = DEFAULT_TIMEOUTS, connections = 16) {
    const url = new URL(baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.authorization = `Bearer ${apiKey}`;
    this.pool = new Pool(url.origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: timeouts.keepAliveMs,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
      connect: { timeout: timeouts.connectMs },
    });
  }

  async send(call: HttpCall): Promise<HttpReply> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (Array.isArray(value)) for (const v of value) search.append(key, v);
      else search.append(key, value);
    }
    const qs = search.toString();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...call.headers,
      authorization: this.authorization,
    };
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    try {
      const res = await this.pool.request({
        method: call.method as 'GET',
        path: `${this.basePath}${call.path}${qs ? `?${qs}` : ''}`,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(call.signal ? { signal: call.signal } : {}),
      });
      const text = await res.body.text();
      const type = String(res.headers['content-type'] ?? '');
      let parsed: unknown = text;
      if (text && (type.includes('json') || /^[[{]/.test(text.trimStart()))) {
        try {
          parsed = JSON.parse(text) as unknown;
        } catch {
          parsed = text;
        }
      }
      return { status: res.statusCode, headers: res.headers as Headers, body: text === '' ? undefined : parsed };
    } catch (err) {
      const aborted = err instanceof undiciErrors.RequestAbortedError || (err as Error)?.name === 'AbortError' || call.signal?.aborted === true;
      const code = errorCode(err);
      const notSent = code !== undefined && NOT_SENT_CODES.has(code);
      const what = notSent ? 'could not connect to the service' : aborted ? 'request aborted' : 'connection to the service failed';
      throw new NetworkFailure(`${what}${code ? ` (${code})` : ''}`, notSent, aborted, code);
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
