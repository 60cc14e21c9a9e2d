import { afterEach, describe, expect, it } from 'vitest';
import { endpointByTool } from '../../src/contract/index.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { PLAYBOOK_NAMES, costOf } from '../../src/mcp/prompts.js';
import { FakeClient } from './fake-client.js';
import { connect, type Session } from './harness.js';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('prompts (playbooks)', () => {
  it('lists every playbook with its arguments', async () => {
    session = await connect(new OutreachMcp({ client: new FakeClient() }));
    const { prompts } = await session.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([...PLAYBOOK_NAMES].sort());
    const connectPrompt = prompts.find((p) => p.name === 'find_and_connect')!;
    expect(connectPrompt.arguments?.map((a) => [a.name, a.required])).toEqual([
      ['keywords', true],
      ['location', false],
      ['maxInvites', false],
      ['accountId', false],
    ]);
  });

  it('renders arguments and the limits from the contract', async () => {
    session = await connect(new OutreachMcp({ client: new FakeClient() }));
    const result = await session.client.getPrompt({
      name: 'find_and_connect',
      arguments: { keywords: 'head of data', location: 'Berlin', maxInvites: '5' },
    });
    const text = result.messages[0]!.content.type === 'text' ? result.messages[0]!.content.text : '';
    expect(text).toContain('find people matching "head of data" in Berlin and send at most 5 connection requests');
    expect(text).toContain('send_connection_request (write group 15/min; CONNECT 25/day; CONNECT 100/week)');
    expect(text).toContain('search_people (search group 30/min; SEARCH_PEOPLE 100/day; SALES_NAV_SEARCH counted, not capped)');
    expect(text).toContain('outreach://accounts/{accountId}/quota');
  });

  it('refuses a missing required argument', async () => {
    session = await connect(new OutreachMcp({ client: new FakeClient() }));
    await expect(session.client.getPrompt({ name: 'engage_with_profile', arguments: {} })).rejects.toThrow(/profileId/);
  });

  it('offers only playbooks whose tools are served', async () => {
    session = await connect(new OutreachMcp({ client: new FakeClient(), readOnly: true }));
    const { prompts } = await session.client.listPrompts();
    // Read-only: every playbook that writes is gone; the health review stays.
    expect(prompts.map((p) => p.name)).toEqual(['account_health']);
  });

  it('states inbox reads as unlimited per minute but quota-bound', () => {
    expect(costOf(endpointByTool('list_recent_messages')!)).toBe('inbox group, no per-minute limit; RECENT_MESSAGES 150/day');
  });
});
