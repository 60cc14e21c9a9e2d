import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../src/service/store/sqlite.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../src/util/clock.js';
import { WebhookDispatcher } from '../../../src/service/webhooks/dispatcher.js';
import { payloadSchema, type WebhookEventName } from '../../../src/service/webhooks/events.js';
import { generateSecret } from '../../../src/service/webhooks/signing.js';
import { WebhookStore } from '../../../src/service/webhooks/store.js';
import { ACCOUNT, captureLogger, openDb, startReceiver, type Behaviour, type Receiver } from './helpers.js';

const T0 = Date.parse('2026-01-05T00:00:00.000Z');
const USER = 'user-1';

const accepted = {
  profileId: 'jane-doe',
  fullName: 'Jane Doe',
  headline: 'VP Sales at Acme',
  connectionDate: '2026-01-04T23:59:00.000Z',
};

let clock: ManualClock;
let cleanups: (() => unknown)[];

beforeEach(() => {
  clock = new ManualClock(T0);
  cleanups = [];
});
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function receiver(behaviour: Behaviour): Promise<Receiver> {
  const r = await startReceiver(clock, behaviour);
  cleanups.push(() => r.close());
  return r;
}

function subscribe(store: WebhookStore, url: string, events: readonly WebhookEventName[] = ['connection.accepted'], user: string = USER) {
  const secret = generateSecret();
  const id = `wh_${Math.random().toString(16).slice(2).padEnd(24, '0').slice(0, 24)}`;
  store.insertSubscription({ id, userId: user, url, events: [...events], description: null, createdAt: new Date(clock.now()).toISOString(), secret });
  return { id, secret };
}

function setup(db: Db = openDb(), opts: { maxConcurrent?: number } = {}) {
  const store = new WebhookStore(db);
  const { logger, output } = captureLogger();
  const dispatcher = new WebhookDispatcher({ store, clock, logger, ...opts });
  dispatcher.start();
  cleanups.push(() => dispatcher.stop());
  /** Moves the clock and lets every send that fell due finish. */
  const step = async (ms: number) => {
    clock.advance(ms);
    await dispatcher.whenIdle();
  };
  return { db, store, dispatcher, step, logs: output };
}

const gaps = (r: Receiver) => r.received.slice(1).map((x, i) => x.at - r.received[i]!.at);

describe('signed delivery', () => {
  it('signs the exact body bytes with X-Service-Signature and Standard Webhooks headers', async () => {
    const rx = await receiver(() => 200);
    const { store, dispatcher, logs } = setup();
    const { id: subId, secret } = subscribe(store, rx.url);

    const [deliveryId] = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await dispatcher.whenIdle();

    expect(rx.received).toHaveLength(1);
    const { headers, raw } = rx.received[0]!;
    const expectedHex = createHmac('sha256', secret).update(raw).digest('hex');
    expect(headers['x-service-signature']).toBe(`sha256=${expectedHex}`);
    expect(headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe(deliveryId);
    expect(deliveryId).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(headers['webhook-timestamp']).toBe(String(T0 / 1000));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = Buffer.concat([Buffer.from(`${deliveryId}.${T0 / 1000}.`), raw]);
    expect(headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);

    const body = JSON.parse(raw.toString('utf8')) as unknown;
    expect(body).toEqual({
      event: 'connection.accepted',
      timestamp: '2026-01-05T00:00:00.000Z',
      data: { accountId: ACCOUNT, ...accepted },
    });
    expect(payloadSchema('connection.accepted').safeParse(body).success).toBe(true);
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'delivered', attempts: 1, nextAttemptAt: null });
    expect(store.listAttempts(subId, 10)).toEqual([
      { deliveryId, event: 'connection.accepted', attempt: 1, statusCode: 200, latencyMs: 0, error: null, at: '2026-01-05T00:00:00.000Z', deliveryState: 'delivered' },
    ]);
    expect(logs()).not.toContain(secret);
    expect(logs()).not.toContain('token=abc');
  });

  it('writes one outbox row per listening subscription of that user only', async () => {
    const rx = await receiver(() => 200);
    const { store, dispatcher } = setup();
    const a = subscribe(store, rx.url, ['connection.accepted']);
    const b = subscribe(store, rx.url, ['connection.accepted', 'message.received']);
    subscribe(store, rx.url, ['message.received']);
    subscribe(store, rx.url, ['connection.accepted'], 'someone-else');

    const ids = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await dispatcher.whenIdle();

    expect(ids).toHaveLength(2);
    expect(ids.map((id) => store.getDelivery(id)!.subscriptionId).sort()).toEqual([a.id, b.id].sort());
    expect(rx.received).toHaveLength(2);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(ids));
  });

  it('emits inside the caller transaction: a rollback leaves no delivery and sends nothing', async () => {
    const rx = await receiver(() => 200);
    const { db, store, dispatcher } = setup();
    subscribe(store, rx.url);
    expect(() =>
      db.transaction(() => {
        dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
        throw new Error('domain write failed');
      })(),
    ).toThrow('domain write failed');
    await dispatcher.whenIdle();
    expect(db.prepare('SELECT COUNT(*) AS n FROM webhook_outbox').get()).toEqual({ n: 0 });
    expect(rx.received).toHaveLength(0);
  });

  it('refuses data that does not match the event schema and writes nothing', async () => {
    const rx = await receiver(() => 200);
    const { db, store, dispatcher } = setup();
    subscribe(store, rx.url);
    const bad = { ...accepted, connectionDate: 'yesterday' };
    expect(() => dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', bad)).toThrow();
    expect(() => dispatcher.emitEvent(USER, 'not-an-account', 'connection.accepted', accepted)).toThrow();
    expect(db.prepare('SELECT COUNT(*) AS n FROM webhook_outbox').get()).toEqual({ n: 0 });
  });
});

