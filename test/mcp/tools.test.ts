import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { ENDPOINTS, TOOLSETS, endpointById } from '../../src/contract/index.js';
import { ClientError } from '../../src/client/types.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { selectEndpoints } from '../../src/mcp/selection.js';
import { withAnnotationDefaults } from '../../src/mcp/json-schema.js';
import { ACCOUNT_A, ACCOUNT_B, FakeClient, accountStatus, waitForAbort } from './fake-client.js';
import { connect, connectPerTest, toolText, until } from './harness.js';
import { TEST_ENDPOINTS, sendConnection } from './test-endpoints.js';

/** A session per call, closed after each test. */
const open = connectPerTest();

describe('tools/list', () => {
  it('lists one tool per contract entry with schemas, title and annotations', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient() }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ENDPOINTS.map((e) => e.tool).sort());
    for (const e of ENDPOINTS) {
      const tool = tools.find((t) => t.name === e.tool)!;
      expect(tool.title).toBe(e.title);
      expect(tool.description).toBe(e.description);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      // Hints equal to MCP's defaults are left out (token budget); a client applying the defaults reads the entry's.
      expect(withAnnotationDefaults(tool.annotations ?? {})).toEqual(e.annotations);
    }
  });

  it('advertises accountId as optional only where the contract does', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient() }));
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const e of ENDPOINTS) {
      const schema = byName.get(e.tool)!.inputSchema;
      if (!('accountId' in e.input.shape)) continue;
      expect(schema.properties).toHaveProperty('accountId');
      const optional = z.safeParse(e.input.shape.accountId!, undefined).success;
      expect((schema.required ?? []).includes('accountId')).toBe(!optional);
    }
  });

  it('keeps the listing compact: no $schema, no date-time regex, ≤200 estimated tokens per tool', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient(), endpoints: [...ENDPOINTS, ...TEST_ENDPOINTS] }));
    const { tools } = await client.listTools();
    const json = JSON.stringify(tools);
    expect(json).not.toContain('$schema');
    expect(json).not.toContain('(?:Z|');
    expect(json.length / 4 / tools.length).toBeLessThanOrEqual(200);
  });

  it('wraps a non-object output as {result} and loosens deep output structure', async () => {
    const fake = new FakeClient().on('search_things', () => [{ name: 'x', reaction: null }]);
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints: [sendConnection, ...TEST_ENDPOINTS] }));
    const tool = (await client.listTools()).tools.find((t) => t.name === 'search_things')!;
    const items = (tool.outputSchema!.properties as { result: { items: { properties: Record<string, unknown> } } }).result.items;
    expect(items.properties.reaction).toEqual({
      type: ['string', 'null'],
      enum: ['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT', null],
    });
    expect(items.properties.nested).toEqual({ type: 'object' });
    // The SDK client validates structuredContent against the advertised schema: a null reaction must pass.
    const result = await client.callTool({ name: 'search_things', arguments: { keywords: 'k' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ result: [{ name: 'x', reaction: null }] });
    expect(fake.calls[0]!.input).toEqual({ keywords: 'k', count: 20 });
  });
});

