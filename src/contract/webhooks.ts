import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ACCOUNT_ID_PATTERN, AccountStatusValue, IsoDateTime } from './common.js';

/**
 * The webhook contract of spec section 6, in one place for both sides: the
 * service that sends (src/service/webhooks) and the MCP receiver that
 * verifies (src/mcp/webhook-receiver.ts). Event names, payload schemas, the
 * envelope, header names, both signatures and the retry schedule.
 * See docs/webhooks.md.
 */

// ---------------------------------------------------------------- events

export const WEBHOOK_EVENTS = [
  'connection.accepted',
  'message.received',
  'post.commented',
  'profile.viewed',
  'lead.captured',
  // Extension (not in the spec): an account's health status changed (hold, hold lifted, warm-up done).
  'account.status_changed',
] as const;
/** The extension event of account health (docs/webhooks.md). */
export const ACCOUNT_STATUS_CHANGED = 'account.status_changed';
export const WebhookEventName = z.enum(WEBHOOK_EVENTS);
export type WebhookEventName = z.infer<typeof WebhookEventName>;

/** Sent once, signed with the new secret, when an endpoint is saved. */
export const VERIFICATION_EVENT = 'webhook.verification';
/** Sent by POST /webhooks/{id}/test. */
export const TEST_EVENT = 'webhook.test';
export type SystemEventName = typeof VERIFICATION_EVENT | typeof TEST_EVENT;

