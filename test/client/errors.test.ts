import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/contract/index.js';
import { getAccountStatus, getDefaultAccountStatus } from '../../src/contract/endpoints/account.js';
import { parseRetryAfter } from '../../src/client/index.js';
import { DEMO_ACCOUNTS, DEMO_USER_ID } from '../../src/service/index.js';
import { expectClientError } from './expect-client-error.js';
import { liveHarnessPerTest } from './live-service.js';

/** How the client reports what went wrong, against the real embedded service (and scripted failures in front of it). */
const a = DEMO_ACCOUNTS.salesNavigator;
const scrapePost = endpointById('E11')!;
const sendConnect = endpointById('B3')!;

const { start: setup } = liveHarnessPerTest({ cache: { maxSizeBytes: 0 } });

describe('local validation', () => {
  it('refuses bad input naming the field, and sends nothing', async () => {
    const { fake, client } = await setup();
    const err = await expectClientError(client.call(getAccountStatus, { accountId: 'nope' }));
    expect(err.kind).toBe('validation');
    expect(err.details.issues).toEqual([
      { code: 'invalid_format', path: ['accountId'], message: 'Invalid account ID format', expected: 'regex /^[a-fA-F0-9]{24}$/', received: 'string' },
    ]);
    expect(err.message).toBe('Invalid input for get_account_status_by_id: accountId: Invalid account ID format');

    const long = await expectClientError(client.call(sendConnect, { accountId: a, profileId: 'p', message: 'x'.repeat(301) }));
    expect(long.kind).toBe('validation');
    expect(long.details.issues?.[0]).toMatchObject({ code: 'too_big', path: ['message'] });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('service errors', () => {
  it('maps a 400 validation body with its field paths', async () => {
    const { fake, client } = await setup();
    const body = {
      success: false,
      error: {
        name: 'ZodError',
        issues: [{ code: 'invalid_type', expected: 'string', received: 'undefined', path: ['postUrl'], message: 'Required' }],
      },
    };
    fake.failNext('E11', { status: 400, body });
    const err = await expectClientError(client.call(scrapePost, { accountId: a, postUrl: 'u' }));
    expect(err.kind).toBe('validation');
    expect(err.details.status).toBe(400);
    expect(err.details.issues).toEqual(body.error.issues);
    expect(err.message).toBe('Validation failed: postUrl: Required');
    expect(fake.callsTo('E11')).toHaveLength(1);
  });

  it('maps the alternative error object (code, message, details.field)', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', { status: 400, body: { error: { code: 'INVALID_PARAMETER', message: 'postUrl is not a post URL', details: { field: 'postUrl', reason: 'not a post URL' } } } });
    const err = await expectClientError(client.call(scrapePost, { accountId: a, postUrl: 'u' }));
    expect(err.kind).toBe('validation');
    expect(err.message).toBe('postUrl is not a post URL');
    expect(err.details.issues).toEqual([{ code: 'INVALID_PARAMETER', path: ['postUrl'], message: 'not a post URL' }]);
  });

  it('maps a 400 with an error string to bad_request', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', { status: 400, body: { error: 'Sales Navigator seat required', success: false } });
    const err = await expectClientError(client.call(scrapePost, { accountId: a, postUrl: 'u' }));
    expect(err.details).toMatchObject({ kind: 'bad_request', status: 400, message: 'Sales Navigator seat required', endpointId: 'E11' });
  });

  it('maps 401 without leaking the key', async () => {
    const { client } = await setup({ apiKey: 'wrong-secret-key' });
    const err = await expectClientError(client.call(getAccountStatus, { accountId: a }));
    expect(err.details).toMatchObject({ kind: 'auth', status: 401, message: 'Unauthorized: missing or invalid API key' });
    expect(JSON.stringify(err.details) + err.message + String(err.stack)).not.toContain('wrong-secret-key');
  });

  it('maps 404 with the spec text', async () => {
    const { client } = await setup();
    const err = await expectClientError(client.call(getAccountStatus, { accountId: 'ffffffffffffffffffffffff' }));
    expect(err.details).toMatchObject({ kind: 'not_found', status: 404, message: 'Account not found or not accessible' });
  });

  it('maps 500 after the bounded read retries', async () => {
    const { fake, client } = await setup();
    const fail = { status: 500, body: { error: 'Failed to fetch premium status', success: false } };
    fake.failNext('A2', fail, fail, fail);
    const err = await expectClientError(client.call(getAccountStatus, { accountId: a }));
    expect(err.details).toMatchObject({ kind: 'server', status: 500, message: 'Failed to fetch premium status' });
    expect(fake.callsTo('A2')).toHaveLength(3);
  });
});

describe('schema drift', () => {
  it('fails a read whose answer breaks the output schema, and counts it', async () => {
    const { fake, client } = await setup();
    fake.failNext('E11', { status: 200, body: { postUrn: 'urn', text: 7 } });
    const err = await expectClientError(client.call(scrapePost, { accountId: a, postUrl: 'u' }));
    expect(err.kind).toBe('schema_drift');
    expect(err.details.issues?.map((i) => i.path.join('.'))).toEqual(['author', 'text', 'mediaUrls', 'reactions', 'comments', 'shares', 'timestamp']);
    expect(client.stats().schemaDrift).toBe(1);
  });

  it("returns a write's drifted answer as received (it landed) and counts it", async () => {
    const { fake, client } = await setup();
    fake.failNext('B3', { status: 200, body: { ok: true } });
    expect(await client.call(sendConnect, { accountId: a, profileId: 'someone' })).toEqual({ ok: true });
    expect(client.stats().schemaDrift).toBe(1);
  });

  it("returns a read's drifted answer in 'warn' mode", async () => {
    const { fake, client } = await setup({ schemaDrift: 'warn' });
    fake.failNext('E11', { status: 200, body: { postUrn: 'urn' } });
    expect(await client.call(scrapePost, { accountId: a, postUrl: 'u' })).toEqual({ postUrn: 'urn' });
    expect(client.stats().schemaDrift).toBe(1);
  });
});

describe('default account', () => {
  it('resolves the default account once through accounts() and governs under it', async () => {
    const { fake, client } = await setup();
    await client.call(getDefaultAccountStatus, {});
    const post = fake.live.service.deps.world().posts.find((p) => p.visibility === 'PUBLIC')!;
    await client.call(scrapePost, { postUrl: post.postUrl });
    expect(fake.callsTo('X1')).toHaveLength(1);
    expect(fake.callsTo('E11')[0]!.account).toBe(a);
    const list = await client.accounts();
    expect(list.map((x) => x.id)).toEqual(fake.live.service.accounts.accessible(DEMO_USER_ID).map((x) => x.id));
    expect(list[0]).toMatchObject({ id: a, isDefault: true, firstName: 'Sam' });
  });
});

describe('configuration and headers', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-05T10:00:00Z');
    expect(parseRetryAfter('17', now)).toBe(17_000);
    expect(parseRetryAfter('Mon, 05 Jan 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 05 Jan 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
