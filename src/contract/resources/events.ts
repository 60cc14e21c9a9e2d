import { z } from 'zod';
import { IsoDateTime } from '../common.js';

/** Webhook payloads of spec section 6. */

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

/** data of connection.accepted (the only payload the spec shows). */
export const ConnectionAcceptedData = z.object({
  profileId: z.string(),
  fullName: z.string(),
  headline: z.string(),
  connectionDate: IsoDateTime,
});
export type ConnectionAcceptedData = z.infer<typeof ConnectionAcceptedData>;

/** Envelope of every webhook delivery; data of the other events is decided by the service. */
export const WebhookEvent = z.object({
  event: WebhookEventName,
  timestamp: IsoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
/** Delivery retry delays in seconds as the spec lists them ("at most 5 attempts"; the service reconciles the two). */
export const WEBHOOK_RETRY_DELAYS_S = [1, 2, 4, 8, 16] as const;
