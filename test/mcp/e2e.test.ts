import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ENDPOINTS } from '../../src/contract/index.js';
import { startService } from '../../src/service/index.js';
import { resourceJson } from './harness.js';
import { CLI as cli, cleanEnv, spawnHttp, tempDataDirs } from './built-cli.js';

/**
 * End-to-end runs of the built CLI (dist/cli.js) against the real embedded
 * service, over stdio and HTTP (every vitest run builds dist first).
 */

const { dataDir, removeAll } = tempDataDirs('outreach-mcp-e2e-');
afterAll(removeAll);

async function stdioClient(args: string[], env: Record<string, string>): Promise<{ client: Client; errors: Error[] }> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (err) => errors.push(err);
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, ...args], env, stderr: 'pipe' }));
  return { client, errors };
}

async function exercise(client: Client, expectedTools: number): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(expectedTools);
  const status = await client.callTool({ name: 'get_account_status', arguments: {} });
  expect(status.isError, JSON.stringify(status.content)).toBeFalsy();
  const id = (status.structuredContent as { id: string }).id;
  expect(id).toMatch(/^[a-fA-F0-9]{24}$/);
  const accounts = resourceJson(await client.readResource({ uri: 'outreach://accounts' })) as { accounts: { id: string }[] };
  expect(accounts.accounts.map((a) => a.id)).toContain(id);
  const quota = resourceJson(await client.readResource({ uri: `outreach://accounts/${id}/quota` })) as { accountId: string; quotas: unknown[] };
  expect(quota.accountId).toBe(id);
  expect(quota.quotas.length).toBeGreaterThan(0);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

describe('built CLI end to end', () => {
  it('serves stdio against the embedded service with nothing configured but a data dir', async () => {
    const { client, errors } = await stdioClient(['--data-dir', dataDir()], cleanEnv());
    try {
      await exercise(client, ENDPOINTS.length);
      expect(errors).toEqual([]); // stdout carried only protocol messages
    } finally {
      await client.close();
    }
  });

  it('over stdio, the text carries whole results and errors carry their envelope', async () => {
    const { client } = await stdioClient(['--data-dir', dataDir(), '--confirm', 'off'], cleanEnv());
    try {
      const text = (r: unknown) => ((r as { content: { text?: string }[] }).content).map((c) => c.text ?? '').join('\n');
      const search = await client.callTool({ name: 'search_people', arguments: { keywords: 'engineer', count: 10 } });
      const people = (search.structuredContent as { people: { profileId: string }[] }).people;
      expect(people).toHaveLength(10);
      for (const p of people) expect(text(search)).toContain(`profileId=${p.profileId}`);

      const ssi = await client.callTool({ name: 'get_ssi', arguments: { accountId: 'a00000000000000000000004' } });
      expect(ssi.isError).toBe(true);
      expect(ssi.structuredContent).toMatchObject({ error: { code: 'plan_required', feature: 'salesNavigator', retryable: false } });
      expect(text(ssi)).toMatch(/^Error plan_required: /);

      const tooLong = await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'x', message: 'y'.repeat(301) } });
      expect(tooLong.structuredContent).toMatchObject({ error: { code: 'validation', field: 'message' } });
      expect(text(tooLong)).not.toContain('-32602');
    } finally {
      await client.close();
    }
  });

  it('honours --read-only and --toolsets over stdio', async () => {
    const { client } = await stdioClient(['--data-dir', dataDir(), '--read-only', '--toolsets', 'account'], cleanEnv());
    try {
      const { tools } = await client.listTools();
      const expected = ENDPOINTS.filter((e) => e.toolset === 'account' && e.annotations.readOnlyHint);
      expect(tools.map((t) => t.name).sort()).toEqual(expected.map((e) => e.tool).sort());
    } finally {
      await client.close();
    }
  });

  it('talks to a remote service given OUTREACH_BASE_URL and OUTREACH_API_KEY', async () => {
    const service = await startService({ dataDir: ':memory:', port: 0, activityIntervalMs: 0 });
    try {
      const { client } = await stdioClient([], cleanEnv({ OUTREACH_BASE_URL: service.baseUrl, OUTREACH_API_KEY: service.apiKey }));
      try {
        await exercise(client, ENDPOINTS.length);
      } finally {
        await client.close();
      }
    } finally {
      await service.close();
    }
  });

  it('serves Streamable HTTP and SSE, and exits cleanly on SIGTERM', async () => {
    const { child, url } = await spawnHttp(['--data-dir', dataDir()], cleanEnv());
    try {
      const http = new Client({ name: 'e2e-http', version: '1.0.0' });
      await http.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      await exercise(http, ENDPOINTS.length);
      const sse = new Client({ name: 'e2e-sse', version: '1.0.0' });
      await sse.connect(new SSEClientTransport(new URL(`${url}/sse`)));
      expect((await sse.listTools()).tools).toHaveLength(ENDPOINTS.length);
      await sse.close();
      await http.close();
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child)).toBe(0);
  });

  it('refuses to bind beyond loopback without a token', async () => {
    const child = spawn(process.execPath, [cli, 'http', '--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir()], {
      env: cleanEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(err).toContain('Refusing to serve MCP on 0.0.0.0 without a bearer token');
  });
});
