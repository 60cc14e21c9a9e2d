import type { Db as Database } from '../store/sqlite.js';
import type { WebhookEventName } from './events.js';
import { newDeliveryId } from './ids.js';
import { retryDelayAfter } from './retry-policy.js';

export interface WebhookSubscription {
  id: string;
  userId: string;
  url: string;
  events: WebhookEventName[];
  description: string | null;
  createdAt: string;
}

export interface SubscriptionWithSecret extends WebhookSubscription {
  secret: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface Delivery {
  id: string;
  subscriptionId: string;
  event: string;
  body: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number | null;
}

/** A pending delivery with what is needed to send it. */
export interface DueDelivery {
  id: string;
  subscriptionId: string;
  event: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

/** The outcome of one send. */
export interface AttemptResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** Epoch ms when the attempt ended. */
  at: number;
}

export interface AttemptRecord {
  deliveryId: string;
  event: string;
  attempt: number;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  at: string;
  deliveryState: DeliveryState;
}

/** A delivery as listed: where it goes, its state and every attempt, oldest first. */
export interface DeliverySummary {
  id: string;
  webhookId: string;
  event: string;
  state: DeliveryState;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  nextAttemptAt: string | null;
  attemptLog: Array<Omit<AttemptRecord, 'deliveryId' | 'event' | 'deliveryState'>>;
}

/** A delivery of one user's subscription with what is needed to send it again. */
export interface OwnedDelivery extends Delivery {
  url: string;
  secret: string;
}

export const isSuccess = (r: AttemptResult): boolean => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

interface SubscriptionRow {
  id: string;
  user_id: string;
  url: string;
  events: string;
  description: string | null;
  secret: string;
  created_at: number;
}

function toSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    userId: row.user_id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventName[],
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** SQLite access for subscriptions, the outbox and the attempt log. */
export class WebhookStore {
  constructor(readonly db: Database) {}

