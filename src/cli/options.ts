import { parseArgs } from 'node:util';
import { ACCOUNT_ID_PATTERN, TOOLSETS, type Toolset } from '../contract/index.js';
import { parsePacing } from '../client/pacing.js';
import { PACE_MODES, type PaceMode } from '../client/limiter.js';
import { CONFIRM_MODES, type ConfirmMode } from '../mcp/confirm.js';
import { parseBooleanEnv, parseToolsets } from '../mcp/selection.js';

/**
 * The MCP server's command-line options, each with its environment variable.
 * One table drives parsing, precedence (flag > env > default) and --help.
 */

type Command = 'stdio' | 'http';

interface OptionSpec {
  flag: string;
  env: string;
  type: 'string' | 'boolean';
  arg?: string;
  help: string;
  commands: readonly Command[];
  /** Secret: discouraged on the command line, where other local users can read it. */
  secret?: boolean;
}

const BOTH: readonly Command[] = ['stdio', 'http'];

export const OPTION_SPECS: readonly OptionSpec[] = [
  { flag: 'base-url', env: 'OUTREACH_BASE_URL', type: 'string', arg: 'URL', commands: BOTH, help: 'Remote service to use instead of the embedded one (needs an API key)' },
  { flag: 'api-key', env: 'OUTREACH_API_KEY', type: 'string', arg: 'KEY', commands: BOTH, secret: true, help: 'API key for the service; prefer the env var (a flag shows in the process list)' },
  { flag: 'data-dir', env: 'OUTREACH_DATA_DIR', type: 'string', arg: 'DIR', commands: BOTH, help: 'Embedded service data directory (default: per-user data dir)' },
  { flag: 'seed', env: 'OUTREACH_SEED', type: 'string', arg: 'SEED', commands: BOTH, help: 'Seed of the embedded synthetic network (default: outreach)' },
  { flag: 'account', env: 'OUTREACH_ACCOUNT_ID', type: 'string', arg: 'ID', commands: BOTH, help: 'Default account (24 hex) for tools whose accountId is optional' },
  { flag: 'toolsets', env: 'OUTREACH_TOOLSETS', type: 'string', arg: 'LIST', commands: BOTH, help: `Comma-separated toolsets to serve: ${TOOLSETS.join(', ')} (default: all)` },
  { flag: 'read-only', env: 'OUTREACH_READ_ONLY', type: 'boolean', commands: BOTH, help: 'Serve only read-only tools (env: 1/true)' },
  { flag: 'confirm', env: 'OUTREACH_CONFIRM', type: 'string', arg: 'MODE', commands: BOTH, help: 'Ask the user (MCP elicitation) before writes: sends (default: messages, InMail, invitations, unfollow), all, or off' },
  { flag: 'confirm-writes', env: 'OUTREACH_CONFIRM_WRITES', type: 'boolean', commands: BOTH, help: 'Same as --confirm all (env: 1/true)' },
  { flag: 'working-hours', env: 'OUTREACH_WORKING_HOURS', type: 'string', arg: 'SPEC', commands: BOTH, help: 'Writes only in these hours: "Europe/Paris Mon-Fri 09:00-18:00", or per account "ID=SPEC;*=SPEC"' },
  { flag: 'write-jitter', env: 'OUTREACH_WRITE_JITTER', type: 'string', arg: 'MIN-MAX', commands: BOTH, help: 'Random pause between writes on one account, in seconds (e.g. 30-90)' },
  { flag: 'pace', env: 'OUTREACH_PACE', type: 'string', arg: 'MODE', commands: BOTH, help: 'burst (default: a call goes out while the service\'s per-minute window has room, so no waiting the service would not impose) or even (also at most one call per 60 s/limit per account and group: smoother, slower)' },
  { flag: 'webhook-port', env: 'OUTREACH_WEBHOOK_PORT', type: 'string', arg: 'N', commands: BOTH, help: 'Receive the service webhooks on this port (needs --webhook-secret)' },
  { flag: 'webhook-secret', env: 'OUTREACH_WEBHOOK_SECRET', type: 'string', arg: 'SECRET', commands: BOTH, secret: true, help: 'Secret that verifies X-Service-Signature on received webhooks' },
  { flag: 'redis-url', env: 'OUTREACH_REDIS_URL', type: 'string', arg: 'URL', commands: BOTH, help: 'Share per-minute limits with other server processes through this Redis (redis:// or rediss://)' },
  { flag: 'log-level', env: 'OUTREACH_LOG_LEVEL', type: 'string', arg: 'LEVEL', commands: BOTH, help: 'fatal, error, warn, info, debug, trace or silent (default: info; logs go to stderr)' },
  { flag: 'port', env: 'OUTREACH_MCP_PORT', type: 'string', arg: 'N', commands: ['http'], help: 'HTTP port (default: 3000; 0 = any free port)' },
  { flag: 'host', env: 'OUTREACH_MCP_HOST', type: 'string', arg: 'HOST', commands: ['http'], help: 'Address to bind (default: 127.0.0.1; anything else needs --auth-token)' },
  { flag: 'auth-token', env: 'OUTREACH_MCP_TOKEN', type: 'string', arg: 'TOKEN', commands: ['http'], secret: true, help: 'Bearer token clients must send (required beyond loopback)' },
  { flag: 'max-sessions', env: 'OUTREACH_MCP_MAX_SESSIONS', type: 'string', arg: 'N', commands: ['http'], help: 'Most open 2025-era sessions (Streamable HTTP and SSE); more get 503 (default: 200)' },
  { flag: 'session-idle', env: 'OUTREACH_MCP_SESSION_IDLE', type: 'string', arg: 'SECONDS', commands: ['http'], help: 'Close a 2025-era session idle this long (default: 1800)' },
  { flag: 'state-secret', env: 'OUTREACH_STATE_SECRET', type: 'string', arg: 'SECRET', commands: ['http'], secret: true, help: 'Key (32+ chars) signing confirmation state; replicas behind one address need the same (default: derived from the API key)' },
  { flag: 'conformance-fixtures', env: 'OUTREACH_TEST_CONFORMANCE_FIXTURES', type: 'boolean', commands: BOTH, help: 'Test only: also serve the MCP conformance suite fixture tools, resources and prompts' },
  { flag: 'allowed-hosts', env: 'OUTREACH_MCP_ALLOWED_HOSTS', type: 'string', arg: 'LIST', commands: ['http'], help: 'Extra Host/Origin names to accept, comma-separated' },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface McpCliConfig {
  baseUrl?: string;
  apiKey?: string;
  dataDir?: string;
  seed?: string;
  account?: string;
  toolsets?: Toolset[];
  readOnly: boolean;
  confirm: ConfirmMode;
  workingHours?: string;
  writeJitter?: string;
  pace?: PaceMode;
  redisUrl?: string;
  webhookPort?: number;
  webhookSecret?: string;
  logLevel: string;
  port: number;
  host: string;
  authToken?: string;
  allowedHosts?: string[];
  maxSessions?: number;
  /** Milliseconds. */
  sessionIdleMs?: number;
  stateSecret?: string;
  /** Test only: serve the conformance suite's fixtures too. */
  conformanceFixtures?: true;
  /** Secrets given as flags rather than env vars (to warn about). */
  secretFlags: string[];
}

export type ParseResult = { help: true } | { help: false; config: McpCliConfig };

function port(name: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, got "${value}"`);
  }
  return n;
}

/** Empty values, and a desktop host's unfilled `${user_config.x}` placeholder, mean "not set". */
function nonEmpty(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === '' || /^\$\{user_config\.[^}]+\}$/.test(v)) return undefined;
  return v;
}

/** Parses argv and env for one command; throws an Error with a clear message on bad input. */
export function parseCliOptions(command: Command, argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ParseResult {
  const specs = OPTION_SPECS.filter((s) => s.commands.includes(command));
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const s of specs) options[s.flag] = { type: s.type };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nRun "outreach-mcp ${command} --help" for the options.`);
  }
  if (values.help) return { help: true };

  const get = (flag: string): string | undefined => {
    const spec = specs.find((s) => s.flag === flag)!;
    const v = values[flag];
    return typeof v === 'string' ? v : nonEmpty(env[spec.env]);
  };
  const described = (flag: string): string => {
    const spec = specs.find((s) => s.flag === flag)!;
    return typeof values[flag] === 'string' ? `--${flag}` : spec.env;
  };

  const baseUrl = get('base-url');
  if (baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new Error(`${described('base-url')} must be an http(s) URL, got "${baseUrl}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${described('base-url')} must be an http(s) URL, got "${baseUrl}"`);
  }
  const apiKey = get('api-key');
  if (baseUrl !== undefined && apiKey === undefined) {
    throw new Error('A remote service (OUTREACH_BASE_URL / --base-url) needs an API key: set OUTREACH_API_KEY.');
  }
  const account = get('account');
  if (account !== undefined && !ACCOUNT_ID_PATTERN.test(account)) {
    throw new Error(`${described('account')}: Invalid account ID format (expected 24 hex characters), got "${account}"`);
  }
  const readOnlyFlag = values['read-only'] === true;
  const readOnly = readOnlyFlag || (parseBooleanEnv('OUTREACH_READ_ONLY', nonEmpty(env.OUTREACH_READ_ONLY)) ?? false);
  const confirmWrites = values['confirm-writes'] === true || (parseBooleanEnv('OUTREACH_CONFIRM_WRITES', nonEmpty(env.OUTREACH_CONFIRM_WRITES)) ?? false);
  const confirmText = get('confirm')?.toLowerCase();
  if (confirmText !== undefined && !(CONFIRM_MODES as readonly string[]).includes(confirmText)) {
    throw new Error(`${described('confirm')} must be one of ${CONFIRM_MODES.join(', ')}, got "${confirmText}"`);
  }
  const confirm: ConfirmMode = confirmWrites ? 'all' : ((confirmText as ConfirmMode | undefined) ?? 'sends');
  const workingHours = get('working-hours');
  const writeJitter = get('write-jitter');
  // Checked here so a bad spec stops start-up with the option's name.
  for (const [flag, check] of [
    ['working-hours', () => parsePacing(workingHours, undefined)],
    ['write-jitter', () => parsePacing(undefined, writeJitter)],
  ] as const) {
    try {
      check();
    } catch (err) {
      throw new Error(`${described(flag)}: ${(err as Error).message}`);
    }
  }
  const paceText = get('pace')?.toLowerCase();
  if (paceText !== undefined && !(PACE_MODES as readonly string[]).includes(paceText)) throw new Error(`${described('pace')} must be one of ${PACE_MODES.join(', ')}, got "${paceText}"`);
  const redisUrl = get('redis-url');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) throw new Error(`${described('redis-url')} must start with redis:// or rediss://, got "${redisUrl}"`);
  const webhookPortText = get('webhook-port');
  const webhookPort = webhookPortText !== undefined ? port(described('webhook-port'), webhookPortText) : undefined;
  const webhookSecret = get('webhook-secret');
  if (webhookPort !== undefined && !webhookSecret) {
    throw new Error('Receiving webhooks needs a secret to verify them: set OUTREACH_WEBHOOK_SECRET (or --webhook-secret).');
  }
  const logLevel = (get('log-level') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`${described('log-level')} must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const portText = command === 'http' ? get('port') : undefined;
  const allowedHosts = command === 'http' ? get('allowed-hosts') : undefined;

  const positive = (flag: string): number | undefined => {
    const text = command === 'http' ? get(flag) : undefined;
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1) throw new Error(`${described(flag)} must be a whole number of at least 1, got "${text}"`);
    return n;
  };
  const maxSessions = positive('max-sessions');
  const sessionIdle = positive('session-idle');
  const stateSecret = command === 'http' ? get('state-secret') : undefined;
  if (stateSecret !== undefined && Buffer.byteLength(stateSecret) < 32) throw new Error(`${described('state-secret')} must be at least 32 characters`);
  const conformanceFixtures = values['conformance-fixtures'] === true || (parseBooleanEnv('OUTREACH_TEST_CONFORMANCE_FIXTURES', nonEmpty(env.OUTREACH_TEST_CONFORMANCE_FIXTURES)) ?? false);

  const config: McpCliConfig = {
    readOnly,
    confirm,
    logLevel,
    port: portText !== undefined ? port(described('port'), portText) : 3000,
    host: (command === 'http' ? get('host') : undefined) ?? '127.0.0.1',
    secretFlags: specs.filter((s) => s.secret && typeof values[s.flag] === 'string').map((s) => `--${s.flag}`),
  };
  const toolsets = parseToolsets(get('toolsets'));
  if (toolsets) config.toolsets = toolsets;
  if (baseUrl !== undefined) config.baseUrl = baseUrl;
  if (apiKey !== undefined) config.apiKey = apiKey;
  const dataDir = get('data-dir');
  if (dataDir !== undefined) config.dataDir = dataDir;
  const seed = get('seed');
  if (seed !== undefined) config.seed = seed;
  if (account !== undefined) config.account = account;
  if (webhookPort !== undefined) config.webhookPort = webhookPort;
  if (workingHours !== undefined) config.workingHours = workingHours;
  if (writeJitter !== undefined) config.writeJitter = writeJitter;
  if (redisUrl !== undefined) config.redisUrl = redisUrl;
  if (paceText !== undefined) config.pace = paceText as PaceMode;
  if (webhookSecret !== undefined) config.webhookSecret = webhookSecret;
  const authToken = command === 'http' ? get('auth-token') : undefined;
  if (authToken !== undefined) config.authToken = authToken;
  if (conformanceFixtures) config.conformanceFixtures = true;
  if (maxSessions !== undefined) config.maxSessions = maxSessions;
  if (sessionIdle !== undefined) config.sessionIdleMs = sessionIdle * 1000;
  if (stateSecret !== undefined) config.stateSecret = stateSecret;
  if (allowedHosts !== undefined) config.allowedHosts = allowedHosts.split(',').map((h) => h.trim()).filter(Boolean);
  return { help: false, config };
}

/** Which flags a help section lists: those of both server commands, or those of http alone. */
export type OptionGroup = 'shared' | 'http';

const inGroup = (s: OptionSpec, group: OptionGroup): boolean =>
  group === 'shared' ? s.commands.includes('stdio') && s.commands.includes('http') : s.commands.length === 1 && s.commands[0] === 'http';

/** --help rows of one group: every flag with its env var. */
export function optionsHelp(group: OptionGroup): string {
  return OPTION_SPECS.filter((s) => inGroup(s, group))
    .map((s) => {
      const left = `  --${s.flag}${s.arg ? ` ${s.arg}` : ''}`;
      return `${left.padEnd(28)} ${s.help}\n${''.padEnd(29)}env: ${s.env}`;
    })
    .join('\n');
}

const HELP_ROW = `${'  -h, --help'.padEnd(28)} Show this help`;

/** Flags (of any command) that take no value: whatever follows one is not its value. */
export const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(['help', 'h', 'json', ...OPTION_SPECS.filter((s) => s.type === 'boolean').map((s) => s.flag)]);

export function commandHelp(command: Command): string {
  const intro =
    command === 'stdio'
      ? [
          'Usage: outreach-mcp [stdio] [options]',
          '',
          'Serves MCP on stdio (stdout carries only protocol messages; logs go to stderr).',
          'With nothing configured it starts the embedded service on loopback with its data',
          'directory; with OUTREACH_BASE_URL and OUTREACH_API_KEY it uses that service instead.',
        ]
      : [
          'Usage: outreach-mcp http [--port N] [--host H] [options]   (options may also come before "http")',
          '',
          'Serves MCP over HTTP: Streamable HTTP at /mcp, legacy SSE at /sse + /messages.',
          'Binds 127.0.0.1 by default with Host/Origin checks; binding elsewhere needs a bearer token.',
        ];
  const sections =
    command === 'stdio'
      ? ['Options (flags win over environment variables):', optionsHelp('shared'), HELP_ROW]
      : ['HTTP options:', optionsHelp('http'), '', 'Options shared with stdio (flags win over environment variables):', optionsHelp('shared'), HELP_ROW];
  return [...intro, '', ...sections, ''].join('\n');
}
