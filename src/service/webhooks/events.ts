/**
 * The webhook events and payload schemas live in the contract (one webhook
 * contract for sender and receiver); re-exported here for the service's modules.
 */
export {
  ACCOUNT_STATUS_CHANGED,
  AccountStatusChangedData,
  WEBHOOK_EVENTS,
  WebhookEventName,
  VERIFICATION_EVENT,
  TEST_EVENT,
  type SystemEventName,
  EventPerson,
  ConnectionAcceptedData,
  MessageReceivedData,
  PostCommentedData,
  ProfileViewedData,
  LeadSource,
  LeadCapturedData,
  EVENT_DATA_SCHEMAS,
  type EventData,
  type EventDataInput,
  type WebhookPayload,
  payloadSchema,
  isWebhookEventName,
} from '../../contract/webhooks.js';
