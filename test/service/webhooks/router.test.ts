import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, type Behaviour } from './helpers.js';
import { webhookTestBed } from './test-bed.js';

const T0 = Date.parse('2026-01-05T00:00:00.000Z');

const bed = webhookTestBed(T0);
const { receiver, service } = bed;

describe('POST /webhooks verifies the endpoint on save', () => {
  it('accepts a receiver answering 204, shows the secret once, and signs the verification with it', async () => {
    const rx = await receiver(() => 204);
    const { call, logs } = await service();

    const created = await call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted', 'lead.captured'], description: 'CRM' });
    expect(created.status).toBe(201);
    const body = created.json!;
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'description', 'events', 'id', 'secret', 'url']);
    expect(body).toMatchObject({
      url: rx.url,
      events: ['connection.accepted', 'lead.captured'],
      description: 'CRM',
      createdAt: '2026-01-05T00:00:00.000Z',
    });
    expect(body.id).toMatch(/^wh_[0-9a-f]{24}$/);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = body.secret as string;

    expect(rx.received).toHaveLength(1);
    const { headers, raw } = rx.received[0]!;
    expect(headers['x-service-signature']).toBe('sha256=' + createHmac('sha256', secret).update(raw).digest('hex'));
    expect(JSON.parse(raw.toString('utf8'))).toEqual({
      event: 'webhook.verification',
      timestamp: '2026-01-05T00:00:00.000Z',
      data: { webhookId: body.id, url: rx.url, events: ['connection.accepted', 'lead.captured'] },
    });
    expect(raw.toString('utf8')).not.toContain(secret);

    const one = await call('GET', `/webhooks/${body.id}`);
    expect(one.status).toBe(200);
    const { secret: _omitted, ...publicFields } = body;
    expect(one.json).toEqual(publicFields);
    const list = await call('GET', '/webhooks');
    expect(list.json).toEqual({ success: true, webhooks: [publicFields], count: 1 });
    const deliveries = await call('GET', `/webhooks/${body.id}/deliveries`);
    expect(deliveries.json).toMatchObject({
      success: true,
      webhookId: body.id,
      count: 1,
      attempts: [{ event: 'webhook.verification', attempt: 1, statusCode: 204, error: null, deliveryState: 'delivered' }],
    });
    for (const r of [one, list, deliveries]) expect(r.text).not.toContain(secret);
    expect(logs()).toContain('webhook created');
    expect(logs()).not.toContain(secret);
  });

  it('refuses a receiver answering 500 with 400 and saves nothing', async () => {
    const rx = await receiver(() => 500);
    const { call, logs } = await service();
    const res = await call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted'] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error:
        'Webhook endpoint verification failed: receiver answered 500; the endpoint must answer a signed webhook.verification POST with 2xx',
      success: false,
    });
    expect(rx.received).toHaveLength(1);
    expect(res.text).not.toContain('whsec_');
    expect(logs()).not.toContain('whsec_');
    expect((await call('GET', '/webhooks')).json).toEqual({ success: true, webhooks: [], count: 0 });
  });

  it('refuses an unreachable receiver with the network error', async () => {
    const rx = await receiver(() => 200);
    await rx.close();
    const { call } = await service();
    const res = await call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted'] });
    expect(res.status).toBe(400);
    expect(res.json!.success).toBe(false);
    expect(res.json!.error).toMatch(/^Webhook endpoint verification failed: network error: .*ECONNREFUSED/);
  });

  it('refuses a receiver that does not answer within the attempt timeout', async () => {
    const rx = await receiver(() => 'hang');
    const { call } = await service();
    const pending = call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted'] });
    await rx.waitFor(1);
    bed.clock.advance(10_000);
    const res = await pending;
    expect(res.status).toBe(400);
    expect(res.json!.error).toBe(
      'Webhook endpoint verification failed: timeout: no answer within 10000 ms; the endpoint must answer a signed webhook.verification POST with 2xx',
    );
    rx.release();
  });
});

describe('POST /webhooks input validation', () => {
  it('names events and the valid values for an unknown event', async () => {
    const { call } = await service();
    const res = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/x', events: ['connection.accepted', 'post.liked'] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      error: {
        name: 'ZodError',
        issues: [
          {
            code: 'invalid_value',
            expected: '"connection.accepted"|"message.received"|"post.commented"|"profile.viewed"|"lead.captured"|"account.status_changed"',
            path: ['events', '1'],
            received: 'string',
            message:
              'Invalid option: expected one of "connection.accepted"|"message.received"|"post.commented"|"profile.viewed"|"lead.captured"|"account.status_changed"',
          },
        ],
      },
    });
  });

  it('reports missing fields as Required and an empty event list', async () => {
    const { call } = await service();
    const missing = await call('POST', '/webhooks', {});
    expect(missing.status).toBe(400);
    expect(missing.json!.error.issues).toEqual([
      { code: 'invalid_type', expected: 'string', received: 'undefined', path: ['url'], message: 'Required' },
      { code: 'invalid_type', expected: 'array', received: 'undefined', path: ['events'], message: 'Required' },
    ]);
    const empty = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/x', events: [] });
    expect(empty.json!.error.issues).toMatchObject([
      { code: 'too_small', path: ['events'], message: expect.stringContaining('connection.accepted') },
    ]);
  });

  it.each([
    ['not a url', 'url must be an absolute http or https URL'],
    ['/relative/path', 'url must be an absolute http or https URL'],
    ['ftp://example.com/hook', 'url must use http or https'],
    ['https://user:pw@example.com/hook', 'url must not contain credentials (user:password@)'],
    ['https://example.com/hook#frag', 'url must not contain a fragment (#...)'],
    ['http://10.1.2.3/hook', 'url must not point to a private or link-local address'],
    ['http://169.254.169.254/latest', 'url must not point to a private or link-local address'],
  ])('refuses url %s and sends nothing', async (url, message) => {
    const { call, store } = await service();
    const res = await call('POST', '/webhooks', { url, events: ['connection.accepted'] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, error: { name: 'ZodError', issues: [{ code: 'custom', path: ['url'], message, received: 'string' }] } });
    expect(store.listSubscriptions('alice')).toEqual([]);
  });

  it('refuses loopback receivers unless allowLoopback is on', async () => {
    const rx = await receiver(() => 200);
    const { call } = await service({ allowLoopback: false });
    const res = await call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted'] });
    expect(res.status).toBe(400);
    expect(res.json!.error.issues[0]).toMatchObject({ path: ['url'], message: 'url must not point to a loopback address' });
    expect(rx.received).toHaveLength(0);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const { call } = await service();
    const res = await call('POST', '/webhooks', '{"url": ');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Invalid JSON body', success: false });
  });

  it('answers 401 without an authenticated user', async () => {
    const { call } = await service();
    const res = await call('GET', '/webhooks', undefined, null);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'Unauthorized', success: false });
  });
});

