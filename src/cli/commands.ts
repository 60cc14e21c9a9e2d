/** The CLI's commands; each lives in its own module and is loaded on use. */
export interface CommandModule {
  run(argv: string[]): Promise<void>;
}

export interface Command {
  summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: Record<string, Command> = {
  webhooks: {
    summary: 'Manage signed webhooks: add, list, remove, deliveries',
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
    'Run "outreach-mcp <command> --help" for the options of one command.',
    '',
  ].join('\n');
}
