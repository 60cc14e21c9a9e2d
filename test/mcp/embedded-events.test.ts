import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { invitationOutcome } from '../../src/service/domain/actions/index.js';
import { DEMO_ACCOUNTS, startService, type RunningService } from '../../src/service/index.js';
import { EVENTS_URI } from '../../src/mcp/changes.js';
import { RecentEvents } from '../../src/mcp/events.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { ManualClock } from '../../src/util/clock.js';
import { createLogger } from '../../src/util/logger.js';
import { until } from './harness.js';

const quiet = createLogger('test', 'silent');
let running: RunningService | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  await running?.close();
  running = undefined;
  close = undefined;
});

describe('events of the embedded service reach MCP', () => {
  it('an accepted invitation is announced on outreach://events/recent and readable there', async () => {
    const clock = new ManualClock('2026-01-05T09:00:00.000Z');
    const events = new RecentEvents(100);
    running = await startService({
      dataDir: ':memory:',
      clock,
      logger: quiet,
      activityIntervalMs: 0,
      onEvent: (p) => events.push({ event: p.event, timestamp: p.timestamp, data: p.data as Record<string, unknown> }),
    });
    const client = createClient({ baseUrl: running.baseUrl, apiKey: running.apiKey, logger: quiet });
    const mcp = new OutreachMcp({ client, events, confirm: 'off' });
    const server = mcp.createServer();
    const [c, s] = InMemoryTransport.createLinkedPair();
    const agent = new Client({ name: 'test', version: '1.0.0' });
    const updates: string[] = [];
    agent.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await server.connect(s);
    await agent.connect(c);
    close = async () => {
      await agent.close();
      await server.close();
      await client.close();
    };

    const account = DEMO_ACCOUNTS.free;
    const world = running.service.deps.world();
    const view = running.service.deps.view(running.service.accounts.find('demo', account)!);
    const connected = new Set(view.connections.map((x) => x.personId));
    const invitee = world.people.find((p) => !connected.has(p.id) && invitationOutcome(world, account, p).accepts)!;
    const sent = await agent.callTool({ name: 'send_connection_request', arguments: { accountId: account, profileId: invitee.profileId } });
    expect(sent.isError).toBeFalsy();

    await agent.subscribeResource({ uri: EVENTS_URI });
    clock.advance(22 * 24 * 3_600_000);
    running.service.runActivity();
    await until(() => updates.includes(EVENTS_URI), 'events/recent update');

    const read = await agent.readResource({ uri: EVENTS_URI });
    const text = read.contents[0] && 'text' in read.contents[0] ? read.contents[0].text : '';
    expect(text).toContain('connection.accepted');
    expect(text).toContain(invitee.profileId);
  });
});
