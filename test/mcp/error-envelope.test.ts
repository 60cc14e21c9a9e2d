import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeDelay } from '../../src/client/errors.js';
import { ClientError, type ClientErrorDetails } from '../../src/client/types.js';
import { ENDPOINTS } from '../../src/contract/index.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { ERROR_CODES, type ErrorCode, type ToolErrorEnvelope } from '../../src/mcp/tool-errors.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { findPerson } from '../../src/service/world/index.js';
import { openEmbedded, textOf, type EmbeddedMcp } from './embedded-harness.js';
import { ACCOUNT_A, FakeClient } from './fake-client.js';
import { connect, type Session } from './harness.js';

/**
 * Every isError result carries structuredContent.error (one code of a closed
 * list) and the same facts in its text. One test per code, through an SDK
 * Client: against the embedded service where it can produce the failure,
 * else with a client that fails the way the governed client does.
 */

type Result = Awaited<ReturnType<Client['callTool']>>;

function envelopeOf(result: Result): ToolErrorEnvelope {
  expect(result.isError, textOf(result)).toBe(true);
  return (result.structuredContent as { error: ToolErrorEnvelope }).error;
}

/** The envelope's facts, all of them, are in the text too. */
function expectEnvelope(result: Result, code: ErrorCode): ToolErrorEnvelope {
  const env = envelopeOf(result);
  const text = textOf(result);
  expect(env.code).toBe(code);
  expect(ERROR_CODES).toContain(env.code);
  expect(typeof env.retryable).toBe('boolean');
  expect(env.remediation.length).toBeGreaterThan(0);
  expect(text.startsWith(`Error ${code}: ${env.message}`), text).toBe(true);
  expect(text).toContain(`next: ${env.remediation}`);
  expect(text).toContain(`retryable: ${env.retryable ? 'yes' : 'no'}`);
  if (env.retryAt) expect(text).toContain(env.retryAt);
  if (env.retryAfterSeconds !== undefined) expect(text).toContain(`(in ${describeDelay(env.retryAfterSeconds * 1000)})`);
  if (env.field) expect(text).toContain(`field: ${env.field}`);
  if (env.quota) expect(text).toContain(`${env.quota.used} of ${env.quota.limit} used, resets at ${env.quota.resetAt}`);
  if (env.feature) expect(text).toContain(env.feature);
  if (env.idempotencyKey) expect(text).toContain(`idempotencyKey: ${env.idempotencyKey}`);
  return env;
}

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

/** A session whose client fails `tool` with `details`. */
async function failing(tool: string, details: ClientErrorDetails | Error): Promise<{ client: Client; fake: FakeClient }> {
  const fake = new FakeClient().on(tool, () => {
    throw details instanceof Error ? details : new ClientError(details);
  });
  const session = await connect(new OutreachMcp({ confirm: 'off', client: fake, now: () => Date.parse('2026-01-05T10:00:00.000Z') }));
  sessions.push(session);
  return { client: session.client, fake };
}

const NOW = '2026-01-05T10:00:00.000Z';
const connectTo = { name: 'send_connection_request', arguments: { accountId: ACCOUNT_A, profileId: 'jane-doe' } };
const covered = new Set<ErrorCode>();
const code = (c: ErrorCode) => {
  covered.add(c);
  return c;
};

let mcp: EmbeddedMcp;
beforeAll(async () => {
  mcp = await openEmbedded();
});
afterAll(async () => {
  await mcp.close();
});

