import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

/** The built CLI (npm test builds first). */
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
});
