import { parseWebhookPayload } from '../contract/webhooks.js';

/**
 * Received webhook events (spec section 6), kept in memory for the
 * `outreach://events/recent` resource. Whoever receives events (the webhook
 * receiver, or the embedded service directly) pushes into an EventSink; the MCP
 * layer reads and listens through an EventSource.
 */

/** One event as the service sends it: event name, ISO timestamp, data object. */
export interface OutreachEvent {
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** An event as stored here: numbered in arrival order, with the arrival time. */
export interface ReceivedEvent extends OutreachEvent {
  seq: number;
  receivedAt: string;
}

export interface EventSink {
  push(event: OutreachEvent): ReceivedEvent;
}

export interface EventSource {
  /** Most recent first, at most `limit` (default: all kept). */
  recent(limit?: number): ReceivedEvent[];
  /** Called after each new event; returns an unsubscribe function. */
  onEvent(listener: (event: ReceivedEvent) => void): () => void;
}

/** A bounded ring of the most recent events; the oldest fall off. */
export class RecentEvents implements EventSource, EventSink {
  private readonly items: ReceivedEvent[] = [];
  private readonly listeners = new Set<(event: ReceivedEvent) => void>();
  private seq = 0;

  constructor(
    readonly capacity = 100,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  push(event: OutreachEvent): ReceivedEvent {
    const received: ReceivedEvent = {
      seq: ++this.seq,
      event: event.event,
      timestamp: event.timestamp,
      data: event.data,
      receivedAt: new Date(this.now()).toISOString(),
    };
    this.items.push(received);
    if (this.items.length > this.capacity) this.items.shift();
    for (const listener of [...this.listeners]) {
      try {
        listener(received);
      } catch {
        // A failing listener must not stop delivery to the others.
      }
    }
    return received;
  }

  recent(limit = this.capacity): ReceivedEvent[] {
    return this.items.slice(-Math.max(0, limit)).reverse();
  }

  onEvent(listener: (event: ReceivedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sessions currently listening (closed sessions must let go). */
  get listenerCount(): number {
    return this.listeners.size;
  }
}

/** Narrows an unknown JSON body to an event by the webhook contract's envelope, or says which field is wrong. */
export function parseEvent(body: unknown): { ok: true; event: OutreachEvent } | { ok: false; error: string } {
  const parsed = parseWebhookPayload(body);
  return parsed.ok ? { ok: true, event: parsed.payload } : parsed;
}
