import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ENDPOINTS } from '../../src/contract/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/mcp/http.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { ACCOUNT_A, FakeClient, accountStatus } from './fake-client.js';

let running: RunningHttpServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await running?.close();
  running = undefined;
});

async function start(fake = new FakeClient(), extra: { authToken?: string } = {}): Promise<RunningHttpServer> {
  const mcp = new OutreachMcp({ client: fake });
  running = await startHttpServer({ host: '127.0.0.1', port: 0, createServer: () => mcp.createServer(), ...extra });
  return running;
}

function newClient(): Client {
  const c = new Client({ name: 'http-test', version: '1.0.0' });
  clients.push(c);
  return c;
}

/** A raw request, so headers like Host can be set exactly. */
function raw(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'POST', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('Streamable HTTP at /mcp', () => {
  it('initializes a session, lists tools and calls one', async () => {
    const fake = new FakeClient();
    const srv = await start(fake);
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`)));
    expect(client.getServerVersion()?.name).toBe('outreach-mcp');
    expect((await client.listTools()).tools).toHaveLength(ENDPOINTS.length);
    const result = await client.callTool({ name: 'get_account_status', arguments: { accountId: ACCOUNT_A } });
    expect(result.structuredContent).toEqual(accountStatus(ACCOUNT_A));
    expect(srv.sessionCount()).toBe(1);
  });

  it('keeps sessions apart and ends one on DELETE', async () => {
    const srv = await start();
    const a = newClient();
    const b = newClient();
    const ta = new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`));
    await a.connect(ta);
    await b.connect(new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`)));
    expect(srv.sessionCount()).toBe(2);
    await ta.terminateSession();
    expect(srv.sessionCount()).toBe(1);
  });

  it('answers 404 for an unknown session and 400 for a request without one', async () => {
    const srv = await start();
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const unknown = await raw(`${srv.url}/mcp`, { headers: { ...jsonHeaders, 'mcp-session-id': 'nope' }, body: list });
    expect(unknown.status).toBe(404);
    const none = await raw(`${srv.url}/mcp`, { headers: jsonHeaders, body: list });
    expect(none.status).toBe(400);
  });
});

describe('SSE at /sse + /messages', () => {
  it('initializes, lists tools and calls one', async () => {
    const fake = new FakeClient();
    const srv = await start(fake);
    const client = newClient();
    await client.connect(new SSEClientTransport(new URL(`${srv.url}/sse`)));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('get_account_status');
    const result = await client.callTool({ name: 'get_account_status_by_id', arguments: { accountId: ACCOUNT_A } });
    expect(result.structuredContent).toEqual(accountStatus(ACCOUNT_A));
    expect(fake.calls).toHaveLength(1);
  });
});

describe('DNS-rebinding protection', () => {
  it('rejects a foreign Host header with 403 and handles nothing', async () => {
    const srv = await start();
    const res = await raw(`${srv.url}/mcp`, { headers: { ...jsonHeaders, host: `evil.example:${srv.port}` }, body: initialize });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.message).toBe('Invalid Host: evil.example');
    const sse = await raw(`${srv.url}/sse`, { method: 'GET', headers: { host: 'evil.example' } });
    expect(sse.status).toBe(403);
    expect(srv.sessionCount()).toBe(0);
  });

  it('rejects a cross-site Origin and accepts a loopback one', async () => {
    const srv = await start();
    const bad = await raw(`${srv.url}/mcp`, { headers: { ...jsonHeaders, origin: 'https://evil.example' }, body: initialize });
    expect(bad.status).toBe(403);
    expect(JSON.parse(bad.body).error.message).toBe('Origin not allowed: https://evil.example');
    const good = await raw(`${srv.url}/mcp`, { headers: { ...jsonHeaders, origin: `http://localhost:${srv.port}` }, body: initialize });
    expect(good.status).toBe(200);
  });
});

