import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ENDPOINTS } from '../../src/contract/index.js';
import { CLI as cli, cleanEnv, tempDataDirs } from './built-cli.js';

/** The built CLI (dist/cli.js) speaking both protocol eras, and surviving bad stdin. */

const { dataDir, removeAll } = tempDataDirs('outreach-mcp-eras-');
afterAll(removeAll);

const pinned = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };

describe('built CLI, both eras', () => {
  it('serves a 2026-07-28 client over stdio: tools, a read, and a declined confirmation that sends nothing', async () => {
    const client = new Client({ name: 'eras', version: '1.0.0' }, { ...pinned, capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', (req) => {
      asked.push((req.params as { message: string }).message);
      return { action: 'decline' };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, '--data-dir', dataDir()], env: cleanEnv(), stderr: 'pipe' }));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect((await client.listTools()).tools).toHaveLength(ENDPOINTS.length);
      const status = await client.callTool({ name: 'get_account_status', arguments: {} });
      expect(status.isError).toBeFalsy();
      const sent = await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'someone', message: 'Hello there' } });
      expect(sent.isError).toBe(true);
      expect(JSON.stringify(sent.content)).toContain('the user declined');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('Send a connection request?');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('answers an oversized stdin message with a JSON-RPC error and keeps serving', async () => {
    const child = spawn(process.execPath, [cli, '--data-dir', dataDir()], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const lines = (): Record<string, unknown>[] => out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    const waitFor = async (check: () => boolean, what: string): Promise<void> => {
      const start = Date.now();
      while (!check()) {
        if (Date.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const send = (m: object): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    try {
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      await waitFor(() => lines().some((l) => l.id === 1), 'the initialize answer');
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const secret = 'my private message text';
      child.stdin.write(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"text":"${secret}${'x'.repeat(11 * 1024 * 1024)}"}}}\n`);
      send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
      await waitFor(() => lines().some((l) => l.id === 3), 'the tools/list answer after the oversized message');
      const refusal = lines().find((l) => l.id === null) as { error: { code: number; message: string } };
      expect(refusal.error.code).toBe(-32600);
      expect(refusal.error.message).toMatch(/^Invalid Request: message of \d+ bytes is over the 10485760-byte limit and was discarded/);
      expect(((lines().find((l) => l.id === 3) as { result: { tools: unknown[] } }).result.tools).length).toBe(ENDPOINTS.length);
      expect(child.exitCode).toBeNull();
      expect(err).toContain('over the 10485760-byte limit');
      expect(err).not.toContain(secret);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 60_000);

  it('serves both eras over HTTP: a 2026-07-28 client, and a 2025 SSE client that is asked to confirm', async () => {
    const child = spawn(process.execPath, [cli, 'http', '--port', '0', '--data-dir', dataDir()], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    try {
      const start = Date.now();
      while (!/MCP over HTTP at (http:\S+)\/mcp/.test(err)) {
        if (Date.now() - start > 30_000 || child.exitCode !== null) throw new Error(`no ready line: ${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const base = /MCP over HTTP at (http:\S+)\/mcp/.exec(err)![1]!;
      const modern = new Client({ name: 'eras', version: '1.0.0' }, pinned);
      await modern.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
      expect(modern.getProtocolEra()).toBe('modern');
      expect((await modern.listTools()).tools).toHaveLength(ENDPOINTS.length);
      await modern.close();

      const legacy = new LegacyClient({ name: 'eras-legacy', version: '1.0.0' }, { capabilities: { elicitation: {} } });
      const asked: string[] = [];
      legacy.setRequestHandler(ElicitRequestSchema, (req) => {
        asked.push(req.params.message);
        return { action: 'cancel' };
      });
      await legacy.connect(new SSEClientTransport(new URL(`${base}/sse`)));
      const sent = await legacy.callTool({ name: 'send_connection_request', arguments: { profileId: 'someone' } });
      expect(sent.isError).toBe(true);
      expect(JSON.stringify(sent.content)).toContain('the user cancelled the confirmation');
      expect(asked).toHaveLength(1);
      await legacy.close();
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 60_000);
});
