/** Signed webhooks of the embedded service (spec section 6). See docs/webhooks.md. */
export { webhooksMigrations, applyWebhooksMigrations } from './migrations.js';
export {
  WEBHOOK_EVENTS,
  ACCOUNT_STATUS_CHANGED,
  WebhookEventName,
  VERIFICATION_EVENT,
  TEST_EVENT,
  EVENT_DATA_SCHEMAS,
  payloadSchema,
  type EventData,
  type EventDataInput,
  type WebhookPayload,
} from './events.js';
export { WebhookStore, type WebhookSubscription, type AttemptRecord, type DeliveryState } from './store.js';
export { WebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher.js';
export { createWebhooksRouter, WEBHOOK_NOT_FOUND, type UserIdOf, type WebhooksRouterOptions } from './router.js';
export { RETRY_DELAYS_MS, MAX_SENDS, DEFAULT_ATTEMPT_TIMEOUT_MS } from './retry-policy.js';
export { serviceSignature, standardSignature } from './signing.js';
export type { ReceiverUrlPolicy } from './receiver-url.js';
export { DEMO_USER_ID } from './ids.js';
