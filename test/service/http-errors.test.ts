import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecentEvents } from '../../src/mcp/events.js';
import { signBody, startWebhookReceiver, type WebhookReceiver } from '../../src/mcp/webhook-receiver.js';
import { DEMO_ACCOUNTS, startService, type RunningService } from '../../src/service/index.js';
import { ManualClock } from '../../src/util/clock.js';
import { createLogger } from '../../src/util/logger.js';
import { httpRequest, isJsonAnswer, rawRequest } from '../support/raw-http.js';

/**
 * Every error answer of the embedded service and of the MCP webhook receiver
 * is a JSON object (never HTML, a bare status line or a stack trace), and an
 * unauthenticated request is refused before its body is parsed.
 */

let running: RunningService;
let receiver: WebhookReceiver;
const events = new RecentEvents();
const SECRET = 'whsec_http_errors_test';

beforeAll(async () => {
  running = await startService({
    dataDir: ':memory:',
    clock: new ManualClock('2026-01-05T09:00:00.000Z'),
    activityIntervalMs: 0,
    logger: createLogger('test', 'silent'),
  });
  receiver = await startWebhookReceiver({ port: 0, secret: SECRET, sink: events });
});
afterAll(async () => {
  await receiver.close();
  await running.close();
});

const auth = () => ({ authorization: `Bearer ${running.apiKey}` });
const json = { 'content-type': 'application/json' };

