import { Agent, type Dispatcher } from 'undici';
import { simulatedMs, systemClock, type Clock } from '../../util/clock.js';
import { createLogger, type Logger } from '../../util/logger.js';
import { EVENT_DATA_SCHEMAS, type EventDataInput, type WebhookEventName, type WebhookPayload } from './events.js';
import { loggableOrigin } from './receiver-url.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './retry-policy.js';
import { sendSigned, type SignedSend } from './sender.js';
import type { AttemptResult, DueDelivery, WebhookStore } from './store.js';

export interface WebhookDispatcherOptions {
  store: WebhookStore;
  clock?: Clock;
  logger?: Logger;
  /** Per-attempt timeout in real milliseconds, never scaled by --time-scale (default 10 s). */
  attemptTimeoutMs?: number;
  /** Sends in flight at once across all subscriptions (default 8). */
  maxConcurrent?: number;
  /** undici dispatcher to send through; by default one owned (and closed) by this instance. */
  httpDispatcher?: Dispatcher;
}

/**
 * The delivery loop. The outbox in SQLite is the only queue: the loop sends
 * what is due, records each attempt, and sets one clock timer for the next
 * due time, so a restart simply picks up where the table says.
 */
export class WebhookDispatcher {
  readonly store: WebhookStore;
  readonly clock: Clock;
  readonly attemptTimeoutMs: number;
  private readonly logger: Logger;
  private readonly maxConcurrent: number;
  private readonly sharedHttp: Dispatcher | undefined;
  private ownHttp: Agent | undefined;
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = false;
  private cancelTimer: (() => void) | undefined;
  private timerAt: number | undefined;
  private wakeQueued = false;

  constructor(opts: WebhookDispatcherOptions) {
    this.store = opts.store;
    this.clock = opts.clock ?? systemClock;
    this.logger = opts.logger ?? createLogger('webhooks');
    this.attemptTimeoutMs = opts.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.maxConcurrent = Math.max(1, opts.maxConcurrent ?? 8);
    this.sharedHttp = opts.httpDispatcher;
  }

  /** Starts delivering: due deliveries go now, future ones at their time. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.pump();
  }

  /** Stops scheduling and waits for the sends in flight to finish and be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
    const own = this.ownHttp;
    this.ownHttp = undefined;
    await own?.close();
  }

  /**
   * Writes one outbox row per subscription of the user listening to `event`
   * (one transaction; nests inside the caller's), then wakes the loop after
   * the current synchronous work, i.e. after the caller's transaction commits.
   * Throws if data does not match the event's schema: that is a caller bug.
   */
  emitEvent<E extends WebhookEventName>(userId: string, accountId: string, event: E, data: EventDataInput<E>): string[] {
    const parsed: unknown = EVENT_DATA_SCHEMAS[event].parse({ ...data, accountId });
    const payload: WebhookPayload = { event, timestamp: new Date(this.clock.now()).toISOString(), data: parsed };
    const ids = this.store.enqueue(userId, event, JSON.stringify(payload), this.clock.now());
    if (ids.length > 0) this.wake();
    return ids;
  }

  /** Asks the loop to look at the outbox soon (coalesced). */
  wake(): void {
    if (!this.running || this.wakeQueued) return;
    this.wakeQueued = true;
    queueMicrotask(() => {
      this.wakeQueued = false;
      this.pump();
    });
  }

  /** One signed send with this dispatcher's timeout and connection pool (no retry, no outbox). */
  send(s: SignedSend): Promise<AttemptResult> {
    return sendSigned(s, { clock: this.clock, timeoutMs: this.attemptTimeoutMs, dispatcher: this.http() });
  }

  /** The connection pool: the caller's, or our own made on first use and closed by stop(). */
  private http(): Dispatcher {
    if (this.sharedHttp) return this.sharedHttp;
    this.ownHttp ??= new Agent({ keepAliveTimeout: 4_000 });
    return this.ownHttp;
  }

  /** Resolves once nothing is in flight and nothing due is waiting (tests, shutdown). */
  async whenIdle(): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight.values()]);
    }
  }

  /** Number of sends in flight now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private pump(): void {
    if (!this.running) return;
    const now = this.clock.now();
    const free = this.maxConcurrent - this.inFlight.size;
    const ids = new Set(this.inFlight.keys());
    for (const d of this.store.dueDeliveries(now, free, ids)) this.launch(d);
    this.schedule(now);
  }

  private launch(d: DueDelivery): void {
    const task = this.send({ url: d.url, deliveryId: d.id, secret: d.secret, body: d.body })
      .then((result) => this.finish(d, result))
      .catch((err: unknown) => {
        this.logger.error({ deliveryId: d.id, err: err instanceof Error ? err.message : String(err) }, 'webhook bookkeeping failed');
      })
      .finally(() => {
        this.inFlight.delete(d.id);
        // A freed slot may let a waiting due delivery go.
        this.pump();
      });
    this.inFlight.set(d.id, task);
  }

  private finish(d: DueDelivery, result: AttemptResult): void {
    // Retry delays are network backoff: real seconds, so simulated time may run fast without burning retries.
    const state = this.store.recordAttempt(d.id, result, simulatedMs(this.clock, 1));
    const fields = {
      deliveryId: d.id,
      subscriptionId: d.subscriptionId,
      event: d.event,
      receiver: loggableOrigin(d.url),
      attempt: d.attempts + 1,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      state,
    };
    if (state === 'delivered') this.logger.info(fields, 'webhook delivered');
    else if (state === 'failed') this.logger.warn({ ...fields, error: result.error }, 'webhook delivery failed; giving up');
    else this.logger.info({ ...fields, error: result.error }, 'webhook attempt failed');
  }

  /** One clock timer, at the earliest future due time. */
  private schedule(now: number): void {
    const next = this.store.nextDueAfter(now);
    if (next === this.timerAt) return;
    this.clearTimer();
    if (next === undefined || !this.running) return;
    this.timerAt = next;
    this.cancelTimer = this.clock.setTimeout(() => {
      this.cancelTimer = undefined;
      this.timerAt = undefined;
      this.pump();
    }, next - now);
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.timerAt = undefined;
  }
}
