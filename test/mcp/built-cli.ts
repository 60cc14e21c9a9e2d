import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Spawning the built CLI the way a host does, for the end-to-end tests (every vitest run builds dist first). */

export const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;

/** Fresh data directories, removed by `removeAll` (call it in afterAll). */
export function tempDataDirs(prefix: string): { dataDir(): string; removeAll(): void } {
  const dirs: string[] = [];
  return {
    dataDir() {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** The environment minus any OUTREACH_* the developer has set, plus overrides. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('OUTREACH_')) env[k] = v;
  return { ...env, OUTREACH_LOG_LEVEL: 'warn', ...extra };
}

/** Spawns `dist/cli.js http --port 0 …` and resolves with its base URL from the ready line on stderr. */
export function spawnHttp(args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'http', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${err}`)), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /MCP over HTTP at (http:\/\/\S+)\/mcp/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}; stderr: ${err}`));
    });
  });
}