export function isWebhookEventName(value: string): value is WebhookEventName {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

const AccountId = z.string().regex(ACCOUNT_ID_PATTERN, 'accountId must be 24 hex characters');

/** A person as it appears inside event data. */
export const EventPerson = z.object({
  profileId: z.string(),
  fullName: z.string(),
  headline: z.string(),
});
export type EventPerson = z.infer<typeof EventPerson>;

/**
 * Only connection.accepted's data is given by the spec; the other four are
 * our decisions. Every data object carries accountId so a customer with
 * several connected accounts can route events.
 */
export const ConnectionAcceptedData = z.object({
  accountId: AccountId,
  profileId: z.string(),
  fullName: z.string(),
  headline: z.string(),
  connectionDate: IsoDateTime,
});

export const MessageReceivedData = z.object({
  accountId: AccountId,
  conversationId: z.string(),
  messageId: z.string(),
  sender: EventPerson,
  text: z.string(),
  receivedAt: IsoDateTime,
  isSalesNavigator: z.boolean(),
});

export const PostCommentedData = z.object({
  accountId: AccountId,
  postUrn: z.string(),
  postUrl: z.string(),
  commentId: z.string(),
  commenter: EventPerson,
  text: z.string(),
  commentedAt: IsoDateTime,
});

/** An anonymous viewer carries no identity, only the flag. */
export const ProfileViewedData = z
  .object({
    accountId: AccountId,
    viewer: EventPerson.nullable(),
    anonymous: z.boolean(),
    viewedAt: IsoDateTime,
  })
  .refine((d) => (d.anonymous ? d.viewer === null : d.viewer !== null), {
    message: 'viewer must be null exactly when anonymous is true',
    path: ['viewer'],
  });

export const LeadSource = z.enum(['profile_view', 'message', 'post_comment', 'connection', 'form']);

export const LeadCapturedData = z.object({
  accountId: AccountId,
  source: LeadSource,
  profile: EventPerson,
  capturedAt: IsoDateTime,
  note: z.string().nullable(),
});

/** Extension: an account's status changed on its own (hold after network 429s, hold lifted, warm-up complete). */
export const AccountStatusChangedData = z.object({
  accountId: AccountId,
  status: AccountStatusValue,
  previousStatus: AccountStatusValue,
  reason: z.enum(['network_rate_limited', 'hold_lifted', 'warmup_complete']),
  /** When a hold ends; null otherwise. */
  until: IsoDateTime.nullable(),
});

export const EVENT_DATA_SCHEMAS = {
  'connection.accepted': ConnectionAcceptedData,
  'message.received': MessageReceivedData,
  'post.commented': PostCommentedData,
  'profile.viewed': ProfileViewedData,
  'lead.captured': LeadCapturedData,
  'account.status_changed': AccountStatusChangedData,
} as const satisfies Record<WebhookEventName, z.ZodType>;

export type EventData<E extends WebhookEventName> = z.infer<(typeof EVENT_DATA_SCHEMAS)[E]>;
/** What a caller passes to emit: the data without accountId (given separately). */
export type EventDataInput<E extends WebhookEventName> = Omit<EventData<E>, 'accountId'>;

// ---------------------------------------------------------------- envelope

/** The envelope of spec section 6: { event, timestamp, data }. */
export interface WebhookPayload<E extends string = string, D = unknown> {
  event: E;
  timestamp: string;
  data: D;
}

/** Any envelope: an event name, an ISO timestamp and a data object. */
export const WebhookEnvelope = z.object({
  event: z.string().min(1),
  timestamp: IsoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

/** zod schema of a whole payload of one event, for receivers and tests. */
export function payloadSchema<E extends WebhookEventName>(event: E) {
  return z.object({
    event: z.literal(event),
    timestamp: IsoDateTime,
    data: EVENT_DATA_SCHEMAS[event],
  });
}

/**
 * What a receiver accepts: any envelope, and for the five known events the
 * data must match that event's schema. Unknown event names pass with the
 * plain envelope so a receiver older than the service keeps working.
 */
export function parseWebhookPayload(body: unknown): { ok: true; payload: WebhookEnvelope } | { ok: false; error: string } {
  const envelope = WebhookEnvelope.safeParse(body);
  if (!envelope.success) return { ok: false, error: firstIssue(envelope.error) };
  const { event } = envelope.data;
  if (isWebhookEventName(event)) {
    const data = EVENT_DATA_SCHEMAS[event].safeParse(envelope.data.data);
    if (!data.success) return { ok: false, error: firstIssue(data.error, 'data') };
  }
  return { ok: true, payload: envelope.data };
}

function firstIssue(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid payload';
  const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
  return `${path || 'body'}: ${issue.message}`;
}

// ---------------------------------------------------------------- headers and signatures

/** Header names, lower case as Node presents them. */
export const WEBHOOK_HEADERS = {
  /** The spec's: sha256=<hex HMAC-SHA256 of the raw body>. */
  signature: 'x-service-signature',
  /** Delivery id, the same on every retry and on a manual redelivery. */
  id: 'webhook-id',
  /** Unix seconds when this attempt was sent. */
  timestamp: 'webhook-timestamp',
  /** Standard Webhooks: v1,<base64 HMAC of "id.timestamp.body">. */
  standardSignature: 'webhook-signature',
} as const;

export const SECRET_PREFIX = 'whsec_';

/** Spec header: sha256=<hex HMAC-SHA256 of the body>, keyed with the whole secret string. */
export function serviceSignature(secret: string, body: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Standard Webhooks signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">
 * keyed with the base64-decoded part after whsec_, so the official
 * standardwebhooks libraries verify it unchanged.
 */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: Buffer | string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** Constant-time check of an X-Service-Signature header against the raw body. */
export function verifyServiceSignature(secret: string, rawBody: Buffer | string, header: string | undefined): boolean {
  if (!header || header.length > 128) return false;
  const expected = Buffer.from(serviceSignature(secret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Is the header shaped like a signature at all (checked before the body is read)? */
export function looksLikeServiceSignature(header: string | undefined): boolean {
  return typeof header === 'string' && /^sha256=[0-9a-f]{64}$/i.test(header.trim());
}

/** The headers of one attempt, computed over the exact body bytes sent. */
export function signedHeaders(secret: string, deliveryId: string, nowMs: number, body: Buffer): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'outreach-mcp-webhooks/1',
    [WEBHOOK_HEADERS.signature]: serviceSignature(secret, body),
    [WEBHOOK_HEADERS.id]: deliveryId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.standardSignature]: standardSignature(secret, deliveryId, timestamp, body),
  };
}

// ---------------------------------------------------------------- delivery policy

/**
 * Spec 6: "exponential backoff of 1, 2, 4, 8 and 16 seconds, at most 5
 * attempts". Read as: one initial send plus at most 5 retries, each after
 * the next delay, so every listed delay is used: 6 sends at most. Each delay
 * runs from the end of the failed attempt (a timeout ends when it fires).
 */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000];

/** Initial send + one retry per delay. */
export const MAX_SENDS = 1 + RETRY_DELAYS_MS.length;

/** Per-attempt timeout in real milliseconds: a receiver that has not answered by then counts as failed. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

/** Largest body a receiver need accept (the service's own bodies are far smaller). */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** Delay before the next send after `sendsSoFar` failed sends, or undefined to give up. */
export function retryDelayAfter(sendsSoFar: number): number | undefined {
  return RETRY_DELAYS_MS[sendsSoFar - 1];
}
