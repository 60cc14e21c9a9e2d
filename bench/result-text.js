#!/usr/bin/env node
// What the model reads: for real results of the embedded service, the size of
// each tool result's text (which carries the whole result) against the same
// result as compact JSON, in bytes and estimated tokens (bytes/4).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createClient } from '../dist/client/index.js';
import { OutreachMcp } from '../dist/mcp/server.js';
import { DEMO_ACCOUNTS, startService } from '../dist/service/index.js';
import { createLogger } from '../dist/util/logger.js';

const quiet = createLogger('bench', 'silent');
const running = await startService({ dataDir: ':memory:', logger: quiet, activityIntervalMs: 0 });
const client = createClient({ baseUrl: running.baseUrl, apiKey: running.apiKey, logger: quiet });
const server = new OutreachMcp({ client, confirm: 'off' }).createServer();
const [a, b] = InMemoryTransport.createLinkedPair();
const agent = new Client({ name: 'bench', version: '1' });
await server.connect(b);
await agent.connect(a);

const A = DEMO_ACCOUNTS.salesNavigator;
const calls = [
  ['search_people', { accountId: A, keywords: 'engineer', count: 10 }],
  ['search_companies', { accountId: A, keywords: 'software', count: 10 }],
  ['get_feed', { accountId: A, count: 10 }],
  ['list_recent_messages', { accountId: A, limit: 20 }],
  ['list_conversations', { accountId: A, count: 20 }],
  ['get_quota_report', { accountId: A }],
  ['list_accounts', {}],
];
const rows = {};
let text = 0;
let json = 0;
for (const [name, args] of calls) {
  const r = await agent.callTool({ name, arguments: args });
  const t = Buffer.byteLength(r.content.map((c) => c.text).join('\n'));
  const j = Buffer.byteLength(JSON.stringify(r.structuredContent));
  text += t;
  json += j;
  rows[name] = { textBytes: t, jsonBytes: j, textTokens: Math.round(t / 4), textVsJson: +(t / j).toFixed(2) };
}
rows.all = { textBytes: text, jsonBytes: json, textTokens: Math.round(text / 4), textVsJson: +(text / json).toFixed(2) };
console.table(rows);
await agent.close();
await server.close();
await client.close();
await running.close();
