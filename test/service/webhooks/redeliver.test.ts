import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWebhooksCommand } from '../../../src/cli/webhooks.js';
import { RETRY_DELAYS_MS } from '../../../src/contract/webhooks.js';
import type { WebhookDispatcher } from '../../../src/service/webhooks/dispatcher.js';
import { WebhookStore } from '../../../src/service/webhooks/store.js';
import { ACCOUNT, openDb } from './helpers.js';
import { webhookTestBed } from './test-bed.js';

/** Failed deliveries are kept with their attempts, listed, and resent with the same webhook-id. */

const T0 = Date.parse('2026-01-05T00:00:00.000Z');
const bed = webhookTestBed(T0);
const { receiver, service } = bed;

const accepted = { profileId: 'jane', fullName: 'Jane Doe', headline: 'CTO', connectionDate: '2026-01-05T00:00:00.000Z' };

/** Runs a delivery through every retry: the first send and one per delay. */
async function exhaustRetries(dispatcher: WebhookDispatcher): Promise<void> {
  await dispatcher.whenIdle();
  for (const delay of RETRY_DELAYS_MS) {
    bed.clock.advance(delay);
    await dispatcher.whenIdle();
  }
}

describe('failed deliveries through the settings API', () => {
  it('lists a delivery that exhausted its retries with all 6 attempts, and redelivers it with the same webhook-id', async () => {
    // 1: verification; 2-7: the six sends of the event fail; then 200, except 9.
    const rx = await receiver((n) => (n === 1 ? 200 : n <= 7 || n === 9 ? 500 : 200));
    const { dispatcher, call } = await service();
    const created = await call('POST', '/webhooks', { url: rx.url, events: ['connection.accepted'] });
    expect(created.status).toBe(201);

    const [id] = dispatcher.emitEvent('alice', ACCOUNT, 'connection.accepted', accepted);
    await exhaustRetries(dispatcher);
    expect(rx.received).toHaveLength(7);

    const failed = await call('GET', '/webhooks/deliveries?state=failed');
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ success: true, count: 1 });
    const listed = failed.json!.deliveries[0];
    expect(listed).toMatchObject({ id, webhookId: created.json!.id, event: 'connection.accepted', state: 'failed', attempts: 6, nextAttemptAt: null });
    expect(listed.attemptLog.map((a: { attempt: number; statusCode: number }) => [a.attempt, a.statusCode])).toEqual([
      [1, 500], [2, 500], [3, 500], [4, 500], [5, 500], [6, 500],
    ]);
    expect(listed.attemptLog.map((a: { at: string }) => Date.parse(a.at) - T0)).toEqual([0, 1000, 3000, 7000, 15000, 31000]);
    // Another user sees none of it and cannot resend it.
    expect((await call('GET', '/webhooks/deliveries?state=failed', undefined, 'bob')).json).toMatchObject({ count: 0, deliveries: [] });
    const foreign = await call('POST', `/webhooks/deliveries/${id}/redeliver`, undefined, 'bob');
    expect({ status: foreign.status, json: foreign.json }).toEqual({
      status: 404,
      json: { error: 'Delivery not found', success: false },
    });

    const again = await call('POST', `/webhooks/deliveries/${id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.json!.delivery).toMatchObject({ id, event: 'connection.accepted', state: 'delivered', attempts: 7, delivered: true, statusCode: 200 });
    expect(rx.received).toHaveLength(8);
    expect(rx.received[7]!.headers['webhook-id']).toBe(id);
    expect(rx.received[7]!.raw.equals(rx.received[1]!.raw)).toBe(true);
    expect((await call('GET', '/webhooks/deliveries?state=failed')).json!.count).toBe(0);
    const delivered = await call('GET', `/webhooks/deliveries?state=delivered&webhookId=${created.json!.id}`);
    expect(delivered.json!.deliveries.map((d: { id: string; attempts: number }) => [d.id, d.attempts])).toContainEqual([id, 7]);

    // A delivery still in its retry cycle is not resent by hand.
    const [pending] = dispatcher.emitEvent('alice', ACCOUNT, 'connection.accepted', accepted);
    await dispatcher.whenIdle();
    const refused = await call('POST', `/webhooks/deliveries/${pending}/redeliver`);
    expect(refused.status).toBe(409);
    expect(refused.json!.error).toBe(`Delivery ${pending} is still being retried (next attempt at 2026-01-05T00:00:32.000Z); redeliver it once it has failed`);

    expect((await call('GET', '/webhooks/deliveries?state=lost')).status).toBe(400);
    expect((await call('GET', '/webhooks/deliveries?limit=0')).status).toBe(400);
  });
});

describe('outreach-mcp webhooks deliveries --failed / redeliver', () => {
  it('lists failed deliveries with their attempts and resends one, in the data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outreach-redeliver-'));
    bed.cleanup(() => rmSync(dir, { recursive: true, force: true }));
    const rx = await receiver((n) => (n <= 6 ? 503 : 204));
    const store = new WebhookStore(openDb(join(dir, 'outreach.db')));
    bed.cleanup(() => store.db.close());
    store.insertSubscription({ id: 'wh_cli', userId: 'demo', url: rx.url, events: ['connection.accepted'], description: null, createdAt: new Date(T0).toISOString(), secret: 'whsec_AAAA' });
    const { dispatcher } = await service({ store });
    const [id] = dispatcher.emitEvent('demo', ACCOUNT, 'connection.accepted', accepted);
    await exhaustRetries(dispatcher);

    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
    expect(await runWebhooksCommand(['deliveries', '--failed', '--json', '--data-dir', dir], io, bed.clock)).toBe(0);
    const listed = JSON.parse(out.join('')) as Array<{ id: string; attempts: number; attemptLog: unknown[] }>;
    expect(listed.map((d) => [d.id, d.attempts, d.attemptLog.length])).toEqual([[id, 6, 6]]);
    out.length = 0;
    expect(await runWebhooksCommand(['deliveries', '--failed', '--data-dir', dir], io, bed.clock)).toBe(0);
    expect(out.join('')).toContain(`${id}  connection.accepted  webhook wh_cli  failed after 6 attempts`);
    expect(out.join('')).toContain('attempt 6  503');

    out.length = 0;
    expect(await runWebhooksCommand(['redeliver', id!, '--data-dir', dir], io, bed.clock)).toBe(0);
    expect(out.join('')).toMatch(new RegExp(`^Redelivered ${id} \\(connection.accepted\\): receiver answered 204 in \\d+ ms\\.\\n$`));
    expect(rx.received).toHaveLength(7);
    expect(rx.received[6]!.headers['webhook-id']).toBe(id);
    expect(store.getDelivery(id!)).toMatchObject({ state: 'delivered', attempts: 7 });

    expect(await runWebhooksCommand(['redeliver', 'msg_nope', '--data-dir', dir], io, bed.clock)).toBe(1);
    expect(err.join('')).toContain('no delivery msg_nope for user demo');
  });
});