describe('error envelope, one code at a time', () => {
  it('validation: one wording whether this server, the client or the service caught it', async () => {
    // Caught before anything is sent (the SDK never sees the arguments).
    mcp.step();
    const own = await mcp.agent.callTool({ name: 'send_connection_request', arguments: { profileId: 'p', message: 'x'.repeat(301) } });
    const env = expectEnvelope(own, code('validation'));
    expect(env).toMatchObject({ field: 'message', retryable: false, outcome: 'not_sent' });
    const issue = { code: 'too_big', path: ['message'], message: 'Connection message must be at most 300 characters' };
    expect(env.message).toBe(`Invalid input for send_connection_request: message: ${issue.message}`);
    // The same issue caught by the client (no status) or answered by the service (400 with issues): the same text.
    for (const status of [undefined, 400]) {
      const { client } = await failing('send_connection_request', { kind: 'validation', ...(status ? { status } : {}), message: 'Validation failed', issues: [issue] });
      const other = await client.callTool({ name: 'send_connection_request', arguments: { profileId: 'p' } });
      expect(textOf(other)).toBe(textOf(own));
    }
    // A wrong type never surfaces the SDK's "MCP error -32602" wording.
    mcp.step();
    const wrongType = await mcp.agent.callTool({ name: 'search_people', arguments: { count: 'ten' } });
    expect(expectEnvelope(wrongType, 'validation').field).toBe('count');
    expect(textOf(wrongType)).not.toContain('-32602');
  });

  it('validation: an out-of-range offset is a 400 naming the field and bound, never a retry-later 500', async () => {
    mcp.step();
    const result = await mcp.agent.callTool({ name: 'list_sent_invitations', arguments: { startIndex: 1e20 } });
    const env = expectEnvelope(result, 'validation');
    expect(env).toMatchObject({ field: 'startIndex', retryable: false });
    expect(env.message).toContain('<=10000');
    const http = await mcp.live.request('GET', '/invitations/sent?startIndex=100000000000000000000');
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain('startIndex');
    const reply = await mcp.live.request('POST', '/reply', { body: { postUrn: 'urn:li:activity:1', commentId: 'c', commentText: 'x'.repeat(100_000) } });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('commentText');
  });

  it('not_found: a missing post points at the id, a missing account at the accounts list', async () => {
    mcp.step();
    const post = expectEnvelope(await mcp.agent.callTool({ name: 'scrape_post', arguments: { postUrl: 'urn:li:activity:1' } }), code('not_found'));
    expect(post.remediation).not.toContain('outreach://accounts');
    expect(post.remediation).toContain('Check the id you passed');
    mcp.step();
    const account = expectEnvelope(await mcp.agent.callTool({ name: 'get_account_status_by_id', arguments: { accountId: 'f'.repeat(24) } }), 'not_found');
    expect(account.remediation).toContain('outreach://accounts');
  });

  it('plan_required: names the plan, the account and what to pass, also for input-dependent requirements', async () => {
    const FREE = DEMO_ACCOUNTS.free;
    mcp.step();
    const ssi = expectEnvelope(await mcp.agent.callTool({ name: 'get_ssi', arguments: { accountId: FREE } }), code('plan_required'));
    expect(ssi).toMatchObject({ feature: 'salesNavigator', retryable: false });
    expect(ssi.message).toContain(`account ${FREE}`);
    expect(textOf(await mcp.agent.callTool({ name: 'get_ssi', arguments: { accountId: FREE } }))).not.toMatch(/this key may not/i);
    mcp.step();
    const search = expectEnvelope(
      await mcp.agent.callTool({ name: 'search_people', arguments: { accountId: FREE, url: 'https://www.network.example/sales/search/people?query=x' } }),
      'plan_required',
    );
    expect(search.feature).toBe('salesNavigator');
    const world = mcp.live.service.deps.world();
    mcp.step();
    const inMail = expectEnvelope(
      await mcp.agent.callTool({ name: 'send_message', arguments: { accountId: FREE, recipientProfileId: world.people[5]!.profileId, message: 'Hi', inMail: true } }),
      'plan_required',
    );
    expect(inMail).toMatchObject({ feature: 'premium', outcome: 'not_sent' });
    expect(inMail.remediation).toContain('an account with a premium plan');
  });

  it('already_done: a second invitation to the same person; and a replayed key says so on success', async () => {
    const account = DEMO_ACCOUNTS.businessPremium;
    const view = mcp.live.service.deps.view(mcp.live.service.accounts.find('demo', account)!);
    const connected = new Set(view.connections.map((c) => c.personId));
    const world = mcp.live.service.deps.world();
    const stranger = world.people.filter((p) => !connected.has(p.id));
    const args = { accountId: account, profileId: stranger[0]!.profileId, idempotencyKey: 'invite-once-1' };
    mcp.step();
    const first = await mcp.agent.callTool({ name: 'send_connection_request', arguments: args });
    expect(textOf(first).split('\n')[0]).toBe('Outcome: sent.');
    mcp.step();
    const replay = await mcp.agent.callTool({ name: 'send_connection_request', arguments: args });
    expect(replay.isError).toBeFalsy();
    expect(replay.structuredContent).toEqual(first.structuredContent);
    expect(textOf(replay).split('\n')[0]).toContain('Outcome: already done');
    mcp.step();
    const again = await mcp.agent.callTool({ name: 'send_connection_request', arguments: { ...args, idempotencyKey: 'invite-once-2' } });
    expect(expectEnvelope(again, code('already_done'))).toMatchObject({ outcome: 'already_done', retryable: false });
    expect(textOf(again)).toContain('outcome: already done, nothing was sent again');
    // A key reused for a different request is a conflict.
    mcp.step();
    const clash = await mcp.agent.callTool({ name: 'send_connection_request', arguments: { ...args, profileId: stranger[1]!.profileId } });
    const env = expectEnvelope(clash, code('conflict'));
    expect(env.remediation).toContain('new key');
    expect(findPerson(world, stranger[1]!.id)).toBeDefined();
  });

  const fakes: { code: ErrorCode; tool?: string; args?: Record<string, unknown>; details: ClientErrorDetails | Error; check: (env: ToolErrorEnvelope, text: string) => void }[] = [
    {
      code: 'quota_exhausted',
      details: { kind: 'quota', status: 429, message: 'Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-06T00:00:00.000Z', feature: 'CONNECT', used: 25, limit: 25, resetAt: '2026-01-06T00:00:00.000Z', retryAfterMs: 50_400_000 },
      check: (env, text) => {
        expect(env).toMatchObject({ feature: 'CONNECT', quota: { limit: 25, used: 25, resetAt: '2026-01-06T00:00:00.000Z' }, retryAt: '2026-01-06T00:00:00.000Z', retryAfterSeconds: 50_400, outcome: 'not_sent' });
        expect(env.remediation).toContain(`outreach://accounts/${ACCOUNT_A}/quota`);
        expect(text).not.toContain('{accountId}');
      },
    },
    {
      code: 'quota_exhausted',
      details: { kind: 'local_quota', message: 'Daily quota for CONNECT reached on account x: 25 of 25 used, limit 25. It resets at 2026-01-06T00:00:00.000Z (in 14 h). Nothing was sent.', feature: 'CONNECT', used: 25, limit: 25, resetAt: '2026-01-06T00:00:00.000Z' },
      check: (env, text) => {
        expect(text.match(/nothing was sent/gi)).toHaveLength(1);
        expect(env.quota).toEqual({ limit: 25, used: 25, resetAt: '2026-01-06T00:00:00.000Z' });
      },
    },
    {
      code: 'rate_limited',
      details: { kind: 'rate_limit', status: 429, message: 'Rate limit exceeded: 15 write calls per minute for this account; retry in 12 s', retryAfterMs: 12_000 },
      check: (env) => expect(env).toMatchObject({ retryable: true, retryAfterSeconds: 12, retryAt: '2026-01-05T10:00:12.000Z' }),
    },
    {
      code: 'queue_timeout',
      details: {
        kind: 'queue_timeout',
        message: 'Longer than the maximum wait of 45 s: the write per-minute limit of account x has no free slot for 90 s. Nothing was sent; retry at 2026-01-05T10:01:30.000Z (in 90 s).',
        retryAfterMs: 90_000,
      },
      check: (env, text) => {
        expect(env).toMatchObject({ retryable: true, retryAfterSeconds: 90, retryAt: '2026-01-05T10:01:30.000Z', outcome: 'not_sent' });
        // The limiter's own "Nothing was sent; retry at …" is said once, by the envelope.
        expect(text.match(/nothing was sent/gi)).toHaveLength(1);
        expect(text.match(/2026-01-05T10:01:30\.000Z/g)).toHaveLength(1);
        expect(env.message).toMatch(/has no free slot for 90 s\.$/);
      },
    },
    {
      code: 'outside_working_hours',
      details: { kind: 'paced', pacingReason: 'outside_hours', message: 'outside the working hours set for account x; the next write is allowed at 2026-01-05T17:00:00.000Z', retryAfterMs: 7 * 3_600_000 },
      check: (env) => expect(env).toMatchObject({ retryable: true, retryAt: '2026-01-05T17:00:00.000Z' }),
    },
    {
      code: 'paced',
      details: { kind: 'paced', pacingReason: 'jitter', message: 'account x paces its writes like a person', retryAfterMs: 300_000 },
      check: (env) => expect(env).toMatchObject({ retryable: true, retryAfterSeconds: 300 }),
    },
    {
      code: 'account_unavailable',
      details: { kind: 'account_unavailable', status: 409, message: 'Account is on a temporary hold', retryAfterMs: 3_600_000 },
      check: (env) => {
        expect(env).toMatchObject({ retryable: true, retryAt: '2026-01-05T11:00:00.000Z' });
        expect(env.remediation).toContain('another account');
      },
    },
    {
      code: 'unauthorized',
      details: { kind: 'auth', status: 401, message: 'Unauthorized: missing or invalid API key' },
      check: (env) => expect(env.remediation).toContain('OUTREACH_API_KEY'),
    },
    {
      code: 'forbidden',
      details: { kind: 'forbidden', status: 403, message: 'Not an admin of company page urn:li:organization:1; you can act only as a page you administer' },
      check: (env, text) => {
        expect(text).not.toMatch(/this key may not/i);
        expect(env.retryable).toBe(false);
      },
    },
    {
      code: 'cancelled',
      details: { kind: 'cancelled', message: 'Call cancelled by the caller while the request was in flight', mayHaveLanded: true },
      check: (env) => expect(env).toMatchObject({ outcome: 'may_have_landed', retryable: false }),
    },
    {
      code: 'service_error',
      details: { kind: 'server', status: 500, message: 'Internal server error', mayHaveLanded: true },
      check: (env) => {
        expect(env.outcome).toBe('may_have_landed');
        expect(env.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
        expect(env.remediation).toContain(`idempotencyKey "${env.idempotencyKey}"`);
      },
    },
    {
      code: 'service_error',
      tool: 'get_account_status',
      args: {},
      details: { kind: 'server', status: 500, message: 'Internal server error' },
      check: (env) => expect(env).toMatchObject({ retryable: true }),
    },
    {
      code: 'unreachable',
      details: { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:1', mayHaveLanded: false },
      check: (env) => expect(env).toMatchObject({ outcome: 'not_sent', retryable: true }),
    },
    {
      code: 'schema_drift',
      tool: 'get_account_status',
      args: {},
      details: { kind: 'schema_drift', status: 200, message: "The service's answer for A1 does not match the contract: id: Required" },
      check: (env) => expect(env.retryable).toBe(false),
    },
    {
      code: 'internal_error',
      tool: 'get_account_status',
      args: {},
      details: new Error('boom'),
      check: (env) => expect(env.message).toBe('get_account_status failed inside outreach-mcp: boom'),
    },
  ];
  for (const c of fakes) {
    it(`${c.code}${c.code === 'quota_exhausted' || c.code === 'service_error' ? ` (${(c.details as ClientErrorDetails).kind ?? ''}${c.tool ? ', read' : ''})` : ''}`, async () => {
      const tool = c.tool ?? connectTo.name;
      const { client } = await failing(tool, c.details);
      const result = await client.callTool({ name: tool, arguments: c.args ?? connectTo.arguments });
      c.check(expectEnvelope(result, code(c.code)), textOf(result));
    });
  }

  it('confirmation_unavailable and confirmation_declined: nothing is sent', async () => {
    const fake = new FakeClient().on('send_connection_request', () => ({ success: true, invitationId: 'i', timestamp: NOW }));
    const plain = await connect(new OutreachMcp({ client: fake }));
    sessions.push(plain);
    const unavailable = expectEnvelope(await plain.client.callTool(connectTo), code('confirmation_unavailable'));
    expect(unavailable).toMatchObject({ outcome: 'not_sent', retryable: false });
    expect(unavailable.remediation).toContain('--confirm off');

    const server = new OutreachMcp({ client: fake }).createServer();
    const [c, s] = InMemoryTransport.createLinkedPair();
    const asking = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    asking.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    await server.connect(s);
    await asking.connect(c);
    const declined = expectEnvelope(await asking.callTool(connectTo), code('confirmation_declined'));
    expect(declined.outcome).toBe('not_sent');
    await asking.close();
    await server.close();
    expect(fake.calls).toHaveLength(0);
  });

  it('quotes echoed input only truncated, with control characters escaped', async () => {
    const echoed = `\u001b[2J${'x'.repeat(5000)}`;
    const { client } = await failing('get_account_status', { kind: 'not_found', status: 404, message: `Post not found: ${echoed}` });
    const result = await client.callTool({ name: 'get_account_status', arguments: {} });
    const text = textOf(result);
    expect(text.length).toBeLessThan(800);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(text).toContain('\\u001b[2J');
    expect(text).toContain('more characters)');
  });

  it('lists at most five validation issues', async () => {
    mcp.step();
    const keywords = Array.from({ length: 8 }, () => ' ');
    const result = await mcp.agent.callTool({ name: 'search_posts_by_author_roles', arguments: { keywords } });
    const env = expectEnvelope(result, 'validation');
    expect(env.message.match(/Must not be blank/g)).toHaveLength(5);
    expect(env.message).toContain('(3 more issues)');
    expect(env.field).toBe('keywords.0');
  });

  it('covers every code of the closed list', () => {
    // Needs a raw 2026-07-28 retry with a replayed or altered request state: asserted in modern.test.ts.
    const testedElsewhere: ErrorCode[] = ['confirmation_invalid'];
    expect([...covered, ...testedElsewhere].sort()).toEqual([...ERROR_CODES].sort());
    expect(ENDPOINTS.length).toBeGreaterThan(0);
  });
});
