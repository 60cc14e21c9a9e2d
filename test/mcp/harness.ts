import { afterEach } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CallToolResultSchema,
  ResourceUpdatedNotificationSchema,
  type CompatibilityCallToolResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { OutreachMcp } from '../../src/mcp/server.js';

export interface Session {
  client: Client;
  updates: string[];
  close(): Promise<void>;
}

/** An SDK Client connected to a fresh session of the server over an in-memory pair. */
export async function connect(mcp: OutreachMcp): Promise<Session> {
  const server = mcp.createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    updates,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** connect() for tests: every session it opens is closed after each test. */
export function connectPerTest(): (mcp: OutreachMcp) => Promise<Session> {
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  return async (mcp) => {
    const session = await connect(mcp);
    sessions.push(session);
    return session;
  };
}

/** Waits until check() is true, polling the event loop (no timers of the code under test involved). */
export async function until(check: () => boolean, what: string, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The text blocks of a tool result, joined (callTool's result type also admits the legacy `toolResult` shape). */
export function toolText(result: CompatibilityCallToolResult): string {
  return CallToolResultSchema.parse(result)
    .content.map((c) => (c.type === 'text' ? c.text : ''))
    .join('\n');
}

/** The first content of a resource read, parsed as JSON (it must be a text content, not a blob). */
export function resourceJson(result: ReadResourceResult): unknown {
  const first = result.contents[0];
  if (!first || !('text' in first)) throw new Error(`expected a text resource, got ${JSON.stringify(result.contents)}`);
  return JSON.parse(first.text);
}
