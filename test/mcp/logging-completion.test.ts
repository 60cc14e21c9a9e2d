import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { QUOTA_TEMPLATE, STATUS_TEMPLATE } from '../../src/mcp/changes.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { connect, type Session } from './harness.js';
import { ACCOUNT_A, ACCOUNT_B, FakeClient, accountStatus } from './fake-client.js';

/** 2025-era extras: logging/setLevel and completion/complete. */

let open: Session | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

function waitingFake(): FakeClient {
  return new FakeClient().on('get_account_status', async (_input, options) => {
    options?.onProgress?.({ message: 'queued behind 1 call in the account group; ~4 s', waitedMs: 1000, etaMs: 4000 });
    return accountStatus(ACCOUNT_A);
  });
}

describe('logging/setLevel', () => {
  it('sends a wait message at info once the client asked for info, and none at warning or before asking', async () => {
    open = await connect(new OutreachMcp({ client: waitingFake(), confirm: 'off' }));
    const messages: unknown[] = [];
    open.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      messages.push(n.params);
    });
    await open.client.callTool({ name: 'get_account_status', arguments: {} });
    await open.client.setLoggingLevel('warning');
    await open.client.callTool({ name: 'get_account_status', arguments: {} });
    expect(messages).toEqual([]);
    await open.client.setLoggingLevel('info');
    await open.client.callTool({ name: 'get_account_status', arguments: {} });
    expect(messages).toEqual([
      { level: 'info', logger: 'outreach-mcp', data: 'get_account_status is waiting: queued behind 1 call in the account group; ~4 s' },
    ]);
  });
});

describe('completion/complete', () => {
  it('completes account ids in the resource templates and the playbooks', async () => {
    open = await connect(new OutreachMcp({ client: new FakeClient() }));
    expect(open.client.getServerCapabilities()?.completions).toBeDefined();
    const quota = await open.client.complete({ ref: { type: 'ref/resource', uri: QUOTA_TEMPLATE }, argument: { name: 'accountId', value: 'a' } });
    expect(quota.completion.values).toEqual([ACCOUNT_A]);
    const status = await open.client.complete({ ref: { type: 'ref/resource', uri: STATUS_TEMPLATE }, argument: { name: 'accountId', value: '' } });
    expect(status.completion.values).toEqual([ACCOUNT_A, ACCOUNT_B]);
    const prompt = await open.client.complete({ ref: { type: 'ref/prompt', name: 'find_and_connect' }, argument: { name: 'accountId', value: 'b' } });
    expect(prompt.completion.values).toEqual([ACCOUNT_B]);
    const none = await open.client.complete({ ref: { type: 'ref/prompt', name: 'find_and_connect' }, argument: { name: 'accountId', value: 'z' } });
    expect(none.completion.values).toEqual([]);
  });
});
