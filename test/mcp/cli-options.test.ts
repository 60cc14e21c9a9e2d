import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { OPTION_SPECS, commandHelp, parseCliOptions, type McpCliConfig } from '../../src/cli/options.js';
import { splitCommand, usage } from '../../src/cli/commands.js';

function config(command: 'stdio' | 'http', argv: string[], env: NodeJS.ProcessEnv = {}): McpCliConfig {
  const r = parseCliOptions(command, argv, env);
  if (r.help) throw new Error('unexpected help');
  return r.config;
}

describe('MCP command-line options', () => {
  it('defaults to the embedded service, all tools, loopback port 3000', () => {
    expect(config('http', [])).toEqual({ readOnly: false, confirm: 'sends', logLevel: 'info', port: 3000, host: '127.0.0.1', secretFlags: [] });
  });

  it('reads every setting from the environment, and flags win over it', () => {
    const env = {
      OUTREACH_BASE_URL: 'https://svc.example',
      OUTREACH_API_KEY: 'env-key',
      OUTREACH_TOOLSETS: 'account, actions',
      OUTREACH_READ_ONLY: '1',
      OUTREACH_ACCOUNT_ID: 'a'.repeat(24),
      OUTREACH_MCP_PORT: '4000',
      OUTREACH_MCP_TOKEN: 'tok',
      OUTREACH_WEBHOOK_PORT: '0',
      OUTREACH_WEBHOOK_SECRET: 'whsec',
      OUTREACH_LOG_LEVEL: 'debug',
    };
    expect(config('http', [], env)).toMatchObject({
      baseUrl: 'https://svc.example',
      apiKey: 'env-key',
      toolsets: ['account', 'actions'],
      readOnly: true,
      account: 'a'.repeat(24),
      port: 4000,
      authToken: 'tok',
      webhookPort: 0,
      webhookSecret: 'whsec',
      logLevel: 'debug',
      secretFlags: [],
    });
    const c = config('http', ['--port', '5000', '--toolsets', 'search', '--api-key', 'flag-key'], env);
    expect(c).toMatchObject({ port: 5000, toolsets: ['search'], apiKey: 'flag-key', secretFlags: ['--api-key'] });
  });

  it('refuses bad settings at start-up with a message naming the setting', () => {
    expect(() => config('stdio', ['--toolsets', 'account,bogus'])).toThrow(
      'Unknown toolset "bogus". Valid toolsets: account, actions, messaging, posts, search, salesnav, groups, profiles (or "all").',
    );
    expect(() => config('stdio', [], { OUTREACH_BASE_URL: 'https://svc.example' })).toThrow(/needs an API key: set OUTREACH_API_KEY/);
    expect(() => config('stdio', ['--account', 'nope'])).toThrow('--account: Invalid account ID format');
    expect(() => config('stdio', [], { OUTREACH_ACCOUNT_ID: 'nope' })).toThrow('OUTREACH_ACCOUNT_ID: Invalid account ID format');
    expect(() => config('stdio', ['--webhook-port', '8080'])).toThrow(/needs a secret.*OUTREACH_WEBHOOK_SECRET/);
    expect(() => config('http', ['--port', '70000'])).toThrow('--port must be a port number from 0 to 65535, got "70000"');
    expect(() => config('stdio', [], { OUTREACH_READ_ONLY: 'maybe' })).toThrow(/OUTREACH_READ_ONLY must be/);
    expect(() => config('stdio', ['--base-url', 'ftp://x', '--api-key', 'k'])).toThrow(/must be an http\(s\) URL/);
    expect(() => config('stdio', ['--port', '1'])).toThrow(/Unknown option '--port'/);
  });

  it('never echoes a secret in an error', () => {
    try {
      config('stdio', ['--api-key', 'sk-very-secret', '--account', 'bad']);
    } catch (err) {
      expect(String(err)).not.toContain('sk-very-secret');
    }
  });

  it('documents every flag and its environment variable in --help', () => {
    expect(parseCliOptions('http', ['--help'])).toEqual({ help: true });
    const text = usage();
    for (const spec of OPTION_SPECS) {
      expect(text).toContain(`--${spec.flag}`);
      expect(text).toContain(spec.env);
    }
    expect(commandHelp('stdio')).not.toContain('--auth-token');
    expect(commandHelp('http')).toContain('--auth-token');
  });
});

