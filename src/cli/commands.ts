import { optionsHelp } from './options.js';

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
    'Usage: outreach-mcp [command] [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'MCP server options (stdio and http; flags win over environment variables):',
    optionsHelp('http'),
    '',
    'Run "outreach-mcp <command> --help" for the options of one command.',
    '',
  ].join('\n');
}
