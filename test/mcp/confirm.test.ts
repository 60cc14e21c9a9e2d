import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointById } from '../../src/contract/index.js';
import { confirmationMessage, needsConfirmation } from '../../src/mcp/confirm.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { FakeClient } from './fake-client.js';

const connectResult = { success: true, invitationId: 'inv-1', timestamp: '2026-01-05T10:00:00.000Z' };
const ACCOUNT = 'a'.repeat(24); // Ada Lovelace in the FakeClient's account list

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** An SDK client that answers elicitation with `answer` (or has no elicitation capability). */
async function open(mcp: OutreachMcp, answer?: (message: string) => ElicitResult) {
  const server = mcp.createServer();
  const [c, s] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' }, answer ? { capabilities: { elicitation: {} } } : {});
  const asked: string[] = [];
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      const message = req.params.message;
      asked.push(message);
      return answer(message);
    });
  }
  await server.connect(s);
  await client.connect(c);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return { client, asked };
}

const invite = { accountId: ACCOUNT, profileId: 'jane-doe', message: 'Hi Jane, loved your talk on data contracts.' };

describe('human confirmation of writes', () => {
  it('asks with exactly what will be sent to whom, and sends on accept', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { client, asked } = await open(new OutreachMcp({ client: fake }), () => ({ action: 'accept', content: { confirm: true } }));
    const result = await client.callTool({ name: 'send_connection_request', arguments: invite });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([
      `Send a connection request?\nAccount: Ada Lovelace (${ACCOUNT})\nTarget: person jane-doe\nmessage: Hi Jane, loved your talk on data contracts.`,
    ]);
    expect(fake.calls).toHaveLength(1);
  });

  it('sends nothing on decline or cancel and tells the agent so', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const fake = new FakeClient().on('send_connection_request', () => connectResult);
      const { client } = await open(new OutreachMcp({ client: fake }), () => ({ action }));
      const result = await client.callTool({ name: 'send_connection_request', arguments: invite });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(action === 'decline' ? 'the user declined' : 'the user cancelled the confirmation');
      expect(fake.calls).toHaveLength(0);
    }
    // Accepting the form with confirm unticked is a no as well.
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { client } = await open(new OutreachMcp({ client: fake }), () => ({ action: 'accept', content: { confirm: false } }));
    expect((await client.callTool({ name: 'send_connection_request', arguments: invite })).isError).toBe(true);
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses with guidance when the client cannot ask, and never sends silently', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { client } = await open(new OutreachMcp({ client: fake }));
    const result = await client.callTool({ name: 'send_connection_request', arguments: invite });
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result.content);
    expect(text).toContain('cannot ask for it');
    expect(text).toContain('--confirm off');
    expect(text).toContain('OUTREACH_CONFIRM=off');
    expect(fake.calls).toHaveLength(0);
  });

  it('leaves reads and non-send writes alone by default, and asks for every write with --confirm all', async () => {
    const fake = new FakeClient()
      .on('react_to_post', () => ({ success: true }))
      .on('get_account_status', () => ({}));
    const { client } = await open(new OutreachMcp({ client: fake }));
    await client.callTool({ name: 'react_to_post', arguments: { postUrn: 'urn:li:activity:1', reactionType: 'LIKE' } });
    expect(fake.calls.map((c) => c.tool)).toEqual(['react_to_post']);

    expect(needsConfirmation(endpointById('E3')!, {}, 'all')).toBe(true);
    expect(needsConfirmation(endpointById('E3')!, {}, 'sends')).toBe(false);
    expect(needsConfirmation(endpointById('A1')!, {}, 'all')).toBe(false);
    expect(needsConfirmation(endpointById('B1')!, { action: 'unfollow' }, 'sends')).toBe(true);
    expect(needsConfirmation(endpointById('B1')!, { action: 'follow' }, 'sends')).toBe(false);
    expect(needsConfirmation(endpointById('D11')!, {}, 'off')).toBe(false);
    for (const id of ['B2', 'B3', 'C7', 'D4', 'D5', 'D6', 'D7', 'D11', 'D12']) expect(needsConfirmation(endpointById(id)!, {}, 'sends'), id).toBe(true);
  });

  it('names the default account (person and id) when the call named none', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { client, asked } = await open(new OutreachMcp({ client: fake }), () => ({ action: 'accept', content: { confirm: true } }));
    await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'jane-doe' } });
    expect(asked).toEqual([`Send a connection request?\nAccount: Ada Lovelace (${'a'.repeat(24)})\nTarget: person jane-doe`]);
  });

  it('names the target of each kind of write: person, conversation, post and comment, company page', () => {
    const account = { account: { id: ACCOUNT, name: 'Ada Lovelace' } };
    expect(confirmationMessage(endpointById('D11')!, { conversationId: '2-abc', message: 'Hi' }, account)).toBe(
      `Send a direct message?\nAccount: Ada Lovelace (${ACCOUNT})\nTarget: conversation 2-abc\nmessage: Hi`,
    );
    expect(confirmationMessage(endpointById('B5')!, { postUrn: 'urn:li:activity:9', commentId: 'c1', commentText: 'Agreed' }, account)).toBe(
      `Reply to a comment?\nAccount: Ada Lovelace (${ACCOUNT})\nTarget: comment c1 (post urn:li:activity:9)\ncommentText: Agreed`,
    );
    expect(confirmationMessage(endpointById('B1')!, { profileId: 'acme', profileType: 'company', action: 'unfollow' }, account)).toBe(
      `Follow or unfollow?\nAccount: Ada Lovelace (${ACCOUNT})\nTarget: company page acme\nprofileType: company\naction: unfollow`,
    );
    // Without a resolved account the prompt says so instead of pretending.
    expect(confirmationMessage(endpointById('B3')!, { profileId: 'x' })).toBe(
      'Send a connection request?\nAccount: the default account (could not be resolved)\nTarget: person x',
    );
  });
});