describe('retry schedule (1 initial send + up to 5 retries after 1, 2, 4, 8, 16 s)', () => {
  it('retries exactly +1, +2, +4, +8 s after failures and stops once the 5th send succeeds', async () => {
    const rx = await receiver((n) => (n <= 4 ? 500 : 200));
    const { store, dispatcher, step } = setup();
    const { id: subId } = subscribe(store, rx.url);

    const [deliveryId] = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await dispatcher.whenIdle();
    expect(rx.received).toHaveLength(1);

    await step(999);
    expect(rx.received).toHaveLength(1); // not a millisecond early
    await step(1);
    expect(rx.received).toHaveLength(2);
    await step(2_000);
    await step(4_000);
    await step(8_000);

    expect(rx.received.map((r) => r.at - T0)).toEqual([0, 1_000, 3_000, 7_000, 15_000]);
    expect(gaps(rx)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveryId]));
    expect(new Set(rx.received.map((r) => r.raw.toString('utf8'))).size).toBe(1);
    expect(rx.received.map((r) => r.headers['webhook-timestamp'])).toEqual(
      [0, 1, 3, 7, 15].map((s) => String(T0 / 1000 + s)),
    );
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'delivered', attempts: 5, nextAttemptAt: null });

    await step(3_600_000);
    expect(rx.received).toHaveLength(5);
    expect(clock.pendingTimers()).toBe(0);
    expect(store.listAttempts(subId, 10).map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [5, 200, null],
      [4, 500, 'receiver answered 500'],
      [3, 500, 'receiver answered 500'],
      [2, 500, 'receiver answered 500'],
      [1, 500, 'receiver answered 500'],
    ]);
  });

  it('gives up after 6 sends (the last 16 s after the 5th) and marks the delivery failed', async () => {
    const rx = await receiver(() => 503);
    const { store, dispatcher, step, logs } = setup();
    const { id: subId } = subscribe(store, rx.url);

    const [deliveryId] = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await dispatcher.whenIdle();
    for (const ms of [1_000, 2_000, 4_000, 8_000, 16_000]) await step(ms);

    expect(rx.received.map((r) => r.at - T0)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000]);
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'failed', attempts: 6, nextAttemptAt: null });
    await step(3_600_000);
    expect(rx.received).toHaveLength(6);
    expect(clock.pendingTimers()).toBe(0);
    const attempts = store.listAttempts(subId, 100);
    expect(attempts).toHaveLength(6);
    expect(attempts.every((a) => a.statusCode === 503 && a.deliveryState === 'failed')).toBe(true);
    expect(logs()).toContain('giving up');
  });

  it('counts a timeout as a failed attempt and retries 1 s after the timeout fired', async () => {
    const rx = await receiver((n) => (n === 1 ? 'hang' : 200));
    const { store, dispatcher, step } = setup();
    const { id: subId } = subscribe(store, rx.url);

    const [deliveryId] = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await rx.waitFor(1);
    clock.advance(9_999);
    await new Promise((r) => setTimeout(r, 20));
    expect(dispatcher.inFlightCount).toBe(1); // still waiting for the receiver
    await step(1); // 10 s: the per-attempt timeout fires
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: T0 + 11_000 });
    const [first] = store.listAttempts(subId, 1);
    expect(first).toMatchObject({ attempt: 1, statusCode: null, latencyMs: 10_000, error: 'timeout: no answer within 10000 ms' });

    await step(1_000);
    expect(rx.received.map((r) => r.at - T0)).toEqual([0, 11_000]);
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'delivered', attempts: 2 });
    rx.release();
  });
});

