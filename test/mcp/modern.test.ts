import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ENDPOINTS } from '../../src/contract/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/mcp/http.js';
import { OutreachMcp, type OutreachMcpOptions } from '../../src/mcp/server.js';
import { until } from './harness.js';
import { ACCOUNT_A, ACCOUNT_B, FakeClient, accountStatus } from './fake-client.js';

/** 2026-07-28 clients (SDK v2, pinned: no initialize, no session) against /mcp. */

const connectResult = { success: true, invitationId: 'inv-1', timestamp: '2026-01-05T10:00:00.000Z' };
const invite = { accountId: ACCOUNT_A, profileId: 'jane-doe', message: 'Hi Jane, loved your talk on data contracts.' };

let running: RunningHttpServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await running?.close();
  running = undefined;
});

async function start(options: Partial<OutreachMcpOptions> & { client: FakeClient }): Promise<{ srv: RunningHttpServer; mcp: OutreachMcp }> {
  const mcp = new OutreachMcp(options);
  running = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    createServer: (use) => mcp.createServer(use),
    onNotifier: (notify) => mcp.publishChanges(notify),
  });
  return { srv: running, mcp };
}

/** A pinned 2026-07-28 client; with `answer`, it declares elicitation and answers each prompt. */
async function modernClient(url: string, answer?: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: { confirm: boolean } }) {
  const client = new Client(
    { name: 'modern-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, ...(answer ? { capabilities: { elicitation: { form: {} } } } : {}) },
  );
  const asked: string[] = [];
  if (answer) {
    client.setRequestHandler('elicitation/create', (req) => {
      const message = (req.params as { message: string }).message;
      asked.push(message);
      return answer(message);
    });
  }
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return { client, asked };
}

const modernHeaders = (method: string, name?: string) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...(name ? { 'mcp-name': name } : {}),
});
const envelope = (capabilities: object = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
});

