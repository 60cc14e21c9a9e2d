import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/contract/index.js';
import { startAsHost, tempDir, type ServerConfig } from './host.js';

/**
 * README's MCP client configs, started as written. Each stdio config runs the way a host runs it:
 * working directory `/`, a fresh HOME (a new, empty embedded-service data dir), the config's env.
 * `/absolute/path/to/outreach-mcp` becomes this checkout. The `outreach-mcp` command comes from a
 * real `npm install -g .` of this checkout into a temporary prefix whose bin folder is put on PATH,
 * as a user's global npm bin folder is; the Node running the tests is first on PATH, so `node`
 * and the command's `#!/usr/bin/env node` run on it. What this cannot prove: that a particular
 * desktop app's PATH contains node or the npm bin folder (README says what to do when it does not).
 */

const root = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const PLACEHOLDER = '/absolute/path/to/outreach-mcp';

interface HostConfig {
  name: string;
  json: { mcpServers?: Record<string, HostEntry>; servers?: Record<string, HostEntry> };
}
interface HostEntry extends Partial<ServerConfig> {
  type?: string;
  url?: string;
}

const configs: HostConfig[] = [...readme.matchAll(/<!-- host-config: ([a-z-]+) -->\n```json\n([\s\S]*?)\n```/g)].map((m) => ({
  name: m[1]!,
  json: JSON.parse(m[2]!) as HostConfig['json'],
}));
const entryOf = (c: HostConfig): HostEntry => (c.json.mcpServers ?? c.json.servers)!.outreach!;
const stdioConfigs = configs.filter((c) => entryOf(c).command !== undefined);

const cleanups: (() => void)[] = [];
let globalBin = '';
beforeAll(() => {
  const prefix = tempDir('outreach-global-', cleanups);
  // What README's `npm install -g .` does, into a throwaway prefix instead of the machine's.
  execFileSync('npm', ['install', '-g', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', root], { stdio: 'pipe' });
  globalBin = join(prefix, 'bin');
}, 60_000);
afterAll(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

describe('README client configs', () => {
  it('cover Claude Desktop, Claude Code, VS Code, Cursor and HTTP, and every config block is one of them', () => {
    expect(configs.map((c) => c.name).sort()).toEqual(['claude-code', 'claude-desktop', 'cursor', 'http', 'vscode']);
    // A JSON block that starts a server but carries no marker would escape this test.
    const jsonBlocks = [...readme.matchAll(/```json\n([\s\S]*?)\n```/g)].filter((m) => /"(command|url)"/.test(m[1]!));
    expect(jsonBlocks).toHaveLength(configs.length);
  });

  it('never run an unpublished package name through npx', () => {
    expect(readme).not.toMatch(/npx\s+(-y\s+)?outreach-mcp(?!`: that name)/);
    for (const c of configs) expect(entryOf(c).command).not.toBe('npx');
  });

  it('point HTTP clients at the loopback Streamable HTTP endpoint the README command serves', () => {
    const http = entryOf(configs.find((c) => c.name === 'http')!);
    expect(http).toEqual({ type: 'http', url: 'http://127.0.0.1:3000/mcp' });
    expect(readme).toContain('outreach-mcp http --port 3000');
  });

  for (const config of stdioConfigs) {
    it(`${config.name}: starts as written and serves the tools and playbooks README promises`, async () => {
      const entry = entryOf(config);
      const server: ServerConfig = {
        command: entry.command!,
        args: (entry.args ?? []).map((a) => a.replace(PLACEHOLDER, root)),
        env: entry.env ?? {},
      };
      if (server.command === 'node') expect(entry.args?.[0]).toBe(`${PLACEHOLDER}/dist/cli.js`);
      else expect(server.command).toBe('outreach-mcp');
      const home = tempDir('outreach-home-', cleanups);
      const run = await startAsHost(server, home, [dirname(process.execPath), globalBin].join(delimiter));
      try {
        const toolsets = server.env!.OUTREACH_TOOLSETS!.split(',');
        expect(toolsets).toEqual(['account', 'search', 'actions', 'messaging']);
        const { tools } = await run.client.listTools();
        expect(tools.map((t) => t.name)).toEqual(ENDPOINTS.filter((e) => toolsets.includes(e.toolset)).map((e) => e.tool));
        const { prompts } = await run.client.listPrompts();
        expect(prompts.map((p) => p.name).sort()).toEqual(['account_health', 'find_and_connect', 'follow_up_accepted', 'triage_inbox']);
      } finally {
        await run.close();
      }
    }, 60_000);
  }
});
