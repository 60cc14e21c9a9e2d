import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/contract/index.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ClientError } from '../../src/client/types.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { RecentEvents } from '../../src/mcp/events.js';
import { ACCOUNT_A, ACCOUNT_B, FakeClient, accountStatus } from './fake-client.js';
import { connect, connectPerTest, resourceJson, until } from './harness.js';
import { TEST_ENDPOINTS } from './test-endpoints.js';

/** A session per call, closed after each test. */
const open = connectPerTest();

const connectResult = { success: true, invitationId: 'inv-1', timestamp: '2026-01-05T00:00:00.000Z' };

describe('resources', () => {
  it('lists the accounts resource, a status and a quota resource per account, and the events resource', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient(), events: new RecentEvents() }));
    const uris = (await client.listResources()).resources.map((r) => r.uri).sort();
    expect(uris).toEqual(
      [
        'outreach://accounts',
        'outreach://events/recent',
        `outreach://accounts/${ACCOUNT_A}/status`,
        `outreach://accounts/${ACCOUNT_B}/status`,
        `outreach://accounts/${ACCOUNT_A}/quota`,
        `outreach://accounts/${ACCOUNT_B}/quota`,
      ].sort(),
    );
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate).sort();
    expect(templates).toEqual(['outreach://accounts/{accountId}/quota', 'outreach://accounts/{accountId}/status']);
  });

  it('reads the account list, a status (A2) and a quota report (A7)', async () => {
    const fake = new FakeClient();
    fake.quotaUsed = 3;
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    expect(resourceJson(await client.readResource({ uri: 'outreach://accounts' }))).toEqual({ accounts: fake.accountList });
    expect(resourceJson(await client.readResource({ uri: `outreach://accounts/${ACCOUNT_B}/status` }))).toEqual(accountStatus(ACCOUNT_B));
    expect(fake.calls.map((c) => [c.tool, c.input])).toEqual([['get_account_status_by_id', { accountId: ACCOUNT_B }]]);
    const quota = resourceJson(await client.readResource({ uri: `outreach://accounts/${ACCOUNT_A}/quota` })) as { quotas: { used: number; remaining: number }[] };
    expect(quota.quotas[0]).toMatchObject({ feature: 'CONNECT', used: 3, limit: 25, remaining: 22 });
    expect(fake.quotaReads).toEqual([ACCOUNT_A]);
  });

  it('answers a malformed or unknown account id with a clear error', async () => {
    const fake = new FakeClient();
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    await expect(client.readResource({ uri: 'outreach://accounts/xyz/quota' })).rejects.toThrow(/Invalid account ID format/);
    await expect(client.readResource({ uri: `outreach://accounts/${'c'.repeat(24)}/quota` })).rejects.toThrow(/Account not found or not accessible/);
    expect(fake.quotaReads).toEqual([`${'c'.repeat(24)}`]);
  });

  it('maps a failing status read to the same actionable text as tools', async () => {
    const fake = new FakeClient().on('get_account_status_by_id', () => {
      throw new ClientError({ kind: 'rate_limit', status: 429, message: 'Rate limit exceeded', retryAfterMs: 30_000 });
    });
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    await expect(client.readResource({ uri: `outreach://accounts/${ACCOUNT_A}/status` })).rejects.toThrow(/Error rate_limited: .*\n(.|\n)*retryable: yes at .* \(in 30 s\)/);
  });
});