describe('tools/call', () => {
  it('returns structuredContent and a short text rendering', async () => {
    const fake = new FakeClient();
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    const result = await client.callTool({ name: 'get_account_status_by_id', arguments: { accountId: ACCOUNT_B } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(accountStatus(ACCOUNT_B));
    expect(toolText(result)).toContain(`id=${ACCOUNT_B}`);
    expect(toolText(result)).toContain('firstName=Ada');
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.input).toEqual({ accountId: ACCOUNT_B });
  });

  it('rejects bad input as an isError result naming the field, sending nothing', async () => {
    const fake = new FakeClient();
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints: [...ENDPOINTS, ...TEST_ENDPOINTS] }));
    const bad = await client.callTool({ name: 'get_account_status_by_id', arguments: { accountId: 'nope' } });
    expect(bad.isError).toBe(true);
    expect(toolText(bad)).toContain('accountId');
    expect(toolText(bad)).toContain('Invalid account ID format');
    const missing = await client.callTool({ name: 'get_relationship', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(toolText(missing)).toContain('profileId: Required');
    const tooLong = await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'p', message: 'x'.repeat(301) } });
    expect(tooLong.isError).toBe(true);
    expect(toolText(tooLong)).toMatch(/message/);
    expect(toolText(tooLong)).toMatch(/300/);
    expect(fake.calls).toHaveLength(0);
  });

  it('fills an omitted optional accountId with the configured default account', async () => {
    const fake = new FakeClient();
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake, defaultAccountId: ACCOUNT_B }));
    await client.callTool({ name: 'get_account_status', arguments: {} });
    await client.callTool({ name: 'get_account_status', arguments: { accountId: ACCOUNT_A } });
    expect(fake.calls.map((c) => c.input)).toEqual([{ accountId: ACCOUNT_B }, { accountId: ACCOUNT_A }]);
  });

  it('refuses a malformed default account at start-up', () => {
    expect(() => new OutreachMcp({ confirm: 'off', client: new FakeClient(), defaultAccountId: 'xyz' })).toThrow(/Invalid account ID format/);
  });

  it('gives a write an idempotency key and a read none', async () => {
    const fake = new FakeClient().on('send_connection_request', () => ({ success: true, invitationId: 'i1', timestamp: '2026-01-05T00:00:00.000Z' }));
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints: [...ENDPOINTS, ...TEST_ENDPOINTS] }));
    await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'p' } });
    await client.callTool({ name: 'get_account_status', arguments: {} });
    expect(fake.calls[0]!.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.calls[1]!.options?.idempotencyKey).toBeUndefined();
  });

  it("uses the agent's own idempotencyKey on a write, sends it as an option and not as input", async () => {
    const fake = new FakeClient().on('send_connection_request', () => ({ success: true, invitationId: 'i1', timestamp: '2026-01-05T00:00:00.000Z' }));
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    const tools = (await client.listTools()).tools;
    expect(tools.find((t) => t.name === 'send_connection_request')!.inputSchema.properties).toHaveProperty('idempotencyKey');
    expect(tools.find((t) => t.name === 'get_account_status')!.inputSchema.properties).not.toHaveProperty('idempotencyKey');
    await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'p', idempotencyKey: 'retry-me-1' } });
    expect(fake.calls[0]!.options?.idempotencyKey).toBe('retry-me-1');
    expect(fake.calls[0]!.input).toEqual({ profileId: 'p' });
    const bad = await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'p', idempotencyKey: 'has space' } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('idempotencyKey');
    expect(fake.calls).toHaveLength(1);
  });

  describe('maps client errors to messages an agent can act on', () => {
    const cases: { name: string; error: ClientError; tool: string; expected: string[] }[] = [
      {
        name: 'per-minute limit',
        tool: 'get_account_status',
        error: new ClientError({ kind: 'rate_limit', status: 429, message: 'Rate limit exceeded', retryAfterMs: 12_000 }),
        expected: ['Error rate_limited: Per-minute limit reached for the account group (10 calls/min per account)', 'retryable: yes at', '(in 12 s)'],
      },
      {
        name: 'service quota',
        tool: 'send_connection_request',
        error: new ClientError({ kind: 'quota', status: 429, message: 'Daily quota exceeded for CONNECT', feature: 'CONNECT', limit: 25, resetAt: '2026-01-06T00:00:00.000Z' }),
        expected: ['Error quota_exhausted: The CONNECT quota is used up', 'quota: CONNECT 25 of 25 used, resets at 2026-01-06T00:00:00.000Z'],
      },
      {
        name: 'local quota guard',
        tool: 'send_connection_request',
        error: new ClientError({ kind: 'local_quota', message: 'CONNECT daily quota used up (25/25)', feature: 'CONNECT', limit: 25, resetAt: '2026-01-06T00:00:00.000Z' }),
        expected: ['Refused before sending', 'outcome: refused, nothing was sent'],
      },
      {
        name: 'service validation',
        tool: 'send_connection_request',
        error: new ClientError({ kind: 'validation', status: 400, message: 'Validation failed', issues: [{ code: 'too_big', path: ['message'], message: 'Too big: expected string to have <=300 characters' }] }),
        expected: ['Error validation: Invalid input for send_connection_request: message: Too big', 'field: message', 'Fix the named field(s)'],
      },
      {
        name: 'server failure on a write',
        tool: 'send_connection_request',
        error: new ClientError({ kind: 'server', status: 500, message: 'Internal server error' }),
        expected: ['Error service_error: The service failed (500)', 'outcome: may have landed (the answer was lost)', 'idempotencyKey'],
      },
      {
        name: 'auth',
        tool: 'get_account_status',
        error: new ClientError({ kind: 'auth', status: 401, message: 'Unauthorized' }),
        expected: ['Error unauthorized: The service refused the API key (401)', 'retrying will not help'],
      },
      {
        name: 'not found',
        tool: 'get_account_status',
        error: new ClientError({ kind: 'not_found', status: 404, message: 'Account not found or not accessible' }),
        expected: ['Error not_found: Not found (404): Account not found or not accessible', 'outreach://accounts'],
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const fake = new FakeClient().on(c.tool, () => {
          throw c.error;
        });
        const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake, endpoints: [...ENDPOINTS, ...TEST_ENDPOINTS] }));
        const args = c.tool === 'send_connection_request' ? { profileId: 'p' } : {};
        const result = await client.callTool({ name: c.tool, arguments: args });
        expect(result.isError).toBe(true);
        for (const text of c.expected) expect(toolText(result)).toContain(text);
      });
    }
  });

  it('sends progress notifications while the client waits in the limiter queue', async () => {
    const fake = new FakeClient().on('get_account_status', async (input, options) => {
      options?.onProgress?.({ message: 'queued behind 2 calls in the account group; ~8 s', waitedMs: 1000, etaMs: 8000 });
      options?.onProgress?.({ message: 'queued behind 1 call in the account group; ~4 s', waitedMs: 5000, etaMs: 4000 });
      return accountStatus(ACCOUNT_A);
    });
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'get_account_status', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(result.isError).toBeFalsy();
    expect(progress).toEqual([
      { progress: 1000, total: 9000, message: 'queued behind 2 calls in the account group; ~8 s' },
      { progress: 5000, total: 9000, message: 'queued behind 1 call in the account group; ~4 s' },
    ]);
  });

  it('passes no progress callback when the caller gave no progress token', async () => {
    const fake = new FakeClient();
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    await client.callTool({ name: 'get_account_status', arguments: {} });
    expect(fake.calls[0]!.options?.onProgress).toBeUndefined();
    expect(fake.calls[0]!.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('aborts the client call when the caller cancels', async () => {
    let seen: AbortSignal | undefined;
    const fake = new FakeClient().on('get_account_status', (input, options) => {
      seen = options?.signal;
      return waitForAbort(options?.signal);
    });
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: fake }));
    const controller = new AbortController();
    const pending = client.callTool({ name: 'get_account_status', arguments: {} }, undefined, { signal: controller.signal });
    await until(() => seen !== undefined, 'the call to reach the client');
    expect(seen!.aborted).toBe(false);
    controller.abort('user pressed stop');
    await expect(pending).rejects.toThrow();
    await until(() => seen!.aborted, 'the abort to reach the client');
  });
});

