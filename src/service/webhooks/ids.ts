import { randomBytes } from 'node:crypto';

/** Subscription id. */
export const newWebhookId = (): string => 'wh_' + randomBytes(12).toString('hex');
/** Delivery id, sent as webhook-id; the same for every retry of one delivery. */
export const newDeliveryId = (): string => 'msg_' + randomBytes(12).toString('hex');

/** The user the CLI acts for when --user is not given (reconciled with the auth module at merge). */
export const DEMO_USER_ID = 'demo';
