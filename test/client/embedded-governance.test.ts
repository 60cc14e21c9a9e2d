import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openSqlite } from '../../src/service/store/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { endpointById } from '../../src/contract/index.js';
import { AuditLog } from '../../src/service/audit/log.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { generateWorld } from '../../src/service/world/index.js';
import { createLogger } from '../../src/util/logger.js';

/**
 * The governed client against the real embedded service, run as its own
 * process (`outreach-mcp service --time-scale 15`: its minute lasts 4 s) with
 * the client's window scaled the same way: 200 writes issued at once over 4
 * accounts. The service's own audit log gives the times it performed them.
 */
const SCALE = 15;
const WINDOW_MS = 60_000 / SCALE;
const quiet = createLogger('test', 'silent');

const CLI = join(process.cwd(), 'dist', 'cli.js');
let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  child = undefined;
  dir = undefined;
});

async function startServiceProcess(dataDir: string): Promise<{ baseUrl: string; apiKey: string }> {
  child = spawn(process.execPath, [CLI, 'service', '--data-dir', dataDir, '--time-scale', String(SCALE)], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, OUTREACH_LOG_LEVEL: 'silent' },
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child!.stdout! }).once('line', resolve));
  return JSON.parse(line) as { baseUrl: string; apiKey: string };
}

describe('governed client on the embedded service', () => {
  it('200 writes at once over 4 accounts: zero 429 answers, never more than 15 in a minute, each window used in full', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outreach-gov-'));
    const service = await startServiceProcess(dir);
    // The client counts each call's window from its answer, so loopback jitter on a busy machine needs no spacing margin.
    const client = createClient({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      logger: quiet,
      windowMs: WINDOW_MS,
      maxWaitMs: 30_000,
    });
    const accounts = [DEMO_ACCOUNTS.salesNavigator, DEMO_ACCOUNTS.businessPremium, DEMO_ACCOUNTS.recruiter, DEMO_ACCOUNTS.free];
    // The service's world is the default seed's; the same generator gives the same posts here.
    const epoch = Number((openSqlite(join(dir, 'outreach.db'), { readonly: true }).prepare("SELECT value FROM meta WHERE key = 'world_epoch'").get() as { value: string }).value);
    const posts = generateWorld('outreach', { epochMs: epoch }).posts.filter((p) => p.visibility === 'PUBLIC').slice(0, 50);
    const react = endpointById('E3')!;
    try {
      // A session's first reads: the quota report, and one feed page, which makes the embedded service build
      // its world and each account's view (a one-off stall of its event loop that would skew the timing).
      await Promise.all(accounts.map((a) => client.quota(a)));
      for (const a of accounts) await client.call(endpointById('E1')!, { accountId: a });
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          client.call(react, { accountId: accounts[i % 4], postUrn: posts[Math.floor(i / 4)]!.activityUrn, reactionType: 'LIKE' }),
        ),
      );
      expect(results).toHaveLength(200);
      expect(client.stats().rateLimited).toBe(0);

      const db = openSqlite(join(dir, 'outreach.db'), { readonly: true });
      const audit = new AuditLog(db, () => 0);
      for (const account of accounts) {
        // Service-clock times of the writes the service performed.
        const times = audit.list({ accountId: account, limit: 1000 }).map((e) => Date.parse(e.at)).sort((a, b) => a - b);
        expect(times).toHaveLength(50);
        // Service minutes (its clock runs 15x): never more than the limit in any sliding minute ...
        for (let i = 15; i < times.length; i++) expect(times[i]! - times[i - 15]!).toBeGreaterThanOrEqual(60_000);
        // ... and the burst mode uses each minute's allowance: 15, 15, 15, then the last 5, one minute apart.
        expect(times[14]! - times[0]!).toBeLessThan(60_000);
        expect(times[49]! - times[0]!).toBeLessThan(3 * 60_000 * 1.05);
        const report = (await client.quota(account)).quotas.find((q) => q.feature === 'REACT')!;
        expect(report.used).toBe(50);
      }
      db.close();
    } finally {
      await client.close();
    }
  }, 60_000);
});
