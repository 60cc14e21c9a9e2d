import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { PER_MINUTE_LIMITS } from '../../src/contract/index.js';
import { DEMO_ACCOUNTS, createService } from '../../src/service/index.js';
import { findPerson } from '../../src/service/world/index.js';
import { createLogger } from '../../src/util/logger.js';
import { CLI, cleanEnv, tempDir } from './helpers.js';

/**
 * Two more figures of issue 13, kept: exactly 15 of 40 parallel writes on one
 * account are admitted (the per-minute write limit, no race), and 0 webhook
 * deliveries are lost to a kill -9 of the service while they are being retried.
 */

const KEY = 'burst-and-crash-key-0001';
const dirs: Array<ReturnType<typeof tempDir>> = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) d.remove();
});

async function startServiceProcess(dir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [CLI, 'service', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv({ OUTREACH_API_KEY: KEY }) });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`service exited ${code}`)));
  });
  return { child, baseUrl: (JSON.parse(line) as { baseUrl: string }).baseUrl };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('bursts and crashes', () => {
  it('40 parallel writes on one account: exactly 15 admitted, 25 refused with 429, all answered', async () => {
    const data = tempDir('outreach-burst-');
    dirs.push(data);
    const setup = await createService({ dataDir: data.dir, activityIntervalMs: 0, logger: createLogger('test', 'silent') });
    const account = DEMO_ACCOUNTS.businessPremium;
    const view = setup.deps.view(setup.accounts.find('demo', account)!);
    const friend = findPerson(setup.deps.world(), view.connections[0]!.personId)!.profileId;
    await setup.close();

    const { child, baseUrl } = await startServiceProcess(data.dir);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        fetch(`${baseUrl}/messaging/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'idempotency-key': `burst-${n}` },
          body: JSON.stringify({ accountId: account, recipientProfileId: friend, message: `burst ${n}` }),
        }).then((r) => r.status),
      ),
    );
    child.kill('SIGKILL');
    const admitted = answers.filter((s) => s === 200).length;
    const refused = answers.filter((s) => s === 429).length;
    console.log(`burst: ${admitted} of 40 parallel writes admitted, ${refused} refused with 429`);
    const writeLimit = PER_MINUTE_LIMITS.write;
    if (writeLimit === null) throw new Error('writes must have a per-minute limit for this test');
    expect({ admitted, refused }).toEqual({ admitted: writeLimit, refused: 40 - writeLimit });
  }, 60_000);

  it('deliveries being retried when the service is killed -9 all arrive after the restart: 0 lost', async () => {
    const data = tempDir('outreach-crash-webhooks-');
    dirs.push(data);
    let up = false;
    const seen = new Map<string, number>();
    let requests = 0;
    const receiver: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests++;
        const id = String(req.headers['webhook-id']);
        if (!up) return void res.writeHead(503).end();
        seen.set(id, (seen.get(id) ?? 0) + 1);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const COUNT = 20;
      const setup = await createService({ dataDir: data.dir, activityIntervalMs: 0, logger: createLogger('test', 'silent') });
      setup.webhooks.store.insertSubscription({ id: 'wh_crash', userId: 'demo', url, events: ['lead.captured'], description: null, createdAt: new Date().toISOString(), secret: 'whsec_AAAA' });
      const ids = Array.from({ length: COUNT }, (_, n) =>
        setup.webhooks.store.enqueue('demo', 'lead.captured', JSON.stringify({ event: 'lead.captured', n }), Date.now())[0]!,
      );
      await setup.close();

      // The receiver is down: the service sends, fails and schedules retries; kill it mid-way.
      const first = await startServiceProcess(data.dir);
      await until(() => requests >= COUNT + 5, 20_000);
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));

      up = true;
      const second = await startServiceProcess(data.dir);
      await until(() => ids.every((id) => seen.has(id)), 40_000);
      second.child.kill('SIGKILL');
      const lost = ids.filter((id) => !seen.has(id)).length;
      console.log(`webhooks across kill -9: ${COUNT} deliveries, ${requests} requests in all, ${lost} lost`);
      expect(lost).toBe(0);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  }, 90_000);
});
