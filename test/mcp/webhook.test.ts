import { afterEach, describe, expect, it } from 'vitest';
import { RecentEvents, parseEvent } from '../../src/mcp/events.js';
import { signBody, startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../src/mcp/webhook-receiver.js';

const SECRET = 'whsec_test_secret';
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const payload = JSON.stringify({
  event: 'connection.accepted',
  timestamp: '2026-01-05T10:00:00.000Z',
  data: { accountId: 'a1b2c3d4e5f6a1b2c3d4e5f6', profileId: 'jane-doe', fullName: 'Jane Doe', headline: 'CTO', connectionDate: '2026-01-05T10:00:00.000Z' },
});

describe('webhook signature', () => {
  it('is sha256=<hex HMAC-SHA256 of the raw body>', () => {
    // Known answer: HMAC-SHA256(key="key", "The quick brown fox jumps over the lazy dog").
    expect(signBody('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    const body = Buffer.from(payload);
    expect(verifySignature(SECRET, body, signBody(SECRET, body))).toBe(true);
    expect(verifySignature(SECRET, body, signBody('other', body))).toBe(false);
    expect(verifySignature(SECRET, Buffer.from(payload + ' '), signBody(SECRET, body))).toBe(false);
    expect(verifySignature(SECRET, body, undefined)).toBe(false);
  });

  it('validates the event shape, naming the wrong field', () => {
    expect(parseEvent({ event: 'x', timestamp: 'yesterday', data: {} })).toEqual({ ok: false, error: 'timestamp: Invalid ISO date-time' });
    expect(parseEvent({ event: 'x', timestamp: '2026-01-05T10:00:00Z', data: [] })).toEqual({
      ok: false,
      error: 'data: Invalid input: expected record, received array',
    });
    expect(parseEvent([])).toEqual({ ok: false, error: 'body: Invalid input: expected object, received array' });
    // A known event's data must match its contract schema; an unknown event passes with the plain envelope.
    expect(parseEvent({ event: 'connection.accepted', timestamp: '2026-01-05T10:00:00Z', data: { profileId: 'x' } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^data\.accountId: /),
    });
    expect(parseEvent({ event: 'future.event', timestamp: '2026-01-05T10:00:00Z', data: { a: 1 } })).toMatchObject({ ok: true });
  });
});

describe('webhook receiver', () => {
  async function post(body: string, signature?: string): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature) headers['x-service-signature'] = signature;
    const res = await fetch(receiver!.url + 'hooks', { method: 'POST', headers, body });
    return { status: res.status, body: await res.json() };
  }

  it('accepts a correctly signed event and feeds the sink', async () => {
    const events = new RecentEvents();
    receiver = await startWebhookReceiver({ port: 0, secret: SECRET, sink: events });
    expect(await post(payload, signBody(SECRET, payload))).toEqual({ status: 200, body: { success: true } });
    expect(events.recent()).toHaveLength(1);
    expect(events.recent()[0]).toMatchObject({ seq: 1, event: 'connection.accepted', data: { accountId: 'a1b2c3d4e5f6a1b2c3d4e5f6', profileId: 'jane-doe' } });
  });

  it('rejects a missing or wrong signature with 401 and stores nothing', async () => {
    const events = new RecentEvents();
    receiver = await startWebhookReceiver({ port: 0, secret: SECRET, sink: events });
    expect(await post(payload)).toEqual({ status: 401, body: { error: 'Invalid or missing X-Service-Signature' } });
    expect((await post(payload, signBody('wrong', payload))).status).toBe(401);
    expect(events.recent()).toEqual([]);
  });

  it('rejects a signed body that is not an event with 400', async () => {
    const events = new RecentEvents();
    receiver = await startWebhookReceiver({ port: 0, secret: SECRET, sink: events });
    const notJson = '{nope';
    expect(await post(notJson, signBody(SECRET, notJson))).toEqual({ status: 400, body: { error: 'Body is not valid JSON' } });
    const noEvent = JSON.stringify({ timestamp: '2026-01-05T10:00:00Z', data: {} });
    expect(await post(noEvent, signBody(SECRET, noEvent))).toEqual({
      status: 400,
      body: { error: 'event: Invalid input: expected string, received undefined' },
    });
    expect(events.recent()).toEqual([]);
  });

  it('refuses to start without a secret', async () => {
    await expect(startWebhookReceiver({ port: 0, secret: '', sink: new RecentEvents() })).rejects.toThrow(/webhook secret is required/);
  });
});
