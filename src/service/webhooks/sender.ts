import { request, type Dispatcher } from 'undici';
import { ioClock, type Clock } from '../../util/clock.js';
import { signedHeaders } from './signing.js';
import type { AttemptResult } from './store.js';

export interface SendOptions {
  /** Simulated time: when the attempt ended (retry scheduling). */
  clock: Clock;
  /** Aborts the attempt after this many real milliseconds (never scaled with simulated time). */
  timeoutMs: number;
  /** undici dispatcher (connection pool); the global one when absent. */
  dispatcher?: Dispatcher;
}

export interface SignedSend {
  url: string;
  deliveryId: string;
  secret: string;
  body: string;
}

class AttemptTimeout extends Error {}

/**
 * One signed POST. Never throws: network errors and timeouts come back as
 * error text (which never contains the secret: it travels only in headers
 * as an HMAC). Redirects are not followed, so a 3xx is a failure.
 */
export async function sendSigned(send: SignedSend, opts: SendOptions): Promise<AttemptResult> {
  const { clock } = opts;
  // Network time is real time: the timeout, the latency and the signed timestamp.
  const io = ioClock(clock);
  const bytes = Buffer.from(send.body, 'utf8');
  const started = io.now();
  const controller = new AbortController();
  const cancelTimer = io.setTimeout(
    () => controller.abort(new AttemptTimeout(`no answer within ${opts.timeoutMs} ms`)),
    opts.timeoutMs,
  );
  const ended = (statusCode: number | null, error: string | null): AttemptResult => ({
    statusCode,
    error,
    at: clock.now(),
    latencyMs: Math.max(0, io.now() - started),
  });
  try {
    const res = await request(send.url, {
      method: 'POST',
      headers: signedHeaders(send.secret, send.deliveryId, started, bytes),
      body: bytes,
      signal: controller.signal,
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
    });
    // The answer's body is not used; read a little and drop it so the socket is reused.
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return ended(res.statusCode, ok ? null : `receiver answered ${res.statusCode}`);
  } catch (err) {
    return ended(null, describeError(err, controller.signal));
  } finally {
    cancelTimer();
  }
}

function describeError(err: unknown, signal: AbortSignal): string {
  if (signal.aborted && signal.reason instanceof AttemptTimeout) return `timeout: ${signal.reason.message}`;
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const detail = cause instanceof Error && cause.message && cause.message !== err.message ? ` (${cause.message})` : '';
    return `network error: ${err.message}${detail}`;
  }
  return `network error: ${String(err)}`;
}
