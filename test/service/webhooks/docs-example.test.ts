import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/util/clock.js';
import { WebhookDispatcher } from '../../../src/service/webhooks/dispatcher.js';
import { generateSecret } from '../../../src/service/webhooks/signing.js';
import { WebhookStore } from '../../../src/service/webhooks/store.js';
import { ACCOUNT, captureLogger, openDb, startReceiver } from './helpers.js';

type Headers = Record<string, string | string[] | undefined>;
interface Example {
  verifyWebhook(raw: Buffer, headers: Headers, secret: string, nowS?: number): boolean;
  verifyServiceSignature(raw: Buffer, header: unknown, secret: string): boolean;
}

const dir = mkdtempSync(join(tmpdir(), 'webhooks-doc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The receiver example exactly as docs/webhooks.md shows it. */
async function loadExample(): Promise<Example> {
  const doc = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
  const match = /<!-- receiver-example[^>]*-->\n```js\n([\s\S]*?)```/.exec(doc);
  expect(match, 'receiver example block in docs/webhooks.md').not.toBeNull();
  const file = join(dir, 'verify.mjs');
  writeFileSync(file, match![1]!);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Example;
}

describe('docs/webhooks.md receiver example', () => {
  it('accepts a real delivery and refuses tampering, a wrong secret and a stale timestamp', async () => {
    const example = await loadExample();
    const clock = new ManualClock('2026-01-05T00:00:00.000Z');
    const rx = await startReceiver(clock, () => 200);
    const store = new WebhookStore(openDb());
    const secret = generateSecret();
    store.insertSubscription({ id: 'wh_doc', userId: 'u', url: rx.url, events: ['lead.captured'], description: null, createdAt: '2026-01-05T00:00:00.000Z', secret });
    const dispatcher = new WebhookDispatcher({ store, clock, logger: captureLogger().logger });
    dispatcher.start();
    dispatcher.emitEvent('u', ACCOUNT, 'lead.captured', {
      source: 'form',
      profile: { profileId: 'jane-doe', fullName: 'Jane Doe', headline: 'VP Sales' },
      capturedAt: '2026-01-05T00:00:00.000Z',
      note: 'Ünïcødé note ✓',
    });
    await dispatcher.whenIdle();
    await dispatcher.stop();
    await rx.close();

    const { raw, headers } = rx.received[0]!;
    const now = clock.now() / 1000;
    expect(example.verifyWebhook(raw, headers, secret, now)).toBe(true);
    expect(example.verifyServiceSignature(raw, headers['x-service-signature'], secret)).toBe(true);

    const tampered = Buffer.from(raw.toString('utf8').replace('Jane', 'John'));
    expect(example.verifyWebhook(tampered, headers, secret, now)).toBe(false);
    expect(example.verifyServiceSignature(tampered, headers['x-service-signature'], secret)).toBe(false);
    const other = generateSecret();
    expect(example.verifyWebhook(raw, headers, other, now)).toBe(false);
    expect(example.verifyServiceSignature(raw, headers['x-service-signature'], other)).toBe(false);
    expect(example.verifyWebhook(raw, headers, secret, now + 301)).toBe(false);
    expect(example.verifyWebhook(raw, headers, secret, now + 300)).toBe(true);
    expect(example.verifyWebhook(raw, { ...headers, 'webhook-id': 'msg_other' }, secret, now)).toBe(false);
  });
});
