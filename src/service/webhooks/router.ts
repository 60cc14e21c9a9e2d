import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { validate, validationErrorBody } from '../../contract/validation.js';
import { createLogger, type Logger } from '../../util/logger.js';
import type { WebhookDispatcher } from './dispatcher.js';
import type { ReceiverUrlPolicy } from './receiver-url.js';
import {
  DELIVERY_NOT_FOUND,
  createSubscription,
  createWebhookInput,
  publicView,
  redeliver,
  sendTestDelivery,
  type SubscriptionServiceDeps,
} from './subscriptions.js';

/**
 * How the router learns who is calling: the auth middleware that runs before
 * it resolves the API key, and this returns that user's id (undefined = 401).
 */
export type UserIdOf = (req: Request, res: Response) => string | undefined;

export interface WebhooksRouterOptions extends ReceiverUrlPolicy {
  dispatcher: WebhookDispatcher;
  userIdOf: UserIdOf;
  logger?: Logger;
}

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

const DeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const DeliveryListQuery = z.object({
  state: z.enum(['pending', 'delivered', 'failed', 'cancelled']).optional(),
  webhookId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const notFound = (res: Response) => res.status(404).json({ error: WEBHOOK_NOT_FOUND, success: false });

/**
 * The configuration API (the spec's dashboard "settings, webhooks" as HTTP):
 * POST/GET /webhooks, GET/DELETE /webhooks/:id, GET /webhooks/:id/deliveries,
 * POST /webhooks/:id/test, GET /webhooks/deliveries (?state=failed) and
 * POST /webhooks/deliveries/:deliveryId/redeliver. Mount at the service root after auth.
 */
export function createWebhooksRouter(opts: WebhooksRouterOptions): Router {
  const { dispatcher, userIdOf } = opts;
  const logger = opts.logger ?? createLogger('webhooks');
  const deps: SubscriptionServiceDeps = {
    store: dispatcher.store,
    clock: dispatcher.clock,
    logger,
    send: (s) => dispatcher.send(s),
  };
  const createInput = createWebhookInput({
    allowLoopback: opts.allowLoopback ?? false,
    allowPrivateNetworks: opts.allowPrivateNetworks ?? false,
  });
  const router = Router();

  const requireUser = (req: Request, res: Response, next: NextFunction) => {
    const userId = userIdOf(req, res);
    if (!userId) {
      res.status(401).json({ error: 'Unauthorized', success: false });
      return;
    }
    res.locals.webhooksUserId = userId;
    next();
  };
  const userOf = (res: Response): string => res.locals.webhooksUserId as string;

  router.use('/webhooks', requireUser);

  router.post('/webhooks', express.json({ limit: '64kb' }), async (req, res) => {
    const parsed = validate(createInput, req.body);
    if (!parsed.success) {
      res.status(400).json(validationErrorBody(parsed.issues));
      return;
    }
    const outcome = await createSubscription(deps, userOf(res), parsed.data);
    if (!outcome.ok) {
      res.status(400).json({ error: outcome.error, success: false });
      return;
    }
    res.status(201).json(outcome.webhook);
  });

  router.get('/webhooks', (_req, res) => {
    const webhooks = dispatcher.store.listSubscriptions(userOf(res)).map(publicView);
    res.json({ success: true, webhooks, count: webhooks.length });
  });

  // Before /webhooks/:id, which would take "deliveries" for an id.
  router.get('/webhooks/deliveries', (req, res) => {
    const query = validate(DeliveryListQuery, req.query);
    if (!query.success) {
      res.status(400).json(validationErrorBody(query.issues));
      return;
    }
    const { state, webhookId, limit } = query.data;
    const deliveries = dispatcher.store.listDeliveries(userOf(res), { limit, ...(state ? { state } : {}), ...(webhookId ? { webhookId } : {}) });
    res.json({ success: true, count: deliveries.length, deliveries });
  });

  router.post('/webhooks/deliveries/:deliveryId/redeliver', async (req, res) => {
    const outcome = await redeliver(deps, userOf(res), req.params.deliveryId);
    if (outcome.kind === 'not_found') return void res.status(404).json({ error: DELIVERY_NOT_FOUND, success: false });
    if (outcome.kind === 'in_progress') return void res.status(409).json({ error: outcome.error, success: false });
    res.json({ success: true, delivery: outcome.delivery });
  });

  router.get('/webhooks/:id', (req, res) => {
    const sub = dispatcher.store.getSubscription(userOf(res), req.params.id);
    if (!sub) return void notFound(res);
    res.json(publicView(sub));
  });

  router.delete('/webhooks/:id', (req, res) => {
    const removed = dispatcher.store.deleteSubscription(userOf(res), req.params.id, dispatcher.clock.now());
    if (!removed) return void notFound(res);
    logger.info({ webhookId: req.params.id }, 'webhook deleted');
    res.json({ success: true, id: req.params.id });
  });

  router.get('/webhooks/:id/deliveries', (req, res) => {
    const sub = dispatcher.store.getSubscription(userOf(res), req.params.id);
    if (!sub) return void notFound(res);
    const query = validate(DeliveriesQuery, req.query);
    if (!query.success) {
      res.status(400).json(validationErrorBody(query.issues));
      return;
    }
    const attempts = dispatcher.store.listAttempts(sub.id, query.data.limit);
    res.json({ success: true, webhookId: sub.id, count: attempts.length, attempts });
  });

  router.post('/webhooks/:id/test', async (req, res) => {
    const outcome = await sendTestDelivery(deps, userOf(res), req.params.id);
    if (!outcome) return void notFound(res);
    res.json({ success: true, delivery: outcome });
  });

  // Malformed JSON in a body is the client's mistake, not a 500.
  router.use('/webhooks', (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (err as { type?: unknown } | null)?.type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Invalid JSON body', success: false });
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body too large', success: false });
      return;
    }
    next(err);
  });

  return router;
}
