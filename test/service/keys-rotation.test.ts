import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LAST_USED_RESOLUTION_MS } from '../../src/service/accounts/keys.js';
import { ManualClock } from '../../src/util/clock.js';
import { startLive, type LiveService } from './http-harness.js';

/** Start-up keys rotate across restarts on one data directory; keys list tells origin and last use. */

let live: LiveService | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await live?.close();
  live = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'outreach-keys-'));
  dirs.push(d);
  return d;
};

const status = async (key: string) => (await live!.request('GET', '/accounts', { key })).status;
const restart = async (dir: string, clock: ManualClock, apiKey?: string) => {
  await live?.close();
  live = await startLive({ dataDir: dir, clock, ...(apiKey ? { apiKey } : {}) });
};

describe('start-up keys rotate', () => {
  it('each start installs one start-up key and revokes the previous one; created keys stay', async () => {
    const dir = newDir();
    const clock = new ManualClock('2026-01-05T09:00:00.000Z');
    await restart(dir, clock);
    const demo = live!.apiKey;
    const created = await live!.service.keys.create('demo', 'laptop', clock.now());

    await restart(dir, clock, 'first-start-up-key-0001');
    expect(await status('first-start-up-key-0001')).toBe(200);
    expect(await status(demo)).toBe(401); // the demo key was the previous start's key
    expect(await status(created.token)).toBe(200);

    await restart(dir, clock, 'second-start-up-key-0002');
    expect(await status('second-start-up-key-0002')).toBe(200);
    expect(await status('first-start-up-key-0001')).toBe(401);

    await restart(dir, clock); // no key: the demo key again, the same token
    expect(live!.apiKey).toBe(demo);
    expect(await status(demo)).toBe(200);
    expect(await status('second-start-up-key-0002')).toBe(401);
    expect(await status(created.token)).toBe(200);

    // A key rotated out comes back when it is given again.
    await restart(dir, clock, 'first-start-up-key-0001');
    expect(await status('first-start-up-key-0001')).toBe(200);
    expect(await status(demo)).toBe(401);

    const list = live!.service.keys.list('demo');
    expect(list.map((k) => [k.source, k.revokedBy, k.label]).sort()).toEqual([
      ['created', null, 'laptop'],
      ['demo', 'rotation', 'demo key'],
      ['startup', null, 'start-up key (--api-key / OUTREACH_API_KEY)'],
      ['startup', 'rotation', 'start-up key (--api-key / OUTREACH_API_KEY)'],
    ]);
    expect(JSON.stringify(list)).not.toContain('start-up-key-000');
  });

  it('a start-up key revoked by hand stays revoked: starting with it fails and says why', async () => {
    const dir = newDir();
    const clock = new ManualClock('2026-01-05T09:00:00.000Z');
    await restart(dir, clock, 'leaked-start-up-key-0003');
    const id = live!.service.keys.list().find((k) => k.source === 'startup')!.id;
    expect(live!.service.keys.revoke(id, clock.now())).toBe(true);
    expect(await status('leaked-start-up-key-0003')).toBe(401);
    await live!.close();
    live = undefined;
    await expect(startLive({ dataDir: dir, clock, apiKey: 'leaked-start-up-key-0003' })).rejects.toThrow(
      `the start-up key (--api-key / OUTREACH_API_KEY) is ${id}, revoked by hand on 2026-01-05T09:00:00.000Z; start with a new key`,
    );
    // A demo key revoked by hand is replaced by a new one (a new token).
    live = await startLive({ dataDir: dir, clock });
    const demo = live.apiKey;
    const demoId = live.service.keys.list().find((k) => k.source === 'demo' && !k.revokedAt)!.id;
    live.service.keys.revoke(demoId, clock.now());
    await restart(dir, clock);
    expect(live.apiKey).not.toBe(demo);
    expect(await status(live.apiKey)).toBe(200);
    expect(await status(demo)).toBe(401);
  });

  it('records when a key was last used, at most one write per key per minute, across restarts', async () => {
    const dir = newDir();
    const clock = new ManualClock('2026-01-05T09:00:00.000Z');
    await restart(dir, clock, 'used-start-up-key-0004');
    const lastUsed = () => live!.service.keys.list().find((k) => k.source === 'startup')!.lastUsedAt;
    expect(lastUsed()).toBeNull();
    expect(await status('used-start-up-key-0004')).toBe(200);
    expect(lastUsed()).toBe('2026-01-05T09:00:00.000Z');
    clock.advance(LAST_USED_RESOLUTION_MS - 1);
    expect(await status('used-start-up-key-0004')).toBe(200);
    expect(lastUsed()).toBe('2026-01-05T09:00:00.000Z'); // coalesced: no write
    clock.advance(1);
    expect(await status('used-start-up-key-0004')).toBe(200);
    expect(lastUsed()).toBe('2026-01-05T09:01:00.000Z');
    // A refused token marks nothing.
    clock.advance(5 * 60_000);
    expect(await status('not-a-key-at-all')).toBe(401);
    expect(lastUsed()).toBe('2026-01-05T09:01:00.000Z');

    await restart(dir, clock, 'used-start-up-key-0004');
    expect(lastUsed()).toBe('2026-01-05T09:01:00.000Z');
    expect(await status('used-start-up-key-0004')).toBe(200);
    expect(lastUsed()).toBe('2026-01-05T09:06:00.000Z');
    await live!.close();
    live = undefined;

    const cli = spawnSync(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), 'keys', 'list', '--data-dir', dir], { encoding: 'utf8' });
    expect(cli.status).toBe(0);
    const lines = cli.stdout.trim().split('\n');
    expect(lines[0]).toBe('id\tuser\tsource\tissued\tlast used\tstate\tlabel');
    // Started with a key from the first start on: no demo key was ever installed.
    expect(lines).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.stringMatching(/^key_static_\w+\tdemo\tstartup\t2026-01-05T09:00:00\.000Z\t2026-01-05T09:06:00\.000Z\tactive\tstart-up key/),
    );
  });
});
