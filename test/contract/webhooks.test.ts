import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_DATA_SCHEMAS,
  RETRY_DELAYS_MS,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  retryDelayAfter,
  signedHeaders,
  verifyServiceSignature,
} from '../../src/contract/webhooks.js';
import { RecentEvents } from '../../src/mcp/events.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/mcp/webhook-receiver.js';
import { WebhookDispatcher, WebhookStore } from '../../src/service/webhooks/index.js';
import { generateSecret } from '../../src/service/webhooks/signing.js';
import { ManualClock } from '../../src/util/clock.js';
import { createLogger } from '../../src/util/logger.js';
import { openDb } from '../service/webhooks/helpers.js';

/** One webhook contract: the service sends and the MCP receiver accepts by the same module. */

let receiver: WebhookReceiver | undefined;
let dispatcher: WebhookDispatcher | undefined;
afterEach(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  receiver = undefined;
  dispatcher = undefined;
});

const ACCOUNT = 'a1b2c3d4e5f6a1b2c3d4e5f6';

describe('the webhook contract', () => {
  it('signs headers the receiver side verifies, over the exact bytes', () => {
    const body = Buffer.from('{"event":"x"}');
    const headers = signedHeaders('whsec_AAAA', 'msg_1', Date.UTC(2026, 0, 5), body);
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(Object.values(WEBHOOK_HEADERS)));
    expect(headers[WEBHOOK_HEADERS.timestamp]).toBe(String(Date.UTC(2026, 0, 5) / 1000));
    expect(verifyServiceSignature('whsec_AAAA', body, headers[WEBHOOK_HEADERS.signature])).toBe(true);
    expect(verifyServiceSignature('whsec_AAAB', body, headers[WEBHOOK_HEADERS.signature])).toBe(false);
  });

  it('has one retry schedule: 1, 2, 4, 8, 16 s, then give up', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayAfter)).toEqual([...RETRY_DELAYS_MS, undefined]);
    expect(Object.keys(EVENT_DATA_SCHEMAS)).toEqual([...WEBHOOK_EVENTS]);
  });

  it('an event the service emits arrives at the MCP receiver, verified, once per webhook-id', async () => {
    const secret = generateSecret();
    const events = new RecentEvents();
    receiver = await startWebhookReceiver({ port: 0, secret, sink: events });
    const clock = new ManualClock('2026-01-05T10:00:00.000Z');
    const store = new WebhookStore(openDb());
    store.insertSubscription({
      id: 'wh_1',
      userId: 'demo',
      url: receiver.url,
      events: ['connection.accepted'],
      description: null,
      createdAt: new Date(clock.now()).toISOString(),
      secret,
    });
    dispatcher = new WebhookDispatcher({ store, clock, logger: createLogger('test', 'silent') });
    dispatcher.start();
    const [id] = dispatcher.emitEvent('demo', ACCOUNT, 'connection.accepted', {
      profileId: 'jane-doe',
      fullName: 'Jane Doe',
      headline: 'CTO',
      connectionDate: '2026-01-05T10:00:00.000Z',
    });
    await dispatcher.whenIdle();
    expect(store.getDelivery(id!)!.state).toBe('delivered');
    expect(events.recent()).toHaveLength(1);
    expect(events.recent()[0]).toMatchObject({ event: 'connection.accepted', data: { accountId: ACCOUNT, profileId: 'jane-doe' } });

    // A redelivery with the same webhook-id is answered 200 and not counted twice.
    const delivery = store.getDelivery(id!)!;
    const again = await dispatcher.send({ url: receiver.url, deliveryId: id!, secret, body: delivery.body });
    expect(again.statusCode).toBe(200);
    expect(events.recent()).toHaveLength(1);
  });

  it('no webhook module outside the contract computes an HMAC or names a signature header', () => {
    const files = [
      ...readdirSync('src/service/webhooks').map((f) => join('src/service/webhooks', f)),
      'src/mcp/webhook-receiver.ts',
      'src/mcp/events.ts',
    ];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/createHmac|['"]x-service-signature['"]|['"]webhook-signature['"]|\[1_000, 2_000/i);
    }
  });
});
