import { BOOLEAN_FLAGS, optionsHelp } from './options.js';

/** The CLI's commands; each lives in its own module and is loaded on use. */
export interface CommandModule {
  run(argv: string[]): Promise<void>;
}

export interface Command {
  summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: Record<string, Command> = {
  service: { summary: 'Run the embedded service alone (prints {baseUrl, apiKey})', load: () => import('./service.js') },
  audit: { summary: 'List recent writes the embedded service performed', load: () => import('./audit.js') },
  keys: { summary: 'Manage API keys of the embedded service: create, list, revoke', load: () => import('./keys.js') },
  stdio: { summary: 'Serve MCP on stdio (default)', load: () => import('./stdio.js') },
  http: { summary: 'Serve MCP over HTTP (Streamable HTTP /mcp, SSE /sse)', load: () => import('./http.js') },
  webhooks: {
    summary: 'Manage signed webhooks: add, list, remove, deliveries (--failed), redeliver',
    load: () => import('./webhooks.js'),
  },
};

/** Runs when no command word is given. */
export const DEFAULT_COMMAND = 'stdio';

export function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return [
    'Usage: outreach-mcp [command] [options]      (the command may stand before or after the options)',
    '',
    'Commands:',
    ...lines,
    '',
    'MCP server options, for stdio and http (flags win over environment variables):',
    optionsHelp('shared'),
    '',
    'HTTP server options (outreach-mcp http only):',
    optionsHelp('http'),
    '',
    `${'  -h, --help'.padEnd(28)} Show this help`,
    '',
    'service, keys, webhooks and audit have options of their own: run "outreach-mcp <command> --help".',
    '',
  ].join('\n');
}

/**
 * Finds the command word wherever it stands among the options: `outreach-mcp --port 3000 http`
 * is `outreach-mcp http --port 3000`. A flag's value (`--seed http`) is never taken for it.
 * Returns the first word that is not an option or an option's value, and the other arguments.
 */
export function splitCommand(argv: readonly string[]): { word?: string; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-') && arg !== '-') {
      const takesValue = !arg.includes('=') && !BOOLEAN_FLAGS.has(arg.replace(/^--?/, ''));
      if (takesValue) i++;
      continue;
    }
    return { word: arg, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
  }
  return { rest: [...argv] };
}