describe('desktop bundle environment', () => {
  it('treats empty values and unfilled ${user_config.x} placeholders as not set', () => {
    const env = {
      OUTREACH_API_KEY: '${user_config.api_key}',
      OUTREACH_BASE_URL: '',
      OUTREACH_ACCOUNT_ID: '${user_config.default_account}',
      OUTREACH_TOOLSETS: '',
      OUTREACH_READ_ONLY: 'false',
    };
    expect(config('stdio', [], env)).toEqual({ readOnly: false, confirm: 'sends', logLevel: 'info', port: 3000, host: '127.0.0.1', secretFlags: [] });
    expect(config('stdio', [], { ...env, OUTREACH_READ_ONLY: 'true' }).readOnly).toBe(true);
  });

  it('asks before sends by default; --confirm all|sends|off, --confirm-writes and their env vars', () => {
    expect(config('stdio', []).confirm).toBe('sends');
    expect(config('stdio', ['--confirm', 'off']).confirm).toBe('off');
    expect(config('stdio', ['--confirm-writes']).confirm).toBe('all');
    expect(config('stdio', [], { OUTREACH_CONFIRM: 'ALL' }).confirm).toBe('all');
    expect(config('stdio', [], { OUTREACH_CONFIRM_WRITES: '1', OUTREACH_CONFIRM: 'off' }).confirm).toBe('all');
    expect(() => config('stdio', ['--confirm', 'maybe'])).toThrow('--confirm must be one of all, sends, off, got "maybe"');
  });

  it('takes working hours and write jitter, naming the option when a spec is wrong', () => {
    expect(config('stdio', ['--working-hours', 'Europe/Paris Mon-Fri 09:00-18:00', '--write-jitter', '30-90'])).toMatchObject({
      workingHours: 'Europe/Paris Mon-Fri 09:00-18:00',
      writeJitter: '30-90',
    });
    expect(() => config('stdio', ['--working-hours', 'Europe/Paris Someday 09:00-18:00'])).toThrow('--working-hours: working hours: unknown day "Someday"');
    expect(() => config('stdio', [], { OUTREACH_WRITE_JITTER: 'soon' })).toThrow('OUTREACH_WRITE_JITTER: write jitter: expected "MIN-MAX" seconds');
  });

  it('takes a Redis URL for shared limits, refusing other schemes', () => {
    expect(config('http', [], { OUTREACH_REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => config('http', ['--redis-url', 'http://x'])).toThrow('--redis-url must start with redis:// or rediss://, got "http://x"');
  });
});

describe('command word and --help', () => {
  it('finds the command wherever it stands, never taking a flag value for it', () => {
    expect(splitCommand(['--port', '3000', 'http'])).toEqual({ word: 'http', rest: ['--port', '3000'] });
    expect(splitCommand(['http', '--port', '3000'])).toEqual({ word: 'http', rest: ['--port', '3000'] });
    expect(splitCommand(['--read-only', 'http', '--port=3000'])).toEqual({ word: 'http', rest: ['--read-only', '--port=3000'] });
    expect(splitCommand(['--seed', 'http'])).toEqual({ rest: ['--seed', 'http'] });
    expect(splitCommand(['--data-dir', 'd', 'keys', 'revoke', 'k1'])).toEqual({ word: 'keys', rest: ['--data-dir', 'd', 'revoke', 'k1'] });
    expect(splitCommand(['--json', 'audit'])).toEqual({ word: 'audit', rest: ['--json'] });
    expect(splitCommand([])).toEqual({ rest: [] });
  });

  it('groups flags by the mode they work in', () => {
    const text = usage();
    const shared = text.slice(text.indexOf('MCP server options, for stdio and http'), text.indexOf('HTTP server options'));
    const httpOnly = text.slice(text.indexOf('HTTP server options'), text.indexOf('-h, --help'));
    const flagsIn = (section: string) => [...section.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
    expect(flagsIn(shared)).toEqual(OPTION_SPECS.filter((s) => s.commands.includes('stdio')).map((s) => s.flag));
    expect(flagsIn(httpOnly)).toEqual(['port', 'host', 'auth-token', 'max-sessions', 'session-idle', 'state-secret', 'allowed-hosts']);
    expect(flagsIn(httpOnly)).toEqual(OPTION_SPECS.filter((s) => !s.commands.includes('stdio')).map((s) => s.flag));
    const http = commandHelp('http');
    expect(http.indexOf('--auth-token')).toBeLessThan(http.indexOf('Options shared with stdio'));
  });
});

describe('built CLI (dist/cli.js)', () => {
  const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  /** Runs the CLI until it exits, or until its stderr matches `until` (then stops it). */
  function runCli(args: string[], until?: RegExp): Promise<{ code: number | null; stderr: string; stdout: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'outreach-cli-order-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dataDir, OUTREACH_DATA_DIR: dataDir, OUTREACH_LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => child.kill('SIGKILL'));
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    return new Promise((resolve) => {
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (until?.test(stderr)) child.kill('SIGTERM');
      });
      child.on('close', (code) => resolve({ code, stderr, stdout }));
    });
  }

  it('serves HTTP with the flags before the command word as after it', async () => {
    for (const args of [['--port', '0', 'http'], ['http', '--port', '0']]) {
      const r = await runCli(args, /MCP over HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp/);
      expect(r.stderr, args.join(' ')).toMatch(/MCP over HTTP at http:\/\/127\.0\.0\.1:(?!3000)\d+\/mcp/);
    }
  }, 60_000);

  it('takes a flag value that looks like a command as the value', async () => {
    // "http" is the seed here, so this is the stdio server, which has no --port.
    const r = await runCli(['--seed', 'http', '--port', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Unknown option '--port'");
  });

  it('prints the grouped help on stderr, stdout staying empty', async () => {
    const general = await runCli(['--help']);
    expect(general.code).toBe(0);
    expect(general.stdout).toBe('');
    expect(general.stderr).toBe(usage());
    const http = await runCli(['--port', '0', 'http', '--help']);
    expect(http.stderr).toBe(commandHelp('http'));
  });
});
