import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/mcp/webhook-receiver.js';
import { DEMO_ACCOUNTS, createService } from '../../src/service/index.js';
import { openDatabase } from '../../src/service/store/db.js';
import { WebhookStore } from '../../src/service/webhooks/store.js';
import { findPerson } from '../../src/service/world/index.js';
import { createLogger } from '../../src/util/logger.js';
import { findLeaks } from '../support/leaks.js';
import { httpRequest, rawRequest } from '../support/raw-http.js';

/**
 * Runs the service's write paths, the MCP server's write tools and a webhook
 * send and receive with every process logging at trace level, captures all
 * they print, and greps it for the message texts, keys and secrets used.
 */

const CLI = join(process.cwd(), 'dist', 'cli.js');
const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'outreach-leaks-'));
  dirs.push(d);
  return d;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('OUTREACH_')) env[k] = v;
  return { ...env, ...extra };
}

// Every text and secret the run uses; none may appear in any log line.
const SECRETS = {
  apiKey: 'leak-canary-api-key-7f3a91',
  webhookSecret: 'whsec_bGVha2NhbmFyeXNlY3JldDEyMzQ1Njc4OTA=',
  messageText: 'LEAKCANARY message text 58213',
  commentText: 'LEAKCANARY comment text 90317',
  noteText: 'LEAKCANARY invitation note 44120',
  mcpMessageText: 'LEAKCANARY mcp message 66012',
  malformedBody: 'LEAKCANARY malformed body 71145',
  forgedToken: 'leak-canary-forged-token-55190',
  receiverUrlToken: 'leakcanaryurltoken88231',
  receivedText: 'LEAKCANARY received webhook text 30077',
  legacyMessageText: 'LEAKCANARY legacy message 12093',
  ackMessageText: 'LEAKCANARY ack message 77410',
  typingMessageText: 'LEAKCANARY typing message 50231',
  conversationText: 'LEAKCANARY conversation message 38846',
  replyText: 'LEAKCANARY reply text 91124',
};

describe('the leak grep', () => {
  it('sees a planted leak in any of the forms a log line would carry', () => {
    expect(findLeaks('{"msg":"sent","text":"LEAKCANARY message text 58213"}', SECRETS)).toEqual(['messageText']);
    expect(findLeaks('url=http://x/?t=leakcanaryurltoken88231&key=leak-canary-api-key-7f3a91', SECRETS)).toEqual(['apiKey', 'receiverUrlToken']);
    expect(findLeaks('{"body":"LEAKCANARY%20comment%20text%2090317"}', SECRETS)).toEqual(['commentText']);
    expect(findLeaks('{"level":30,"msg":"webhook delivered"}', SECRETS)).toEqual([]);
  });
});

