import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

/** The built CLI (every vitest run builds first: test/support/fresh-build.ts). */
const CLI = join(process.cwd(), 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startServiceProcess(args: string[]) {
  const child = spawn(process.execPath, [CLI, 'service', '--data-dir', dir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`service exited ${code}: ${stderr}`)));
  });
  return { child, firstLine, stderr: () => stderr };
}

describe('outreach-mcp service / keys', () => {
  it('prints one ready line with a working key, logs only to stderr, never the key, and stops on SIGTERM', async () => {
    const proc = startServiceProcess(['--api-key', 'cli-test-key-123']);
    const ready = JSON.parse(await proc.firstLine) as { baseUrl: string; apiKey: string };
    expect(ready).toEqual({ baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), apiKey: 'cli-test-key-123' });
    const res = await fetch(`${ready.baseUrl}/accounts`, { headers: { authorization: `Bearer ${ready.apiKey}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { accounts: unknown[] }).accounts).toHaveLength(7);
    const exited = new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
    proc.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(proc.stderr()).toContain('service ready');
    expect(proc.stderr()).not.toContain('cli-test-key-123');
  });

  it('creates, lists and revokes keys in the same data directory', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'keys', ...args, '--data-dir', dir], { encoding: 'utf8' });
    const created = run('create', '--label', 'laptop');
    expect(created.status).toBe(0);
    const token = created.stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    const keyId = /Created (key_\w+)/.exec(created.stderr)![1]!;
    const listed = JSON.parse(run('list', '--json').stdout) as Array<{ id: string; label: string; revokedAt: string | null }>;
    expect(listed.find((k) => k.id === keyId)).toMatchObject({ label: 'laptop', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(run('revoke', keyId).status).toBe(0);
    const after = JSON.parse(run('list', '--json').stdout) as Array<{ id: string; revokedAt: string | null }>;
    expect(after.find((k) => k.id === keyId)!.revokedAt).not.toBeNull();
    const again = run('revoke', keyId);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`no active key "${keyId}"`);
  });

  it('lists recent writes with outreach-mcp audit, never message text', async () => {
    const { startService } = await import('../../src/service/index.js');
    const { createLogger } = await import('../../src/util/logger.js');
    const running = await startService({ dataDir: dir, activityIntervalMs: 0, logger: createLogger('test', 'silent') });
    try {
      const post = running.service.deps.world().posts.find((p) => p.visibility === 'PUBLIC' && p.canComment)!;
      const res = await fetch(`${running.baseUrl}/posts/comment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${running.apiKey}`, 'content-type': 'application/json', 'idempotency-key': 'audit-cli-1' },
        body: JSON.stringify({ postUrn: post.activityUrn, commentText: 'a private thought' }),
      });
      expect(res.status).toBe(200);
    } finally {
      await running.close();
    }
    const out = spawnSync(process.execPath, [CLI, 'audit', '--json', '--data-dir', dir], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    const entries = JSON.parse(out.stdout) as Array<Record<string, unknown>>;
    expect(entries[0]).toMatchObject({ tool: 'comment_on_post', endpointId: 'E4', idempotencyKey: 'audit-cli-1', status: 200, userId: 'demo' });
    expect(out.stdout).not.toContain('a private thought');
    const bad = spawnSync(process.execPath, [CLI, 'audit', '--account', 'xyz', '--data-dir', dir], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--account: Invalid account ID format');
  });
});
