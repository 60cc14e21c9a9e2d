import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { resourceJson } from '../mcp/harness.js';

/**
 * Starts an MCP server the way a desktop or IDE host does: a command, args and env from its
 * config, working directory `/`, a fresh HOME (so the embedded service's data dir is new and
 * empty), and only the few variables a host passes on (the SDK's default environment).
 */

export interface ServerConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

export interface HostRun {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

export function tempDir(prefix: string, cleanups: (() => void)[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** True when dir or a folder above it has a node_modules (which a host's machine would not). */
export function nodeModulesAbove(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) return join(d, 'node_modules');
    if (dirname(d) === d) return undefined;
  }
}

export async function startAsHost(config: ServerConfig, home: string, extraPath?: string): Promise<HostRun> {
  const client = new Client({ name: 'host-check', version: '1.0.0' });
  let stderr = '';
  const env: Record<string, string> = { ...config.env, HOME: home, USERPROFILE: home };
  if (extraPath) env.PATH = `${extraPath}${delimiter}${process.env.PATH ?? ''}`;
  const transport = new StdioClientTransport({ command: config.command, args: config.args ?? [], env, cwd: '/', stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    await client.connect(transport);
  } catch (err) {
    throw new Error(`${config.command} ${(config.args ?? []).join(' ')} did not start: ${String(err)}\nstderr:\n${stderr}`);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** What a user does first: list tools, run one embedded search, read an account's free quota. */
export async function exerciseEmbedded(client: Client): Promise<{ tools: string[] }> {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names).toContain('search_people');

  const search = await client.callTool({ name: 'search_people', arguments: { keywords: 'engineer' } });
  expect(search.isError, JSON.stringify(search.content)).toBeFalsy();
  const found = search.structuredContent as { people: unknown[] };
  expect(found.people.length).toBeGreaterThan(0);

  const accounts = resourceJson(await client.readResource({ uri: 'outreach://accounts' })) as {
    accounts: { id: string }[];
  };
  const id = accounts.accounts[0]!.id;
  const quota = resourceJson(await client.readResource({ uri: `outreach://accounts/${id}/quota` })) as {
    accountId: string;
    quotas: unknown[];
  };
  expect(quota.accountId).toBe(id);
  expect(quota.quotas.length).toBeGreaterThan(0);
  return { tools: names };
}