describe('isolation and lifecycle', () => {
  it('a slow receiver does not delay another subscription', async () => {
    const slow = await receiver(() => 'hang');
    const fast = await receiver(() => 200);
    const { store, dispatcher } = setup();
    subscribe(store, slow.url, ['message.received']);
    const f = subscribe(store, fast.url, ['message.received']);

    const ids = dispatcher.emitEvent(USER, ACCOUNT, 'message.received', {
      conversationId: 'conv-1',
      messageId: 'msg-1',
      sender: { profileId: 'jane-doe', fullName: 'Jane Doe', headline: 'VP Sales' },
      text: 'Hi there',
      receivedAt: '2026-01-05T00:00:00.000Z',
      isSalesNavigator: false,
    });
    expect(ids).toHaveLength(2);
    await Promise.all([slow.waitFor(1), fast.waitFor(1)]);
    const fastDelivery = ids.find((id) => store.getDelivery(id)!.subscriptionId === f.id)!;
    const slowDelivery = ids.find((id) => id !== fastDelivery)!;
    await vi.waitFor(() => expect(store.getDelivery(fastDelivery)!.state).toBe('delivered'));
    expect(store.getDelivery(slowDelivery)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(dispatcher.inFlightCount).toBe(1);
    expect(clock.now()).toBe(T0);

    slow.release(204);
    await dispatcher.whenIdle();
    expect(store.getDelivery(slowDelivery)).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('bounds concurrency: with one slot, the second delivery waits for the first', async () => {
    const slow = await receiver(() => 'hang');
    const fast = await receiver(() => 200);
    const { store, dispatcher } = setup(openDb(), { maxConcurrent: 1 });
    subscribe(store, slow.url, ['connection.accepted']);
    subscribe(store, fast.url, ['profile.viewed']);
    // Emitted first, so the slow receiver's delivery is first in the outbox.
    dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    dispatcher.emitEvent(USER, ACCOUNT, 'profile.viewed', { viewer: null, anonymous: true, viewedAt: '2026-01-05T00:00:00.000Z' });
    await slow.waitFor(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(fast.received).toHaveLength(0);
    slow.release();
    await dispatcher.whenIdle();
    expect(fast.received).toHaveLength(1);
  });

  it('a deleted subscription stops its pending deliveries', async () => {
    const rx = await receiver(() => 500);
    const { store, dispatcher, step } = setup();
    const { id } = subscribe(store, rx.url);
    const [deliveryId] = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await dispatcher.whenIdle();
    expect(store.deleteSubscription(USER, id, clock.now())).toBe(true);
    await step(120_000);
    expect(rx.received).toHaveLength(1);
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'cancelled', nextAttemptAt: null });
  });

  it('stop() waits for the send in flight and records it', async () => {
    const rx = await receiver(() => 'hang');
    const { store, dispatcher } = setup();
    subscribe(store, rx.url);
    const [deliveryId] = dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await rx.waitFor(1);
    let stopped = false;
    const stopping = dispatcher.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    rx.release(200);
    await stopping;
    expect(store.getDelivery(deliveryId!)).toMatchObject({ state: 'delivered', attempts: 1 });
  });
});

describe('outbox survives a restart', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'webhooks-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function failTwiceThenCrash() {
    const rx = await receiver((n) => (n <= 2 ? 500 : 200));
    const file = join(dir, 'outreach.db');
    const first = setup(openDb(file));
    subscribe(first.store, rx.url);
    const [deliveryId] = first.dispatcher.emitEvent(USER, ACCOUNT, 'connection.accepted', accepted);
    await first.dispatcher.whenIdle();
    await first.step(1_000); // second send fails: the third is due at +3 s
    await first.dispatcher.stop();
    first.db.close();
    expect(rx.received).toHaveLength(2);
    return { rx, file, deliveryId: deliveryId! };
  }

  it('a future retry runs at its stored due time after reopening the same file', async () => {
    const { rx, file, deliveryId } = await failTwiceThenCrash();
    const second = setup(openDb(file));
    await second.dispatcher.whenIdle();
    expect(rx.received).toHaveLength(2);
    await second.step(1_999);
    expect(rx.received).toHaveLength(2);
    await second.step(1);
    expect(rx.received.map((r) => r.at - T0)).toEqual([0, 1_000, 3_000]);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveryId]));
    expect(second.store.getDelivery(deliveryId)).toMatchObject({ state: 'delivered', attempts: 3 });
    second.db.close();
  });

  it('a retry that fell due while the service was down goes out at start', async () => {
    const { rx, file, deliveryId } = await failTwiceThenCrash();
    clock.advance(60_000);
    const second = setup(openDb(file));
    await second.dispatcher.whenIdle();
    expect(rx.received.map((r) => r.at - T0)).toEqual([0, 1_000, 61_000]);
    expect(second.store.getDelivery(deliveryId)).toMatchObject({ state: 'delivered', attempts: 3 });
    second.db.close();
  });
});
