import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/service/index.js';
import { SIM_CLOCK_META } from '../../src/service/sim-clock.js';
import { getMeta } from '../../src/service/store/db.js';
import { sendSigned } from '../../src/service/webhooks/sender.js';
import { ManualClock, ioClock, scaledClock } from '../../src/util/clock.js';
import { createLogger } from '../../src/util/logger.js';
import { ACCOUNT, startReceiver, type Receiver } from './webhooks/helpers.js';

/**
 * --time-scale: simulated time survives restarts, and never touches network
 * I/O (attempt timeouts, latencies, retry backoff stay real time). All on a
 * ManualClock standing for real time.
 */

const T0 = Date.parse('2026-01-05T00:00:00.000Z');
const HOUR = 3_600_000;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const quiet = createLogger('test', 'silent');

describe('scaledClock', () => {
  it('runs scale× the base from a given start and keeps the base as its real clock', () => {
    const real = new ManualClock(T0);
    const sim = scaledClock(3600, real, T0 + 10 * HOUR);
    expect(sim.now()).toBe(T0 + 10 * HOUR);
    real.advance(1000);
    expect(sim.now()).toBe(T0 + 11 * HOUR);
    expect(ioClock(sim)).toBe(real);
    expect(ioClock(real)).toBe(real);
    let fired = 0;
    sim.setTimeout(() => fired++, HOUR); // one simulated hour = one real second
    real.advance(999);
    expect(fired).toBe(0);
    real.advance(1);
    expect(fired).toBe(1);
  });
});

describe('network I/O at --time-scale 3600', () => {
  let rx: Receiver | undefined;
  afterEach(async () => {
    await rx?.close();
    rx = undefined;
  });

  it('an attempt times out after 10 real seconds, not 10 simulated ones', async () => {
    const real = new ManualClock(T0);
    const sim = scaledClock(3600, real);
    rx = await startReceiver(sim, () => 'hang');
    const attempt = sendSigned({ url: rx.url, deliveryId: 'msg_1', secret: 'whsec_AAAA', body: '{}' }, { clock: sim, timeoutMs: 10_000 });
    await rx.waitFor(1);
    real.advance(9_999); // 9,999 real ms = 10 simulated hours: still waiting
    let settled = false;
    void attempt.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    real.advance(1);
    const result = await attempt;
    expect(result).toMatchObject({ statusCode: null, error: 'timeout: no answer within 10000 ms', latencyMs: 10_000 });
    expect(result.at).toBe(T0 + 10_000 * 3600);
  });

  it('retry backoff is real seconds: after a failed send the next one is 1 real second (1 simulated hour) later', async () => {
    const real = new ManualClock(T0);
    const dir = mkdtempSync(join(tmpdir(), 'outreach-scale-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const service = await createService({ dataDir: dir, clock: real, timeScale: 3600, activityIntervalMs: 0, logger: quiet });
    cleanups.push(() => service.close());
    rx = await startReceiver(service.clock, (n) => (n === 1 ? 500 : 200));
    service.webhooks.store.insertSubscription(subscription(rx.url, service.clock.now()));
    const [id] = service.webhooks.emitEvent('demo', ACCOUNT, 'connection.accepted', accepted(service.clock.now()));
    await service.webhooks.whenIdle();
    const pending = service.webhooks.store.getDelivery(id!)!;
    expect(pending).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: service.clock.now() + 1000 * 3600 });
    real.advance(1000);
    await service.webhooks.whenIdle();
    expect(service.webhooks.store.getDelivery(id!)).toMatchObject({ state: 'delivered', attempts: 2 });
  });
});

describe('simulated time survives a restart', () => {
  it('resumes where the last run left it, so a delivery that was due goes out at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outreach-scale-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const real = new ManualClock(T0);
    let service: Service = await createService({ dataDir: dir, clock: real, timeScale: 3600, activityIntervalMs: 0, logger: quiet });
    real.advance(10_000); // ten simulated hours
    const position = service.clock.now();
    expect(position).toBe(T0 + 10 * HOUR);
    // Saved every real second while running (so a kill -9 loses at most that).
    expect(Number(getMeta(service.db, SIM_CLOCK_META))).toBe(position);
    const rx = await startReceiver(service.clock, () => 200);
    cleanups.push(() => rx.close());
    // A delivery that fell due just before the process died, never sent.
    service.webhooks.store.insertSubscription(subscription(rx.url, position));
    await service.webhooks.stop();
    const [id] = service.webhooks.store.enqueue('demo', 'connection.accepted', JSON.stringify({ event: 'connection.accepted' }), position - 60_000);
    await service.close();

    // Restarted 5 real seconds later: wall time is far behind the simulated position.
    real.advance(5_000);
    service = await createService({ dataDir: dir, clock: real, timeScale: 3600, activityIntervalMs: 0, logger: quiet });
    cleanups.push(() => service.close());
    expect(service.clock.now()).toBe(position);
    await service.webhooks.whenIdle();
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.headers['webhook-id']).toBe(id);
    expect(service.webhooks.store.getDelivery(id!)!.state).toBe('delivered');
    // Without a time scale nothing is resumed or saved: the given clock is used as is.
    await service.close();
    const plain = await createService({ dataDir: dir, clock: real, activityIntervalMs: 0, logger: quiet });
    expect(plain.clock).toBe(real);
    await plain.close();
  });
});

function subscription(url: string, now: number) {
  return { id: 'wh_scale', userId: 'demo', url, events: ['connection.accepted' as const], description: null, createdAt: new Date(now).toISOString(), secret: 'whsec_AAAA' };
}
function accepted(now: number) {
  return { profileId: 'jane', fullName: 'Jane Doe', headline: 'CTO', connectionDate: new Date(now).toISOString() };
}

describe('outreach-mcp service --time-scale 3600', () => {
  it('registers a webhook whose receiver takes 300 ms to answer (the timeout is 10 real seconds)', async () => {
    const { spawn } = await import('node:child_process');
    const { createInterface } = await import('node:readline');
    const { createServer } = await import('node:http');
    const dir = mkdtempSync(join(tmpdir(), 'outreach-scale-cli-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const slow = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200).end(), 300);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => slow.close(resolve)));
    const child = spawn(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), 'service', '--data-dir', dir, '--time-scale', '3600'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OUTREACH_LOG_LEVEL: 'warn', OUTREACH_API_KEY: '' },
    });
    cleanups.push(() => child.kill('SIGKILL'));
    const ready = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))) as { baseUrl: string; apiKey: string };
    const port = (slow.address() as { port: number }).port;
    const res = await fetch(`${ready.baseUrl}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['lead.captured'] }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
});