describe('no request body, message text, key or secret reaches any log', () => {
  it('at trace level, across service writes, MCP tool writes, a webhook send and receive', async () => {
    // 1. A data dir (its world fixed by a first start), then the MCP server on it, then a subscription to its receiver.
    const dir = tempDir();
    const setup = await createService({ dataDir: dir, activityIntervalMs: 0, logger: createLogger('test', 'silent') });
    const account = DEMO_ACCOUNTS.free;
    const world = setup.deps.world();
    const view = setup.deps.view(setup.accounts.find('demo', account)!);
    const friend = findPerson(world, view.connections[0]!.personId)!;
    const connected = new Set(view.connections.map((c) => c.personId));
    const stranger = world.people.find((p) => !connected.has(p.id))!;
    const post = world.posts.find((p) => p.visibility === 'PUBLIC' && p.canComment)!;
    await setup.close();

    // The MCP server over stdio on the same data dir and key, its embedded service receiving webhooks with a known secret.
    let mcpStderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--data-dir', dir, '--confirm', 'off', '--webhook-port', '0'],
      env: cleanEnv({ OUTREACH_LOG_LEVEL: 'trace', OUTREACH_API_KEY: SECRETS.apiKey, OUTREACH_WEBHOOK_SECRET: SECRETS.webhookSecret }),
      stderr: 'pipe',
    });
    transport.stderr!.on('data', (d: Buffer) => (mcpStderr += d.toString()));
    const agent = new Client({ name: 'leaks', version: '1.0.0' });
    await agent.connect(transport);
    const receiverUrl = /"url":"(http:\/\/127\.0\.0\.1:\d+\/)"/.exec(mcpStderr)?.[1];
    expect(receiverUrl, mcpStderr.slice(0, 2000)).toBeDefined();

    const shared = openDatabase(dir);
    new WebhookStore(shared).insertSubscription({
      id: 'wh_leaktest',
      userId: 'demo',
      url: `${receiverUrl}hook?token=${SECRETS.receiverUrlToken}`,
      events: ['message.received', 'connection.accepted'],
      description: null,
      createdAt: new Date().toISOString(),
      secret: SECRETS.webhookSecret,
    });
    shared.close();

    // 2. The service process at trace level, on the same data dir and key.
    const service = spawn(process.execPath, [CLI, 'service', '--data-dir', dir], {
      env: cleanEnv({ OUTREACH_LOG_LEVEL: 'trace', OUTREACH_API_KEY: SECRETS.apiKey }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(service);
    let serviceOut = '';
    let serviceErr = '';
    service.stderr!.on('data', (d: Buffer) => (serviceErr += d.toString()));
    const readyLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: service.stdout! }).once('line', resolve);
      service.once('exit', (code) => reject(new Error(`service exited ${code}: ${serviceErr}`)));
    });
    service.stdout!.on('data', (d: Buffer) => (serviceOut += d.toString()));
    const { baseUrl } = JSON.parse(readyLine) as { baseUrl: string };
    const call = async (method: string, path: string, body?: unknown, key = SECRETS.apiKey) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `leak-${path}-${Math.random()}` },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const sent = await call('POST', '/messaging/send', { accountId: account, recipientProfileId: friend.profileId, message: SECRETS.messageText });
    expect(sent.status).toBe(200);
    const conversationId = sent.body.conversationId as string;
    const comment = await call('POST', '/posts/comment', { accountId: account, postUrn: post.activityUrn, commentText: SECRETS.commentText });
    expect(comment.status).toBe(200);
    // Every other write path that carries text.
    const more: Array<[string, Record<string, unknown>]> = [
      ['/message', { accountId: account, recipientProfileId: friend.profileId, message: SECRETS.legacyMessageText }],
      ['/messaging/send-with-ack', { accountId: account, conversationId, message: SECRETS.ackMessageText }],
      ['/messaging/send-with-typing', { accountId: account, conversationId, message: SECRETS.typingMessageText }],
      ['/conversations/send', { accountId: account, conversationId, message: SECRETS.conversationText }],
      ['/reply', { accountId: account, postUrn: post.activityUrn, commentId: comment.body.commentId, commentText: SECRETS.replyText }],
      ['/posts/react', { accountId: account, postUrn: post.activityUrn, reactionType: 'LIKE' }],
    ];
    for (const [path, body] of more) {
      const answer = await call('POST', path, body);
      expect([path, answer.status], JSON.stringify(answer.body)).toEqual([path, 200]);
    }
    const invite = await call('POST', '/connect', { accountId: account, profileId: stranger.profileId, message: SECRETS.noteText });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    // Refused writes: a forged key, a malformed body, a body that breaks the schema.
    expect((await call('POST', '/messaging/send', { accountId: account, message: SECRETS.messageText }, SECRETS.forgedToken)).status).toBe(401);
    const malformed = await rawRequest(
      baseUrl,
      httpRequest('POST', '/messaging/send', { authorization: `Bearer ${SECRETS.apiKey}`, 'content-type': 'application/json' }, `{"message":"${SECRETS.malformedBody}`),
    );
    expect(malformed.status).toBe(400);
    expect((await call('POST', '/messaging/send', { accountId: account, recipientProfileId: 7, message: SECRETS.messageText })).status).toBe(400);
    // Webhook send: a test delivery to the MCP receiver, signed with the secret.
    const test = await call('POST', '/webhooks/wh_leaktest/test');
    expect(test.body).toMatchObject({ success: true, delivery: { delivered: true, statusCode: 200 } });

    // 3. MCP tool writes (the embedded service inside the MCP process).
    const mcpSend = await agent.callTool({
      name: 'send_direct_message',
      arguments: { accountId: account, recipientProfileId: friend.profileId, message: SECRETS.mcpMessageText },
    });
    expect(mcpSend.isError, JSON.stringify(mcpSend.content)).toBeFalsy();
    const mcpBad = await agent.callTool({ name: 'send_direct_message', arguments: { accountId: account, message: SECRETS.mcpMessageText } });
    expect(mcpBad.isError).toBe(true);

    // 4. Webhook receive: a signed event carrying text, a forged one, a malformed one.
    const received = JSON.stringify({
      event: 'message.received',
      timestamp: new Date().toISOString(),
      data: {
        accountId: account,
        conversationId: 'c1',
        messageId: 'm1',
        sender: { profileId: 'p', fullName: 'F', headline: 'H' },
        text: SECRETS.receivedText,
        receivedAt: new Date().toISOString(),
        isSalesNavigator: false,
      },
    });
    const signed = await rawRequest(receiverUrl!, httpRequest('POST', '/hook', { 'content-type': 'application/json', 'x-service-signature': signBody(SECRETS.webhookSecret, received) }, received));
    expect(signed.status).toBe(200);
    const forged = await rawRequest(receiverUrl!, httpRequest('POST', '/hook', { 'content-type': 'application/json', 'x-service-signature': signBody('nope', received) }, received));
    expect(forged.status).toBe(401);
    const garbled = `{"text":"${SECRETS.receivedText}`;
    const bad = await rawRequest(receiverUrl!, httpRequest('POST', '/hook', { 'content-type': 'application/json', 'x-service-signature': signBody(SECRETS.webhookSecret, garbled) }, garbled));
    expect(bad.status).toBe(400);

    // 5. keys create prints a token once, to stdout; its logs never carry it.
    const created = spawnSync(process.execPath, [CLI, 'keys', 'create', '--data-dir', dir], { encoding: 'utf8', env: cleanEnv({ OUTREACH_LOG_LEVEL: 'trace' }) });
    const token = created.stdout.trim();
    expect((await call('GET', '/accounts', undefined, token)).status).toBe(200);

    await agent.close();
    const exited = new Promise((resolve) => service.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;

    // Everything printed: both stderr streams, and the service's stdout after its ready line.
    const printed = [mcpStderr, serviceErr, serviceOut, created.stderr].join('\n');
    expect(serviceErr).toContain('service ready');
    expect(mcpStderr).toContain('MCP server ready on stdio');
    // Debug lines were printed (the receiver's), so the capture ran below info level.
    expect(mcpStderr).toContain('"msg":"webhook received"');
    expect(findLeaks(printed, { ...SECRETS, createdToken: token })).toEqual([]);
  }, 60_000);
});
