import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, beforeEach } from 'vitest';
import { WebhookDispatcher } from '../../../src/service/webhooks/dispatcher.js';
import { createWebhooksRouter } from '../../../src/service/webhooks/router.js';
import { WebhookStore } from '../../../src/service/webhooks/store.js';
import { ManualClock } from '../../../src/util/clock.js';
import { captureLogger, openDb, startReceiver, type Behaviour, type Receiver } from './helpers.js';

export interface ApiAnswer {
  status: number;
  text: string;
  /** The parsed body; undefined when the body is empty. */
  json: Record<string, any> | undefined;
}

/** Calls the webhook settings API as `user` (null: no user, as an unauthenticated request); a string body is sent as is. */
export type ApiCall = (method: string, path: string, body?: unknown, user?: string | null) => Promise<ApiAnswer>;

export interface WebhookTestBed {
  /** This test's clock, fresh at t0 before each test. */
  readonly clock: ManualClock;
  /** Runs after this test, in reverse order of registration. */
  cleanup(fn: () => unknown): void;
  /** A receiving endpoint, closed after the test. */
  receiver(behaviour: Behaviour): Promise<Receiver>;
  /**
   * The webhook service as the pipeline assembles it: auth first (here: the
   * x-test-user header), then the router; its dispatcher started on the test's clock.
   */
  service(opts?: { store?: WebhookStore; allowLoopback?: boolean }): Promise<{ store: WebhookStore; dispatcher: WebhookDispatcher; call: ApiCall; logs: () => string }>;
}

/** Registers the per-test clock and cleanups (call at the file's top level). */
export function webhookTestBed(t0: number): WebhookTestBed {
  let clock = new ManualClock(t0);
  let cleanups: (() => unknown)[] = [];
  beforeEach(() => {
    clock = new ManualClock(t0);
    cleanups = [];
  });
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  const cleanup = (fn: () => unknown): void => {
    cleanups.push(fn);
  };
  return {
    get clock() {
      return clock;
    },
    cleanup,
    async receiver(behaviour) {
      const r = await startReceiver(clock, behaviour);
      cleanup(() => r.close());
      return r;
    },
    async service({ store = new WebhookStore(openDb()), allowLoopback = true } = {}) {
      const { logger, output } = captureLogger();
      const dispatcher = new WebhookDispatcher({ store, clock, logger });
      dispatcher.start();
      const app = express();
      app.use((req, res, next) => {
        res.locals.userId = req.header('x-test-user');
        next();
      });
      app.use(createWebhooksRouter({ dispatcher, logger, allowLoopback, userIdOf: (_req, res) => res.locals.userId as string | undefined }));
      const server: Server = await new Promise((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s));
      });
      cleanup(() => new Promise((resolve) => server.close(resolve)));
      cleanup(() => dispatcher.stop());
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const call: ApiCall = async (method, path, body, user = 'alice') => {
        const headers: Record<string, string> = {};
        if (user) headers['x-test-user'] = user;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(base + path, {
          method,
          headers,
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        });
        const text = await res.text();
        return { status: res.status, text, json: text ? (JSON.parse(text) as Record<string, any>) : undefined };
      };
      return { store, dispatcher, call, logs: output };
    },
  };
}
