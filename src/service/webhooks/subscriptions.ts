import { z } from 'zod';
import type { Clock } from '../../util/clock.js';
import type { Logger } from '../../util/logger.js';
import { TEST_EVENT, VERIFICATION_EVENT, WEBHOOK_EVENTS, WebhookEventName, type WebhookPayload } from './events.js';
import { newDeliveryId, newWebhookId } from './ids.js';
import { loggableOrigin, receiverUrlProblem, type ReceiverUrlPolicy } from './receiver-url.js';
import { generateSecret } from './signing.js';
import type { SignedSend } from './sender.js';
import { isSuccess, type AttemptResult, type WebhookStore, type WebhookSubscription } from './store.js';

/** Input of POST /webhooks (and `webhooks add`). */
export function createWebhookInput(policy: ReceiverUrlPolicy) {
  return z.object({
    url: z
      .string()
      .max(2048)
      .superRefine((url, ctx) => {
        const problem = receiverUrlProblem(url, policy);
        if (problem) ctx.addIssue({ code: 'custom', message: `url ${problem}` });
      }),
    events: z
      .array(WebhookEventName)
      .min(1, `events must name at least one of ${WEBHOOK_EVENTS.join(', ')}`)
      .transform((events) => [...new Set(events)]),
    description: z.string().max(500).optional(),
  });
}
export type CreateWebhookInput = z.output<ReturnType<typeof createWebhookInput>>;

/** What POST /webhooks answers: the only time the secret is shown. */
export interface CreatedWebhook {
  id: string;
  url: string;
  events: WebhookEventName[];
  description: string | null;
  createdAt: string;
  secret: string;
}

export interface PublicWebhook {
  id: string;
  url: string;
  events: WebhookEventName[];
  description: string | null;
  createdAt: string;
}

export const publicView = (s: WebhookSubscription): PublicWebhook => ({
  id: s.id,
  url: s.url,
  events: s.events,
  description: s.description,
  createdAt: s.createdAt,
});

export interface SubscriptionServiceDeps {
  store: WebhookStore;
  clock: Clock;
  logger: Logger;
  /** One signed send (no retries), e.g. WebhookDispatcher.send. */
  send(s: SignedSend): Promise<AttemptResult>;
}

export type CreateOutcome = { ok: true; webhook: CreatedWebhook } | { ok: false; error: string };

export interface TestOutcome {
  deliveryId: string;
  event: typeof TEST_EVENT;
  delivered: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

function systemBody(event: string, now: number, data: Record<string, unknown>): string {
  const payload: WebhookPayload = { event, timestamp: new Date(now).toISOString(), data };
  return JSON.stringify(payload);
}

/** Explains a failed verification without echoing anything secret. */
export function verificationError(result: AttemptResult): string {
  const why = result.statusCode !== null ? `receiver answered ${result.statusCode}` : (result.error ?? 'unknown error');
  return `Webhook endpoint verification failed: ${why}; the endpoint must answer a signed ${VERIFICATION_EVENT} POST with 2xx`;
}

/**
 * Creates a subscription after verifying the endpoint: a signed
 * webhook.verification delivery must be answered 2xx within the attempt
 * timeout, or nothing is saved.
 */
export async function createSubscription(
  deps: SubscriptionServiceDeps,
  userId: string,
  input: CreateWebhookInput,
): Promise<CreateOutcome> {
  const id = newWebhookId();
  const secret = generateSecret();
  const deliveryId = newDeliveryId();
  const body = systemBody(VERIFICATION_EVENT, deps.clock.now(), { webhookId: id, url: input.url, events: input.events });
  const result = await deps.send({ url: input.url, deliveryId, secret, body });
  const receiver = loggableOrigin(input.url);
  if (!isSuccess(result)) {
    deps.logger.info({ webhookId: id, receiver, statusCode: result.statusCode, error: result.error }, 'webhook verification refused');
    return { ok: false, error: verificationError(result) };
  }
  const createdAt = new Date(deps.clock.now()).toISOString();
  const sub = { id, userId, url: input.url, events: input.events, description: input.description ?? null, createdAt, secret };
  deps.store.insertSubscription(sub, { event: VERIFICATION_EVENT, body, result });
  deps.logger.info({ webhookId: id, receiver, events: input.events }, 'webhook created');
  return { ok: true, webhook: { ...publicView(sub), secret } };
}

/** Sends one signed webhook.test delivery now and logs it; undefined when not the user's. */
export async function sendTestDelivery(
  deps: SubscriptionServiceDeps,
  userId: string,
  webhookId: string,
): Promise<TestOutcome | undefined> {
  const sub = deps.store.getSubscriptionWithSecret(userId, webhookId);
  if (!sub) return undefined;
  const deliveryId = newDeliveryId();
  const body = systemBody(TEST_EVENT, deps.clock.now(), { webhookId, message: 'Test delivery from outreach-mcp' });
  const result = await deps.send({ url: sub.url, deliveryId, secret: sub.secret, body });
  // The subscription may have been deleted while we waited; then there is nothing to log it under.
  if (deps.store.getSubscription(userId, webhookId)) deps.store.logOneShot(webhookId, TEST_EVENT, body, result, deliveryId);
  deps.logger.info(
    { webhookId, deliveryId, receiver: loggableOrigin(sub.url), statusCode: result.statusCode, error: result.error },
    'webhook test sent',
  );
  return {
    deliveryId,
    event: TEST_EVENT,
    delivered: isSuccess(result),
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    error: result.error,
  };
}

export const DELIVERY_NOT_FOUND = 'Delivery not found';

export type RedeliverOutcome =
  | { kind: 'not_found' }
  | { kind: 'in_progress'; error: string }
  | {
      kind: 'sent';
      delivery: {
        id: string;
        webhookId: string;
        event: string;
        state: string;
        attempts: number;
        delivered: boolean;
        statusCode: number | null;
        latencyMs: number;
        error: string | null;
      };
    };

/**
 * Sends one final delivery (failed, or delivered and wanted again) once more,
 * now: the same body and the same webhook-id, so a receiver that already has
 * it drops the duplicate. The attempt is logged; no retry cycle follows.
 */
export async function redeliver(deps: SubscriptionServiceDeps, userId: string, deliveryId: string): Promise<RedeliverOutcome> {
  const d = deps.store.getOwnedDelivery(userId, deliveryId);
  if (!d) return { kind: 'not_found' };
  if (d.state === 'pending') {
    const next = d.nextAttemptAt === null ? 'soon' : `at ${new Date(d.nextAttemptAt).toISOString()}`;
    return { kind: 'in_progress', error: `Delivery ${d.id} is still being retried (next attempt ${next}); redeliver it once it has failed` };
  }
  if (d.state === 'cancelled') return { kind: 'in_progress', error: `Delivery ${d.id} was cancelled` };
  const result = await deps.send({ url: d.url, deliveryId: d.id, secret: d.secret, body: d.body });
  const state = deps.store.recordRedelivery(d.id, result) ?? d.state;
  deps.logger.info(
    { deliveryId: d.id, webhookId: d.subscriptionId, receiver: loggableOrigin(d.url), statusCode: result.statusCode, error: result.error, state },
    'webhook redelivered',
  );
  return {
    kind: 'sent',
    delivery: {
      id: d.id,
      webhookId: d.subscriptionId,
      event: d.event,
      state,
      attempts: d.attempts + 1,
      delivered: isSuccess(result),
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
    },
  };
}