describe('the embedded service answers every error with JSON', () => {
  const cases: Array<[string, () => Buffer, number]> = [
    ['malformed JSON', () => httpRequest('POST', '/connect', { ...auth(), ...json }, '{"profileId": "x", "message": "Hello th'), 400],
    ['a JSON primitive body', () => httpRequest('POST', '/connect', { ...auth(), ...json }, 'null'), 400],
    ['a body over 1 MB', () => httpRequest('POST', '/connect', { ...auth(), ...json }, `{"a":"${'x'.repeat(1_100_000)}"}`), 413],
    ['a declared length over 1 MB', () => httpRequest('POST', '/connect', { ...auth(), ...json, 'content-length': '5000000' }, '{}'), 413],
    ['a body that is not gzip although it says so', () => httpRequest('POST', '/connect', { ...auth(), ...json, 'content-encoding': 'gzip' }, '{}'), 400],
    ['an unknown content encoding', () => httpRequest('POST', '/connect', { ...auth(), ...json, 'content-encoding': 'zstd-x' }, '{}'), 415],
    ['an unknown charset', () => httpRequest('POST', '/connect', { ...auth(), 'content-type': 'application/json; charset=klingon' }, '{}'), 415],
    ['bad percent-encoding in a path parameter', () => httpRequest('GET', '/account/%E0%A4%A/quota', auth()), 400],
    ['a bare % in the path', () => httpRequest('GET', '/%', auth()), 404],
    ['an unknown path', () => httpRequest('GET', '/nothing/here', auth()), 404],
    ['an unknown method', () => httpRequest('PATCH', '/accounts', auth()), 405],
    ['OPTIONS', () => httpRequest('OPTIONS', '/accounts', auth()), 405],
    ['GET on a POST route', () => httpRequest('GET', '/connect', auth()), 405],
    ['a method Node does not know', () => httpRequest('BREW', '/accounts', auth()), 400],
    ['a garbage request line', () => Buffer.from('HELLO THERE\r\n\r\n'), 400],
    ['a URL over the header limit', () => httpRequest('GET', `/accounts?q=${'a'.repeat(20_000)}`, auth()), 431],
    ['a header over the limit', () => httpRequest('GET', '/accounts', { ...auth(), 'x-filler': 'b'.repeat(20_000) }), 431],
    ['a malformed webhook settings body', () => httpRequest('POST', '/webhooks', { ...auth(), ...json }, '{nope'), 400],
    ['a bad Idempotency-Key', () => httpRequest('POST', '/connect', { ...auth(), ...json, 'idempotency-key': 'has space' }, JSON.stringify({ accountId: DEMO_ACCOUNTS.free, profileId: 'someone' })), 400],
  ];
  for (const [name, build, status] of cases) {
    it(`${name}: ${status}, JSON`, async () => {
      const answer = await rawRequest(running.baseUrl, build());
      expect(answer.status).toBe(status);
      expect(isJsonAnswer(answer), answer.body.slice(0, 200)).toBe(true);
      expect(answer.body).not.toMatch(/<html|<pre|\bat \w+ \(|node_modules|\/src\//i);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    });
  }

  it('a known path with another method is 405 naming the methods it takes', async () => {
    const answer = await rawRequest(running.baseUrl, httpRequest('DELETE', `/account/${DEMO_ACCOUNTS.free}/quota`, auth()));
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(answer.body)).toEqual({
      error: `Method DELETE not allowed on /account/${DEMO_ACCOUNTS.free}/quota: use GET, HEAD`,
      success: false,
    });
    const post = await rawRequest(running.baseUrl, httpRequest('PUT', '/connect', auth()));
    expect([post.status, post.headers.allow]).toEqual([405, 'POST']);
  });

  it('never quotes the body back from a JSON parse error', async () => {
    const answer = await rawRequest(running.baseUrl, httpRequest('POST', '/messaging/send', { ...auth(), ...json }, 'Xprivate words'));
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('private words');
    expect(JSON.parse(answer.body).error.issues[0].message).toMatch(/^Malformed JSON body.*: send one JSON object$/);
  });

  it('HEAD answers headers only, and a HEAD error carries a JSON content type', async () => {
    const ok = await rawRequest(running.baseUrl, httpRequest('HEAD', '/accounts', auth()));
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('');
    const refused = await rawRequest(running.baseUrl, httpRequest('HEAD', '/accounts'));
    expect(refused.status).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });

  it('checks the key before the body: malformed or oversized bodies without a valid key are 401', async () => {
    const keyless: Record<string, string>[] = [{}, { authorization: 'Bearer forged.token.here' }, { authorization: 'Basic abc' }];
    for (const headers of keyless) {
      const malformed = await rawRequest(running.baseUrl, httpRequest('POST', '/connect', { ...headers, ...json }, '{bad json'));
      expect(malformed.status).toBe(401);
      expect(JSON.parse(malformed.body)).toEqual({ error: 'Unauthorized: missing or invalid API key', success: false });
      const big = await rawRequest(running.baseUrl, httpRequest('POST', '/connect', { ...headers, ...json, 'content-length': '5000000' }, '{}'));
      expect(big.status).toBe(401);
    }
  });
});

describe('the MCP webhook receiver answers every error with JSON and checks the signature first', () => {
  const valid = JSON.stringify({
    event: 'connection.accepted',
    timestamp: '2026-01-05T10:00:00.000Z',
    data: { accountId: 'a1b2c3d4e5f6a1b2c3d4e5f6', profileId: 'p', fullName: 'F', headline: 'H', connectionDate: '2026-01-05T10:00:00.000Z' },
  });
  const cases: Array<[string, () => Buffer, number]> = [
    ['GET', () => httpRequest('GET', '/'), 405],
    ['OPTIONS', () => httpRequest('OPTIONS', '/'), 405],
    ['no signature, malformed body', () => httpRequest('POST', '/', json, '{bad'), 401],
    ['a garbled signature', () => httpRequest('POST', '/', { ...json, 'x-service-signature': 'sha256=zz' }, valid), 401],
    ['no signature, 5 MB declared', () => httpRequest('POST', '/', { ...json, 'content-length': '5000000' }, '{}'), 401],
    ['a wrong signature', () => httpRequest('POST', '/', { ...json, 'x-service-signature': signBody('other', valid) }, valid), 401],
    ['a well-formed signature, 5 MB declared', () => httpRequest('POST', '/', { ...json, 'x-service-signature': signBody(SECRET, valid), 'content-length': '5000000' }, valid), 413],
    ['signed malformed JSON', () => httpRequest('POST', '/', { ...json, 'x-service-signature': signBody(SECRET, '{bad') }, '{bad'), 400],
    ['a signed known event with wrong data', () => {
      const body = JSON.stringify({ event: 'message.received', timestamp: '2026-01-05T10:00:00.000Z', data: { text: 1 } });
      return httpRequest('POST', '/', { ...json, 'x-service-signature': signBody(SECRET, body) }, body);
    }, 400],
    ['a garbage request line', () => Buffer.from('NOT HTTP\r\n\r\n'), 400],
    ['a header over the limit', () => httpRequest('POST', '/', { 'x-filler': 'c'.repeat(20_000) }, '{}'), 431],
  ];
  for (const [name, build, status] of cases) {
    it(`${name}: ${status}, JSON, nothing stored`, async () => {
      const before = events.recent().length;
      const answer = await rawRequest(receiver.url, build());
      expect(answer.status).toBe(status);
      expect(isJsonAnswer(answer), answer.body.slice(0, 200)).toBe(true);
      expect(events.recent()).toHaveLength(before);
    });
  }

  it('a correctly signed event is stored once, even when delivered twice with one webhook-id', async () => {
    const before = events.recent().length;
    const headers = { ...json, 'x-service-signature': signBody(SECRET, valid), 'webhook-id': 'msg_dup_1' };
    expect((await rawRequest(receiver.url, httpRequest('POST', '/hooks', headers, valid))).status).toBe(200);
    const again = await rawRequest(receiver.url, httpRequest('POST', '/hooks', headers, valid));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ success: true, duplicate: true });
    expect(events.recent()).toHaveLength(before + 1);
  });
});

describe('requests Node refuses before any handler', () => {
  it('get a JSON answer with the status Node would give (431 headers, 408 timeout, else 400)', async () => {
    const { respondToClientError } = await import('../../src/util/http-client-error.js');
    const answer = (code: string) => {
      let written = '';
      const socket = { writable: true, end: (text: string) => void (written = text), destroy: () => undefined };
      respondToClientError(Object.assign(new Error('x'), { code }), socket as never);
      return written;
    };
    expect(answer('HPE_HEADER_OVERFLOW')).toMatch(/^HTTP\/1\.1 431 .*\r\n\r\n\{"error":"Request headers too large","success":false\}$/s);
    expect(answer('ERR_HTTP_REQUEST_TIMEOUT')).toMatch(/^HTTP\/1\.1 408 .*\{"error":"Request not completed in time","success":false\}$/s);
    expect(answer('HPE_INVALID_METHOD')).toMatch(/^HTTP\/1\.1 400 .*\{"error":"Malformed HTTP request","success":false\}$/s);
    expect(answer('ECONNRESET')).toBe('');
  });
});