async function rawCall(url: string, params: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: modernHeaders('tools/call', params.name as string),
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { ...params, _meta: envelope({ elicitation: { form: {} } }) } }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('2026-07-28 over HTTP (stateless)', () => {
  it('serves discover, the tool list in table order with cache hints, and a call, with no session', async () => {
    const fake = new FakeClient();
    const { srv } = await start({ client: fake });
    const { client } = await modernClient(srv.url);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getServerVersion()?.name).toBe('outreach-mcp');
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name)).toEqual(ENDPOINTS.map((e) => e.tool));
    const result = await client.callTool({ name: 'get_account_status', arguments: { accountId: ACCOUNT_A } });
    expect(result.structuredContent).toEqual(accountStatus(ACCOUNT_A));
    expect(srv.sessionCount()).toBe(0);

    const list = await fetch(`${srv.url}/mcp`, {
      method: 'POST',
      headers: modernHeaders('tools/list'),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } }),
    });
    const body = (await list.json()) as { result: { ttlMs: number; cacheScope: string } };
    expect(body.result.cacheScope).toBe('public');
    expect(body.result.ttlMs).toBe(300_000);
    const read = await fetch(`${srv.url}/mcp`, {
      method: 'POST',
      headers: modernHeaders('resources/read', `outreach://accounts/${ACCOUNT_A}/quota`),
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: `outreach://accounts/${ACCOUNT_A}/quota`, _meta: envelope() } }),
    });
    const readBody = (await read.json()) as { result: { ttlMs: number; cacheScope: string } };
    expect(readBody.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  /** The error envelope's code of a raw tools/call answer. */
  const errorCodeOf = (json: Record<string, unknown>): unknown =>
    ((json.result as { structuredContent?: { error?: { code?: string } } }).structuredContent?.error ?? {}).code;

  it('confirms a send through input_required: accepted sends once, declined sends nothing', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { srv } = await start({ client: fake });
    const yes = await modernClient(srv.url, () => ({ action: 'accept', content: { confirm: true } }));
    const ok = await yes.client.callTool({ name: 'send_connection_request', arguments: invite });
    expect(ok.isError).toBeFalsy();
    expect(yes.asked).toEqual([
      `Send a connection request?\nAccount: Ada Lovelace (${ACCOUNT_A})\nTarget: person jane-doe\nmessage: Hi Jane, loved your talk on data contracts.`,
    ]);
    expect(fake.calls).toHaveLength(1);

    const no = await modernClient(srv.url, () => ({ action: 'decline' }));
    const refused = await no.client.callTool({ name: 'send_connection_request', arguments: invite });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('the user declined');
    expect(fake.calls).toHaveLength(1);
  });

  it('refuses honestly when the client declares no elicitation, and sends nothing', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { srv } = await start({ client: fake });
    const { client } = await modernClient(srv.url);
    const result = await client.callTool({ name: 'send_connection_request', arguments: invite });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('cannot ask for it');
    expect(fake.calls).toHaveLength(0);
  });

  it('binds the signed state to the call and spends it once: replay, other arguments and tampering are refused', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { srv } = await start({ client: fake });
    const first = await rawCall(srv.url, { name: 'send_connection_request', arguments: invite });
    const round = first.json.result as { resultType: string; requestState: string; inputRequests: Record<string, unknown> };
    expect(round.resultType).toBe('input_required');
    expect(Object.keys(round.inputRequests)).toEqual(['confirm']);
    expect(fake.calls).toHaveLength(0);
    const yes = { confirm: { action: 'accept', content: { confirm: true } } };

    const other = await rawCall(srv.url, { name: 'send_connection_request', arguments: { ...invite, profileId: 'someone-else' }, inputResponses: yes, requestState: round.requestState });
    expect(JSON.stringify(other.json)).toContain('this confirmation was given for a different call');
    expect(errorCodeOf(other.json)).toBe('confirmation_invalid');

    const tampered = await rawCall(srv.url, { name: 'send_connection_request', arguments: invite, inputResponses: yes, requestState: `${round.requestState}x` });
    expect((tampered.json.error as { code: number }).code).toBe(-32602);

    const retry = await rawCall(srv.url, { name: 'send_connection_request', arguments: invite, inputResponses: yes, requestState: round.requestState });
    expect((retry.json.result as { isError?: boolean }).isError).toBeFalsy();
    expect(fake.calls).toHaveLength(1);
    const key = fake.calls[0]!.options?.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const replay = await rawCall(srv.url, { name: 'send_connection_request', arguments: invite, inputResponses: yes, requestState: round.requestState });
    expect(JSON.stringify(replay.json)).toContain('this confirmation was already used');
    expect(errorCodeOf(replay.json)).toBe('confirmation_invalid');
    expect(fake.calls).toHaveLength(1);
  });

  it('delivers quota updates on a subscriptions/listen stream for the subscribed account only', async () => {
    const fake = new FakeClient().on('send_connection_request', () => connectResult);
    const { srv } = await start({ client: fake, confirm: 'off' });
    const { client } = await modernClient(srv.url);
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      updates.push(n.params.uri);
    });
    const sub = await client.listen({ resourceSubscriptions: [`outreach://accounts/${ACCOUNT_B}/quota`] });
    await client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_A, profileId: 'p' } });
    await client.callTool({ name: 'send_connection_request', arguments: { accountId: ACCOUNT_B, profileId: 'p' } });
    await until(() => updates.length >= 1, 'a resources/updated notification');
    await client.callTool({ name: 'get_account_status', arguments: { accountId: ACCOUNT_A } });
    expect(updates).toEqual([`outreach://accounts/${ACCOUNT_B}/quota`]);
    await sub.close();
  });

  it('reports progress and aborts the client call when the caller cancels', async () => {
    let seen: AbortSignal | undefined;
    const fake = new FakeClient().on('get_account_status', (_input, options) => {
      seen = options?.signal;
      options?.onProgress?.({ waitedMs: 10, etaMs: 500, message: 'waiting for the account limit' });
      return new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    const { srv } = await start({ client: fake });
    const { client } = await modernClient(srv.url);
    const progress: number[] = [];
    const controller = new AbortController();
    const call = client.callTool({ name: 'get_account_status', arguments: { accountId: ACCOUNT_A } }, {
      signal: controller.signal,
      onprogress: (p) => progress.push(p.progress),
    });
    await until(() => progress.length >= 1, 'a progress notification');
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => seen?.aborted === true, 'the client call aborted');
    expect(progress).toEqual([10]);
  });
});
