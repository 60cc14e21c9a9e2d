import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { invitationOutcome } from '../../src/service/domain/actions/index.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { startLive, type LiveService } from './http-harness.js';

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

async function receiver(): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let live: LiveService | undefined;
let hooks: Awaited<ReturnType<typeof receiver>> | undefined;
afterEach(async () => {
  await live?.close();
  await hooks?.close();
  live = undefined;
  hooks = undefined;
});

describe('webhooks raised by the living network', () => {
  it('an accepted connection request reaches a subscribed receiver, signed over the exact bytes', async () => {
    live = await startLive();
    hooks = await receiver();
    const created = await live.request('POST', '/webhooks', { body: { url: hooks.url, events: ['connection.accepted'] } });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(hooks.got).toHaveLength(1); // the verification delivery on save

    const account = DEMO_ACCOUNTS.free;
    const world = live.service.deps.world();
    const connected = new Set(live.service.deps.view({ ...live.service.accounts.find('demo', account)! }).connections.map((c) => c.personId));
    const invitee = world.people.find((p) => !connected.has(p.id) && invitationOutcome(world, account, p).accepts)!;
    const sent = await live.request('POST', '/connect', { body: { accountId: account, profileId: invitee.profileId, message: 'Hello!' } });
    expect(sent.status).toBe(200);

    live.clock.advance(22 * 24 * 3_600_000);
    live.service.runActivity();
    await until(() => hooks!.got.some((g) => JSON.parse(g.raw.toString()).event === 'connection.accepted'), 'connection.accepted');

    const delivery = hooks.got.find((g) => JSON.parse(g.raw.toString()).event === 'connection.accepted')!;
    const expected = `sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`;
    expect(delivery.headers['x-service-signature']).toBe(expected);
    const payload = JSON.parse(delivery.raw.toString());
    expect(payload).toMatchObject({
      event: 'connection.accepted',
      data: {
        accountId: account,
        profileId: invitee.profileId,
        fullName: `${invitee.firstName} ${invitee.lastName}`,
        headline: invitee.headline,
      },
    });
    expect(Date.parse(payload.data.connectionDate)).toBeLessThanOrEqual(live.clock.now());
    // The relationship read now says 1st degree.
    const rel = await live.request('GET', `/relationship/${invitee.profileId}?accountId=${account}`);
    expect(rel.body).toMatchObject({ connected: true, connectionDegree: 'DISTANCE_1' });
  });
});
