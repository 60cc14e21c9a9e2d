import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb/node';
import { ENDPOINTS } from '../../src/contract/index.js';
import { OPTION_SPECS } from '../../src/cli/options.js';
import { MANIFEST_VERSION, USER_CONFIG_ENV, manifestText } from '../../src/mcp/manifest.js';

const root = new URL('../../', import.meta.url);
const onDisk = readFileSync(new URL('manifest.json', root), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string; description: string };

describe('manifest.json', () => {
  it('is in sync with the contract table (run `npm run manifest` when this fails)', () => {
    expect(onDisk).toBe(manifestText(ENDPOINTS, { version: pkg.version, description: pkg.description }));
  });

  it('lists exactly the tools of the table', () => {
    const manifest = JSON.parse(onDisk) as { tools: { name: string }[] };
    expect(manifest.tools.map((t) => t.name)).toEqual(ENDPOINTS.map((e) => e.tool));
  });

  it('is a valid MCP bundle manifest for the version it declares', () => {
    const manifest = JSON.parse(onDisk) as Record<string, unknown>;
    expect(manifest.manifest_version).toBe(MANIFEST_VERSION);
    const result = MANIFEST_SCHEMAS[MANIFEST_VERSION].safeParse(manifest);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('maps every user setting to an environment variable the server reads, the API key as sensitive', () => {
    const manifest = JSON.parse(onDisk) as {
      server: { mcp_config: { env: Record<string, string> } };
      user_config: Record<string, { sensitive?: boolean }>;
    };
    const envVars = new Set(OPTION_SPECS.map((s) => s.env));
    for (const [key, env] of Object.entries(USER_CONFIG_ENV)) {
      expect(manifest.user_config).toHaveProperty(key);
      expect(envVars.has(env)).toBe(true);
      expect(manifest.server.mcp_config.env[env]).toBe(`\${user_config.${key}}`);
    }
    expect(manifest.user_config.api_key!.sensitive).toBe(true);
  });
});
