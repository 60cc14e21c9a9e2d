import { z } from 'zod';
import { ACCOUNT_ID_PATTERN, IsoDateTime } from '../../contract/common.js';

/**
 * The five webhook events of spec section 6 and the payload each carries.
 * Only connection.accepted's data is given by the spec; the other four are
 * our decisions, documented in docs/webhooks.md. Every data object carries
 * accountId so a customer with several connected accounts can route events.
 */
import { ACCOUNT_STATUS_CHANGED, WEBHOOK_EVENTS, WebhookEventName } from '../../contract/resources/events.js';
import { AccountStatusValue } from '../../contract/common.js';

export { ACCOUNT_STATUS_CHANGED, WEBHOOK_EVENTS, WebhookEventName };

/** Sent once, signed with the new secret, when an endpoint is saved. */
export const VERIFICATION_EVENT = 'webhook.verification';
/** Sent by POST /webhooks/{id}/test. */
export const TEST_EVENT = 'webhook.test';
export type SystemEventName = typeof VERIFICATION_EVENT | typeof TEST_EVENT;

const AccountId = z.string().regex(ACCOUNT_ID_PATTERN, 'accountId must be 24 hex characters');

/** A person as it appears inside event data. */
export const EventPerson = z.object({
  profileId: z.string(),
  fullName: z.string(),
  headline: z.string(),
});
export type EventPerson = z.infer<typeof EventPerson>;

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
export const ProfileViewedData = z.object({
  accountId: AccountId,
  viewer: EventPerson.nullable(),
  anonymous: z.boolean(),
  viewedAt: IsoDateTime,
}).refine((d) => (d.anonymous ? d.viewer === null : d.viewer !== null), {
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

/** The envelope of spec section 6: { event, timestamp, data }. */
export interface WebhookPayload<E extends string = string, D = unknown> {
  event: E;
  timestamp: string;
  data: D;
}

/** zod schema of a whole payload, for receivers and tests. */
export function payloadSchema<E extends WebhookEventName>(event: E) {
  return z.object({
    event: z.literal(event),
    timestamp: IsoDateTime,
    data: EVENT_DATA_SCHEMAS[event],
  });
}

export function isWebhookEventName(value: string): value is WebhookEventName {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}
