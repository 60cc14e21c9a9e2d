import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../../src/service/store/sqlite.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWebhooksCommand } from '../../../src/cli/webhooks.js';
import { COMMANDS } from '../../../src/cli/commands.js';
import { ManualClock } from '../../../src/util/clock.js';
import { startReceiver, type Receiver } from './helpers.js';

let dir: string;
let clock: ManualClock;
let rx: Receiver;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webhooks-cli-'));
  clock = new ManualClock('2026-01-05T00:00:00.000Z');
  rx = await startReceiver(clock, (n) => (n === 2 ? 503 : 204));
});
afterEach(async () => {
  await rx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runWebhooksCommand([...argv, '--data-dir', dir], { out: (t) => (out += t), err: (t) => (err += t) }, clock);
  return { code, out, err };
}

describe('outreach-mcp webhooks', () => {
  it('is registered as a CLI command', async () => {
    expect(COMMANDS.webhooks?.summary).toContain('webhooks');
    expect(typeof (await COMMANDS.webhooks!.load()).run).toBe('function');
  });

  it('add verifies the endpoint, prints the secret once; list and deliveries never show it', async () => {
    const added = await cli('add', '--url', rx.url, '--events', 'connection.accepted,lead.captured', '--json');
    expect(added).toMatchObject({ code: 0, err: '' });
    const created = JSON.parse(added.out) as { id: string; secret: string; events: string[]; url: string };
    expect(created).toMatchObject({ url: rx.url, events: ['connection.accepted', 'lead.captured'], createdAt: '2026-01-05T00:00:00.000Z' });
    expect(created.secret).toMatch(/^whsec_/);
    const { headers, raw } = rx.received[0]!;
    expect(headers['x-service-signature']).toBe('sha256=' + createHmac('sha256', created.secret).update(raw).digest('hex'));

    // Saved in <data-dir>/outreach.db for the demo user.
    const db = openSqlite(join(dir, 'outreach.db'), { readonly: true });
    expect(db.prepare('SELECT id, user_id FROM webhook_subscriptions').all()).toEqual([{ id: created.id, user_id: 'demo' }]);
    db.close();

    const listed = await cli('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(created.id);
    expect(listed.out).toContain('connection.accepted, lead.captured');
    expect(listed.out).not.toContain(created.secret);
    expect((await cli('list', '--user', 'someone-else')).out).toBe('No webhooks for user someone-else.\n');

    const deliveries = await cli('deliveries', created.id, '--limit', '5');
    expect(deliveries.code).toBe(0);
    expect(deliveries.out).toMatch(/^2026-01-05T00:00:00.000Z {2}msg_[0-9a-f]{24} {2}webhook\.verification {2}attempt 1 {2}204 {2}0 ms {2}delivered\n$/);
    expect(deliveries.out + listed.out).not.toContain(created.secret);

    const removed = await cli('remove', created.id);
    expect(removed).toMatchObject({ code: 0 });
    expect((await cli('list')).out).toBe('No webhooks for user demo.\n');
    expect(await cli('remove', created.id)).toMatchObject({ code: 1, err: expect.stringContaining(`no webhook ${created.id}`) });
  });

  it('prints the secret in the text output of add', async () => {
    const added = await cli('add', '--url', rx.url, '--events', 'profile.viewed', '--user', 'u7');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/secret: {2}whsec_[A-Za-z0-9+/]{43}=\nStore the secret now: it is not shown again\.\n$/);
  });

  it('add fails with exit 1 when the endpoint answers 503, and saves nothing', async () => {
    expect((await cli('add', '--url', rx.url, '--events', 'profile.viewed')).code).toBe(0);
    const refused = await cli('add', '--url', rx.url, '--events', 'profile.viewed');
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      'outreach-mcp webhooks add: Webhook endpoint verification failed: receiver answered 503; the endpoint must answer a signed webhook.verification POST with 2xx\n',
    );
    expect((await cli('list', '--json')).out.match(/"id"/g)).toHaveLength(1);
  });

  it('refuses unknown events and bad usage with exit 2 and names the problem', async () => {
    const bad = await cli('add', '--url', rx.url, '--events', 'connection.accepted,post.liked');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('events.1: Invalid option: expected one of "connection.accepted"|');
    expect(rx.received).toHaveLength(0);
    expect((await cli('add', '--events', 'lead.captured')).code).toBe(2);
    expect((await cli('frobnicate')).err).toContain('unknown command "frobnicate"');
    expect((await cli('deliveries', 'wh_x', '--limit', '0')).err).toContain('--limit must be an integer from 1 to 100');
    expect((await cli('list', '--bogus')).code).toBe(2);
  });

  it('--help prints usage on stdout with exit 0', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: outreach-mcp webhooks <command>');
    expect(help.out).toContain('--limit N');
  });
});
