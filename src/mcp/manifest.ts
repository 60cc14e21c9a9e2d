import type { AnyEndpoint } from '../contract/index.js';

/**
 * The MCP bundle manifest (manifest.json) for desktop clients, generated from
 * the contract table so its tool list can never drift from the server's.
 * `npm run manifest` writes it; a test fails when the file is out of date.
 */

export const MANIFEST_VERSION = '0.3';

export interface ManifestInfo {
  version: string;
  description: string;
}

/** user_config key → environment variable the server reads. */
export const USER_CONFIG_ENV: Record<string, string> = {
  api_key: 'OUTREACH_API_KEY',
  base_url: 'OUTREACH_BASE_URL',
  default_account: 'OUTREACH_ACCOUNT_ID',
  toolsets: 'OUTREACH_TOOLSETS',
  read_only: 'OUTREACH_READ_ONLY',
  confirm: 'OUTREACH_CONFIRM',
  working_hours: 'OUTREACH_WORKING_HOURS',
  write_jitter: 'OUTREACH_WRITE_JITTER',
};

export function buildManifest(endpoints: readonly AnyEndpoint[], info: ManifestInfo): Record<string, unknown> {
  return {
    manifest_version: MANIFEST_VERSION,
    name: 'outreach-mcp',
    display_name: 'Outreach MCP',
    version: info.version,
    description: info.description,
    long_description:
      'Lets an AI agent drive professional-network outreach safely: per-minute limits and daily/weekly quotas are ' +
      'enforced before anything is sent, quota is readable for free, and a read-only mode keeps an agent harmless. ' +
      'With no API key it runs a complete embedded service with a synthetic network, so it works with no outside account.',
    author: { name: 'outreach-mcp contributors' },
    license: 'MIT',
    keywords: ['mcp', 'outreach', 'professional-network', 'automation'],
    server: {
      type: 'node',
      entry_point: 'dist/cli.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/dist/cli.js'],
        env: Object.fromEntries(Object.entries(USER_CONFIG_ENV).map(([key, env]) => [env, `\${user_config.${key}}`])),
      },
    },
    tools: endpoints.map((e) => ({ name: e.tool, description: e.description })),
    tools_generated: false,
    // The bundle carries no native module: the store uses node:sqlite, built into Node >= 22.13 on every OS.
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=22.13.0' } },
    user_config: {
      api_key: {
        type: 'string',
        title: 'API key',
        description: 'API key of the outreach service. Leave empty to use the embedded service.',
        sensitive: true,
        required: false,
        default: '',
      },
      base_url: {
        type: 'string',
        title: 'Service base URL',
        description: 'Base URL of a remote outreach service (needs the API key). Leave empty for the embedded service.',
        required: false,
        default: '',
      },
      default_account: {
        type: 'string',
        title: 'Default account',
        description: 'Account id (24 hex characters) used when a tool call names none. Leave empty for the service default.',
        required: false,
        default: '',
      },
      toolsets: {
        type: 'string',
        title: 'Toolsets',
        description: 'Comma-separated toolsets to offer (account, actions, messaging, posts, search, salesnav, groups, profiles). Empty: all.',
        required: false,
        default: '',
      },
      read_only: {
        type: 'boolean',
        title: 'Read-only',
        description: 'Offer only tools that change nothing.',
        required: false,
        default: false,
      },
      confirm: {
        type: 'string',
        title: 'Ask before writes',
        description: 'sends (default: messages, InMail, invitations, unfollow), all, or off.',
        required: false,
        default: 'sends',
      },
      working_hours: {
        type: 'string',
        title: 'Working hours',
        description: 'Send only in these hours, e.g. "Europe/Paris Mon-Fri 09:00-18:00". Empty: any time.',
        required: false,
        default: '',
      },
      write_jitter: {
        type: 'string',
        title: 'Pause between writes',
        description: 'Random pause between writes on one account, in seconds, e.g. "30-90". Empty: none.',
        required: false,
        default: '',
      },
    },
  };
}

/** The file's exact text: two-space JSON and a final newline. */
export function manifestText(endpoints: readonly AnyEndpoint[], info: ManifestInfo): string {
  return `${JSON.stringify(buildManifest(endpoints, info), null, 2)}\n`;
}