describe('bearer token', () => {
  it('is required when configured: 401 without or with a wrong one, success with it', async () => {
    const srv = await start(new FakeClient(), { authToken: 'correct-horse' });
    const none = await raw(`${srv.url}/mcp`, { headers: jsonHeaders, body: initialize });
    expect(none.status).toBe(401);
    const wrong = await raw(`${srv.url}/mcp`, { headers: { ...jsonHeaders, authorization: 'Bearer wrong' }, body: initialize });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain('correct-horse');
    const sse = await raw(`${srv.url}/sse`, { method: 'GET', headers: {} });
    expect(sse.status).toBe(401);

    const client = newClient();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers: { authorization: 'Bearer correct-horse' } } }),
    );
    expect((await client.listTools()).tools.length).toBe(ENDPOINTS.length);
  });

  it('must be set to bind beyond loopback', async () => {
    const mcp = new OutreachMcp({ client: new FakeClient() });
    await expect(startHttpServer({ host: '0.0.0.0', port: 0, createServer: () => mcp.createServer() })).rejects.toThrow(
      /Refusing to serve MCP on 0\.0\.0\.0 without a bearer token: set --auth-token or OUTREACH_MCP_TOKEN/,
    );
  });
});

describe('hardening', () => {
  /** A pino logger writing into a string, at trace level, so every line is seen. */
  async function capturingLogger() {
    const { pino } = await import('pino');
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    return { logger, lines };
  }

  it('answers malformed JSON with a JSON-RPC parse error, never HTML, a stack or the body in a log', async () => {
    const { logger, lines } = await capturingLogger();
    const mcp = new OutreachMcp({ client: new FakeClient() });
    running = await startHttpServer({ host: '127.0.0.1', port: 0, createServer: (use) => mcp.createServer(use), logger });
    const secret = 'Dear Jane, my private message text';
    const res = await raw(`${running.url}/mcp`, { headers: jsonHeaders, body: `{"jsonrpc":"2.0","params":{"text":"${secret}"` });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body is not valid JSON' }, id: null });
    const sse = await raw(`${running.url}/messages?sessionId=x`, { headers: jsonHeaders, body: '{nope' });
    expect(sse.status).toBe(400);
    expect(JSON.parse(sse.body).error.code).toBe(-32700);
    const missing = await raw(`${running.url}/nowhere`, { method: 'GET', headers: {} });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).jsonrpc).toBe('2.0');
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('answers a bad SSE message in JSON-RPC without echoing it', async () => {
    await start();
    const url = running!.url;
    const endpoint = await new Promise<string>((resolve, reject) => {
      const req = request(`${url}/sse`, { method: 'GET' }, (res) => {
        let buf = '';
        res.on('data', (c: Buffer) => {
          buf += c.toString();
          const m = /data: (\/messages\?sessionId=\S+)/.exec(buf);
          if (m) resolve(m[1]!);
        });
      });
      req.on('error', reject);
      req.end();
    });
    const secret = 'my private message text';
    const bad = await raw(`${url}${endpoint}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: secret }) });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: the body is not a JSON-RPC message' }, id: null });
    const text = await raw(`${url}${endpoint}`, { headers: { 'content-type': 'text/plain' }, body: secret });
    expect(text.status).toBe(415);
    expect(text.body).not.toContain(secret);
    expect(JSON.parse(text.body).jsonrpc).toBe('2.0');
  });

  it('stamps 2025 session stream events with ids from the session event store, so a reconnect can resume', async () => {
    await start();
    const res = await raw(`${running!.url}/mcp`, { headers: jsonHeaders, body: initialize });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^id: [0-9a-f-]{36}_\d+$/m);
    expect(res.body).toContain('"protocolVersion":"2025-06-18"');
  });

  it('replays what a 2025 client missed while its stream was down, from Last-Event-ID', async () => {
    const mcp = new OutreachMcp({ client: new FakeClient() });
    running = await startHttpServer({ host: '127.0.0.1', port: 0, createServer: (use) => mcp.createServer(use) });
    const url = `${running.url}/mcp`;
    const init = await fetch(url, { method: 'POST', headers: jsonHeaders, body: initialize });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const headers = { ...jsonHeaders, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();

    /** Opens the standalone stream, reads until it has `count` message events, then drops it. */
    const listen = async (count: number, extra: Record<string, string> = {}) => {
      const controller = new AbortController();
      const open = () =>
        fetch(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', ...extra }, signal: controller.signal });
      let res = await open();
      // One stream per session: until the server has seen the previous one close, it answers 409.
      for (let tries = 0; res.status === 409 && tries < 200; tries++) {
        await res.text();
        await new Promise((r) => setTimeout(r, 5));
        res = await open();
      }
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = '';
      const events: { id: string; data: string }[] = [];
      const opened = (async () => {
        while (events.length < count) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
          for (const block of text.split('\n\n').slice(0, -1)) {
            const id = /^id: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (id && data && !events.some((e) => e.id === id)) events.push({ id, data });
          }
        }
      })();
      return { events, opened, close: () => controller.abort() };
    };

    // fetch resolves once the server has answered the GET: the stream is registered.
    const first = await listen(1);
    expect(running.sessionCount()).toBe(1);
    mcp.changes.listChanged();
    await first.opened;
    expect(first.events.map((e) => JSON.parse(e.data).method)).toEqual(['notifications/resources/list_changed']);
    first.close();
    // Announced while the stream is down: every event is stored first, then sent.
    mcp.changes.listChanged();
    const resumed = await listen(1, { 'last-event-id': first.events[0]!.id });
    await resumed.opened;
    resumed.close();
    expect(resumed.events).toHaveLength(1);
    expect(resumed.events[0]!.id).not.toBe(first.events[0]!.id);
    expect(JSON.parse(resumed.events[0]!.data).method).toBe('notifications/resources/list_changed');
  });

  it('checks the bearer token before reading the body', async () => {
    await start(new FakeClient(), { authToken: 'correct-horse' });
    const res = await raw(`${running!.url}/mcp`, { headers: jsonHeaders, body: '{not json' });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.message).toBe('Missing bearer token: send Authorization: Bearer <token>');
  });

  it('caps 2025-era sessions with a 503 JSON-RPC answer and Retry-After, then admits again once one closes', async () => {
    const mcp = new OutreachMcp({ client: new FakeClient() });
    running = await startHttpServer({ host: '127.0.0.1', port: 0, createServer: (use) => mcp.createServer(use), maxSessions: 2 });
    const url = running.url;
    const first = new StreamableHTTPClientTransport(new URL(`${url}/mcp`));
    await newClient().connect(first);
    await newClient().connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    const over = await new Promise<{ status: number; body: string; retry: string | undefined }>((resolve, reject) => {
      const req = request(`${url}/mcp`, { method: 'POST', headers: jsonHeaders }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, retry: res.headers['retry-after'] as string | undefined }));
      });
      req.on('error', reject);
      req.end(initialize);
    });
    expect(over.status).toBe(503);
    expect(over.retry).toBe('30');
    expect(JSON.parse(over.body).error.message).toBe('Too many open MCP sessions (limit 2): retry in 30 s, or close unused sessions.');
    const sse = await raw(`${url}/sse`, { method: 'GET', headers: {} });
    expect(sse.status).toBe(503);
    expect(running.sessionCount()).toBe(2);
    await first.terminateSession();
    expect(running.sessionCount()).toBe(1);
    await newClient().connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    expect(running.sessionCount()).toBe(2);
  });

  it('reaps sessions idle past the timeout on the injected clock, and keeps active ones', async () => {
    let t = 1_000_000;
    const mcp = new OutreachMcp({ client: new FakeClient() });
    running = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      createServer: (use) => mcp.createServer(use),
      sessionIdleMs: 60_000,
      now: () => t,
    });
    // Idle: initialized by hand, no request since and no open stream.
    const opened = await raw(`${running.url}/mcp`, { headers: jsonHeaders, body: initialize });
    expect(opened.status).toBe(200);
    // Busy: an SDK client that keeps calling.
    const busy = newClient();
    await busy.connect(new StreamableHTTPClientTransport(new URL(`${running.url}/mcp`)));
    expect(running.sessionCount()).toBe(2);
    t += 59_000;
    expect(await running.reapIdle()).toBe(0);
    await busy.listTools();
    t += 2_000;
    expect(await running.reapIdle()).toBe(1);
    expect(running.sessionCount()).toBe(1);
    expect((await busy.listTools()).tools.length).toBe(ENDPOINTS.length);
  });
});