  /** Inserts a subscription and, when given, the verification send that admitted it. */
  insertSubscription(sub: SubscriptionWithSecret, verification?: { event: string; body: string; result: AttemptResult }): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO webhook_subscriptions (id, user_id, url, events, description, secret, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(sub.id, sub.userId, sub.url, JSON.stringify(sub.events), sub.description, sub.secret, Date.parse(sub.createdAt));
      if (verification) this.logOneShot(sub.id, verification.event, verification.body, verification.result);
    })();
  }

  listSubscriptions(userId: string): WebhookSubscription[] {
    const rows = this.db
      .prepare(`SELECT * FROM webhook_subscriptions WHERE user_id = ? ORDER BY created_at, id`)
      .all(userId) as SubscriptionRow[];
    return rows.map(toSubscription);
  }

  getSubscription(userId: string, id: string): WebhookSubscription | undefined {
    const row = this.subscriptionRow(userId, id);
    return row && toSubscription(row);
  }

  getSubscriptionWithSecret(userId: string, id: string): SubscriptionWithSecret | undefined {
    const row = this.subscriptionRow(userId, id);
    return row && { ...toSubscription(row), secret: row.secret };
  }

  private subscriptionRow(userId: string, id: string): SubscriptionRow | undefined {
    return this.db.prepare(`SELECT * FROM webhook_subscriptions WHERE id = ? AND user_id = ?`).get(id, userId) as
      | SubscriptionRow
      | undefined;
  }

  /** Deletes a subscription (and its secret) and cancels its pending deliveries. */
  deleteSubscription(userId: string, id: string, now: number): boolean {
    return this.db.transaction(() => {
      const removed = this.db.prepare(`DELETE FROM webhook_subscriptions WHERE id = ? AND user_id = ?`).run(id, userId);
      if (removed.changes === 0) return false;
      this.db
        .prepare(
          `UPDATE webhook_outbox SET state = 'cancelled', next_attempt_at = NULL, updated_at = ?
           WHERE subscription_id = ? AND state = 'pending'`,
        )
        .run(now, id);
      return true;
    })();
  }

  /**
   * Writes one pending delivery per subscription of the user that listens to
   * the event, all in one transaction (nested inside the caller's, if any).
   */
  enqueue(userId: string, event: WebhookEventName, body: string, now: number): string[] {
    return this.db.transaction(() => {
      const subs = this.db
        .prepare(
          `SELECT id FROM webhook_subscriptions
           WHERE user_id = ? AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = ?)
           ORDER BY created_at, id`,
        )
        .all(userId, event) as { id: string }[];
      const insert = this.db.prepare(
        `INSERT INTO webhook_outbox (id, subscription_id, event, body, state, attempts, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
      );
      return subs.map((s) => {
        const id = newDeliveryId();
        insert.run(id, s.id, event, body, now, now, now);
        return id;
      });
    })();
  }

  /** Pending deliveries due at `now`, oldest first, skipping those already in flight. */
  dueDeliveries(now: number, limit: number, inFlight: ReadonlySet<string>): DueDelivery[] {
    if (limit <= 0) return [];
    const rows = this.db
      .prepare(
        `SELECT o.id, o.subscription_id AS subscriptionId, o.event, o.body, o.attempts, s.url, s.secret
         FROM webhook_outbox o JOIN webhook_subscriptions s ON s.id = o.subscription_id
         WHERE o.state = 'pending' AND o.next_attempt_at <= ?
         ORDER BY o.next_attempt_at, o.rowid LIMIT ?`,
      )
      .all(now, limit + inFlight.size) as DueDelivery[];
    return rows.filter((r) => !inFlight.has(r.id)).slice(0, limit);
  }

  /** The earliest next_attempt_at strictly after `now`, if any. */
  nextDueAfter(now: number): number | undefined {
    const row = this.db
      .prepare(`SELECT MIN(next_attempt_at) AS at FROM webhook_outbox WHERE state = 'pending' AND next_attempt_at > ?`)
      .get(now) as { at: number | null };
    return row.at ?? undefined;
  }

  /**
   * Logs an outbox attempt and moves the delivery on: delivered on 2xx, else
   * rescheduled by the retry policy or failed when it is exhausted. A delivery
   * cancelled meanwhile stays cancelled. Returns the delivery's new state.
   * delayScale: clock milliseconds per real millisecond (retry delays are real time).
   */
  recordAttempt(deliveryId: string, result: AttemptResult, delayScale = 1): DeliveryState | undefined {
    return this.db.transaction(() => {
      const row = this.db
        .prepare(`SELECT subscription_id, event, state, attempts FROM webhook_outbox WHERE id = ?`)
        .get(deliveryId) as { subscription_id: string; event: string; state: DeliveryState; attempts: number } | undefined;
      if (!row) return undefined;
      const attempt = row.attempts + 1;
      this.insertAttempt(deliveryId, row.subscription_id, row.event, attempt, result);
      if (row.state !== 'pending') {
        this.db.prepare(`UPDATE webhook_outbox SET attempts = ?, updated_at = ? WHERE id = ?`).run(attempt, result.at, deliveryId);
        return row.state;
      }
      let state: DeliveryState;
      let next: number | null = null;
      if (isSuccess(result)) state = 'delivered';
      else {
        const delay = retryDelayAfter(attempt);
        if (delay === undefined) state = 'failed';
        else {
          state = 'pending';
          next = result.at + delay * delayScale;
        }
      }
      this.db
        .prepare(`UPDATE webhook_outbox SET state = ?, attempts = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?`)
        .run(state, attempt, next, result.at, deliveryId);
      return state;
    })();
  }

  /** Records a send that is never retried (verification, test) as a final delivery. */
  logOneShot(subscriptionId: string, event: string, body: string, result: AttemptResult, deliveryId = newDeliveryId()): string {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO webhook_outbox (id, subscription_id, event, body, state, attempts, next_attempt_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 1, NULL, ?, ?)`,
        )
        .run(deliveryId, subscriptionId, event, body, isSuccess(result) ? 'delivered' : 'failed', result.at - result.latencyMs, result.at);
      this.insertAttempt(deliveryId, subscriptionId, event, 1, result);
    })();
    return deliveryId;
  }

  private insertAttempt(deliveryId: string, subscriptionId: string, event: string, attempt: number, r: AttemptResult): void {
    this.db
      .prepare(
        `INSERT INTO webhook_attempts (delivery_id, subscription_id, event, attempt, status_code, latency_ms, error, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(deliveryId, subscriptionId, event, attempt, r.statusCode, Math.round(r.latencyMs), r.error, r.at);
  }

  /** Most recent attempts of a subscription, newest first. */
  listAttempts(subscriptionId: string, limit: number): AttemptRecord[] {
    const rows = this.db
      .prepare(
        `SELECT a.delivery_id, a.event, a.attempt, a.status_code, a.latency_ms, a.error, a.at, o.state
         FROM webhook_attempts a LEFT JOIN webhook_outbox o ON o.id = a.delivery_id
         WHERE a.subscription_id = ? ORDER BY a.id DESC LIMIT ?`,
      )
      .all(subscriptionId, limit) as {
      delivery_id: string;
      event: string;
      attempt: number;
      status_code: number | null;
      latency_ms: number;
      error: string | null;
      at: number;
      state: DeliveryState | null;
    }[];
    return rows.map((r) => ({
      deliveryId: r.delivery_id,
      event: r.event,
      attempt: r.attempt,
      statusCode: r.status_code,
      latencyMs: r.latency_ms,
      error: r.error,
      at: new Date(r.at).toISOString(),
      deliveryState: r.state ?? 'cancelled',
    }));
  }

  getDelivery(id: string): Delivery | undefined {
    return this.db
      .prepare(
        `SELECT id, subscription_id AS subscriptionId, event, body, state, attempts, next_attempt_at AS nextAttemptAt
         FROM webhook_outbox WHERE id = ?`,
      )
      .get(id) as Delivery | undefined;
  }

  /** One user's deliveries, newest first, optionally of one state and one subscription, each with its attempts. */
  listDeliveries(userId: string, filter: { state?: DeliveryState; webhookId?: string; limit: number }): DeliverySummary[] {
    const where = ['s.user_id = ?'];
    const args: (string | number)[] = [userId];
    if (filter.state) {
      where.push('o.state = ?');
      args.push(filter.state);
    }
    if (filter.webhookId) {
      where.push('o.subscription_id = ?');
      args.push(filter.webhookId);
    }
    const rows = this.db
      .prepare(
        `SELECT o.id, o.subscription_id AS webhookId, o.event, o.state, o.attempts, o.created_at AS createdAt,
                o.updated_at AS updatedAt, o.next_attempt_at AS nextAttemptAt
         FROM webhook_outbox o JOIN webhook_subscriptions s ON s.id = o.subscription_id
         WHERE ${where.join(' AND ')} ORDER BY o.updated_at DESC, o.rowid DESC LIMIT ?`,
      )
      .all(...args, filter.limit) as Array<{
      id: string;
      webhookId: string;
      event: string;
      state: DeliveryState;
      attempts: number;
      createdAt: number;
      updatedAt: number;
      nextAttemptAt: number | null;
    }>;
    const attemptsOf = this.db.prepare(
      `SELECT attempt, status_code AS statusCode, latency_ms AS latencyMs, error, at FROM webhook_attempts WHERE delivery_id = ? ORDER BY id`,
    );
    return rows.map((r) => ({
      id: r.id,
      webhookId: r.webhookId,
      event: r.event,
      state: r.state,
      attempts: r.attempts,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      nextAttemptAt: r.nextAttemptAt === null ? null : new Date(r.nextAttemptAt).toISOString(),
      attemptLog: (attemptsOf.all(r.id) as Array<{ attempt: number; statusCode: number | null; latencyMs: number; error: string | null; at: number }>).map(
        (a) => ({ attempt: a.attempt, statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error, at: new Date(a.at).toISOString() }),
      ),
    }));
  }

  /** A delivery of one of the user's subscriptions, with its receiver and secret; undefined otherwise. */
  getOwnedDelivery(userId: string, id: string): OwnedDelivery | undefined {
    return this.db
      .prepare(
        `SELECT o.id, o.subscription_id AS subscriptionId, o.event, o.body, o.state, o.attempts, o.next_attempt_at AS nextAttemptAt,
                s.url, s.secret
         FROM webhook_outbox o JOIN webhook_subscriptions s ON s.id = o.subscription_id
         WHERE o.id = ? AND s.user_id = ?`,
      )
      .get(id, userId) as OwnedDelivery | undefined;
  }

  /**
   * Logs a manual redelivery of a final delivery: delivered on 2xx, else it
   * stays failed (a manual resend starts no new retry cycle). A delivery that
   * became pending meanwhile is left to the retry loop. Returns the new state.
   */
  recordRedelivery(deliveryId: string, result: AttemptResult): DeliveryState | undefined {
    return this.db.transaction(() => {
      const row = this.db.prepare(`SELECT subscription_id, event, state, attempts FROM webhook_outbox WHERE id = ?`).get(deliveryId) as
        | { subscription_id: string; event: string; state: DeliveryState; attempts: number }
        | undefined;
      if (!row) return undefined;
      const attempt = row.attempts + 1;
      this.insertAttempt(deliveryId, row.subscription_id, row.event, attempt, result);
      const state: DeliveryState = row.state === 'pending' || row.state === 'cancelled' ? row.state : isSuccess(result) ? 'delivered' : 'failed';
      this.db.prepare(`UPDATE webhook_outbox SET state = ?, attempts = ?, updated_at = ? WHERE id = ?`).run(state, attempt, result.at, deliveryId);
      return state;
    })();
  }
}