describe('resource subscriptions', () => {
  const endpoints = [...ENDPOINTS, ...TEST_ENDPOINTS];

  it('announces a quota change to a subscriber after a successful quota-spending call, for that account only', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { client, updates } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints }));
    const caps = client.getServerCapabilities();
    expect(caps?.resources).toMatchObject({ subscribe: true, listChanged: true });
    await client.subscribeResource({ uri: `outreach://accounts/${ACCOUNT_B}/quota` });
    await client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_A, profileId: 'p' } });
    await client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_B, profileId: 'p' } });
    await until(() => updates.length >= 1, 'a resources/updated notification');
    // One more round trip so a wrong extra notification would have arrived.
    await client.ping();
    expect(updates).toEqual([`outreach://accounts/${ACCOUNT_B}/quota`]);
  });

  it('resolves an omitted accountId to the default account', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { client, updates } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints }));
    await client.subscribeResource({ uri: `outreach://accounts/${ACCOUNT_A}/quota` });
    await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'p' } });
    await until(() => updates.length >= 1, 'a resources/updated notification');
    expect(updates).toEqual([`outreach://accounts/${ACCOUNT_A}/quota`]);
  });

  it('says nothing for failed calls, reads without quota, or after unsubscribe', async () => {
    let fail = true;
    const fake = new FakeClient().on('send_connection_request', () => {
      if (fail) throw new ClientError({ kind: 'server', status: 500, message: 'boom' });
      return connectResult;
    });
    const { client, updates } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints }));
    const uri = `outreach://accounts/${ACCOUNT_A}/quota`;
    await client.subscribeResource({ uri });
    await client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_A, profileId: 'p' } });
    await client.callTool({ name: 'get_account_status', arguments: { accountId: ACCOUNT_A } });
    await client.unsubscribeResource({ uri });
    fail = false;
    await client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_A, profileId: 'p' } });
    await client.ping();
    expect(updates).toEqual([]);
  });

  it('reaches a subscriber in another session of the same process', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const mcp = new OutreachMcp({ confirm: 'off', client: fake, endpoints });
    const watcher = await open(mcp);
    const actor = await open(mcp);
    await watcher.client.subscribeResource({ uri: `outreach://accounts/${ACCOUNT_A}/quota` });
    await actor.client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_A, profileId: 'p' } });
    await until(() => watcher.updates.length === 1, 'the watcher to hear of the change');
    expect(actor.updates).toEqual([]);
  });
});

describe('resource list changes', () => {
  it('sends list_changed to every session when the accessible accounts change', async () => {
    const fake = new FakeClient();
    const mcp = new OutreachMcp({ confirm: 'off', client: fake });
    const reader = await open(mcp);
    const other = await open(mcp);
    const changed: string[] = [];
    other.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changed.push('other');
    });
    reader.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changed.push('reader');
    });
    await reader.client.listResources();
    await reader.client.readResource({ uri: 'outreach://accounts' }); // same accounts: no change
    await reader.client.ping();
    expect(changed).toEqual([]);
    fake.accountList = fake.accountList.slice(0, 1);
    await reader.client.listResources();
    await until(() => changed.length === 2, 'list_changed in both sessions');
    expect(changed.sort()).toEqual(['other', 'reader']);
  });
});

describe('events resource', () => {
  const event = (n: number) => ({ event: 'connection.accepted', timestamp: `2026-01-05T00:00:0${n}.000Z`, data: { profileId: `p${n}` } });

  it('shows received events most recent first, bounded', async () => {
    const events = new RecentEvents(2, () => Date.parse('2026-01-05T01:00:00.000Z'));
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient(), events }));
    events.push(event(1));
    events.push(event(2));
    events.push(event(3));
    const body = resourceJson(await client.readResource({ uri: 'outreach://events/recent' })) as { events: { seq: number; data: unknown }[] };
    expect(body.events).toEqual([
      { seq: 3, ...event(3), receivedAt: '2026-01-05T01:00:00.000Z' },
      { seq: 2, ...event(2), receivedAt: '2026-01-05T01:00:00.000Z' },
    ]);
  });

  it('announces a new event to subscribers', async () => {
    const events = new RecentEvents();
    const { client, updates } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient(), events }));
    events.push(event(1)); // before subscribing: not announced
    await client.subscribeResource({ uri: 'outreach://events/recent' });
    events.push(event(2));
    await until(() => updates.length === 1, 'the events update');
    expect(updates).toEqual(['outreach://events/recent']);
  });

  it('is absent when no event source is configured', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient() }));
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).not.toContain('outreach://events/recent');
  });

  it('stops listening when a session closes', async () => {
    const events = new RecentEvents();
    const mcp = new OutreachMcp({ confirm: 'off', client: new FakeClient(), events });
    const s = await connect(mcp);
    const other = await open(mcp);
    await s.client.subscribeResource({ uri: 'outreach://events/recent' });
    expect(events.listenerCount).toBe(2);
    await s.close();
    expect(events.listenerCount).toBe(1);
    await other.close();
    expect(events.listenerCount).toBe(0);
  });
});