describe('ownership, deletion, deliveries and test sends', () => {
  async function withWebhook(behaviour: Behaviour = () => 200) {
    const rx = await receiver(behaviour);
    const svc = await service();
    const created = await svc.call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted'] });
    expect(created.status).toBe(201);
    return { ...svc, rx, id: created.json!.id as string, secret: created.json!.secret as string };
  }

  it("another user's subscription is 404 everywhere and absent from their list", async () => {
    const { call, id, rx } = await withWebhook();
    const notFound = { error: 'Webhook not found', success: false };
    for (const [method, path] of [
      ['GET', `/webhooks/${id}`],
      ['GET', `/webhooks/${id}/deliveries`],
      ['POST', `/webhooks/${id}/test`],
      ['DELETE', `/webhooks/${id}`],
    ] as const) {
      const res = await call(method, path, undefined, 'mallory');
      expect([method, path, res.status, res.json]).toEqual([method, path, 404, notFound]);
    }
    expect((await call('GET', '/webhooks', undefined, 'mallory')).json).toEqual({ success: true, webhooks: [], count: 0 });
    expect(rx.received).toHaveLength(1); // only the verification: mallory's test send did not go out
    expect((await call('GET', `/webhooks/${id}`)).status).toBe(200); // still there for alice
  });

  it('DELETE removes the subscription; then it is 404', async () => {
    const { call, id } = await withWebhook();
    expect(await call('DELETE', `/webhooks/${id}`)).toMatchObject({ status: 200, json: { success: true, id } });
    expect((await call('GET', `/webhooks/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/webhooks/${id}`)).status).toBe(404);
  });

  it('POST /webhooks/{id}/test sends a signed webhook.test and logs it', async () => {
    const { call, id, rx, secret } = await withWebhook((n) => (n === 1 ? 200 : 202));
    const res = await call('POST', `/webhooks/${id}/test`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      delivery: { deliveryId: expect.stringMatching(/^msg_/), event: 'webhook.test', delivered: true, statusCode: 202, latencyMs: 0, error: null },
    });
    const sent = rx.received[1]!;
    expect(sent.headers['webhook-id']).toBe(res.json!.delivery.deliveryId);
    expect(sent.headers['x-service-signature']).toBe('sha256=' + createHmac('sha256', secret).update(sent.raw).digest('hex'));
    expect(JSON.parse(sent.raw.toString('utf8')).event).toBe('webhook.test');
    const deliveries = await call('GET', `/webhooks/${id}/deliveries`);
    expect(deliveries.json!.attempts.map((a: { event: string }) => a.event)).toEqual(['webhook.test', 'webhook.verification']);
  });

  it('GET /webhooks/{id}/deliveries lists every attempt of real events, newest first, with limit', async () => {
    const { call, id, dispatcher } = await withWebhook((n) => (n === 2 ? 500 : 200));
    const [deliveryId] = dispatcher.emitEvent('alice', ACCOUNT, 'connection.accepted', {
      profileId: 'jane-doe',
      fullName: 'Jane Doe',
      headline: 'VP Sales',
      connectionDate: '2026-01-05T00:00:00.000Z',
    });
    await dispatcher.whenIdle();
    bed.clock.advance(1_000);
    await dispatcher.whenIdle();

    const res = await call('GET', `/webhooks/${id}/deliveries`);
    expect(res.json!.attempts).toEqual([
      { deliveryId, event: 'connection.accepted', attempt: 2, statusCode: 200, latencyMs: 0, error: null, at: '2026-01-05T00:00:01.000Z', deliveryState: 'delivered' },
      { deliveryId, event: 'connection.accepted', attempt: 1, statusCode: 500, latencyMs: 0, error: 'receiver answered 500', at: '2026-01-05T00:00:00.000Z', deliveryState: 'delivered' },
      expect.objectContaining({ event: 'webhook.verification', attempt: 1, statusCode: 200 }),
    ]);
    const limited = await call('GET', `/webhooks/${id}/deliveries?limit=1`);
    expect(limited.json!.attempts).toHaveLength(1);
    const bad = await call('GET', `/webhooks/${id}/deliveries?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.json!.error.issues[0]).toMatchObject({ code: 'too_small', path: ['limit'] });
  });
});