describe('tool selection', () => {
  const all = [...ENDPOINTS, ...TEST_ENDPOINTS];

  it('serves only the chosen toolsets', async () => {
    for (const toolset of TOOLSETS) {
      const { client, close } = await connect(new OutreachMcp({ confirm: 'off', client: new FakeClient(), endpoints: all, toolsets: [toolset] }));
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual(all.filter((e) => e.toolset === toolset).map((e) => e.tool).sort());
      await close();
    }
  });

  it('serves only read-only tools in read-only mode and refuses the others', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient(), endpoints: all, readOnly: true }));
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(selectEndpoints(all, { readOnly: true }).map((e) => e.tool).sort());
    expect(names).not.toContain(sendConnection.tool);
    const result = await client.callTool({ name: sendConnection.tool, arguments: { profileId: 'p' } }).catch((e: Error) => e);
    expect(result instanceof Error ? result.message : toolText(result)).toMatch(/not found/i);
  });

  it('combines toolsets and read-only with the full table', async () => {
    const { client } = await open(new OutreachMcp({ confirm: 'off', client: new FakeClient(), toolsets: ['account'], readOnly: true }));
    const expected = ENDPOINTS.filter((e) => e.toolset === 'account' && e.annotations.readOnlyHint);
    expect((await client.listTools()).tools).toHaveLength(expected.length);
    expect(endpointById('A1')).toBeDefined();
  });
});
