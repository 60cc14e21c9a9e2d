#!/usr/bin/env node
/**
 * One entry point. The first word picks the command; with none, the MCP
 * server runs on stdio against the embedded service.
 */
import { COMMANDS, DEFAULT_COMMAND, usage } from './cli/commands.js';

async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stderr.write(usage());
    return;
  }
  const named = first !== undefined && !first.startsWith('-') ? COMMANDS[first] : undefined;
  if (first !== undefined && !first.startsWith('-') && !named) {
    process.stderr.write(`outreach-mcp: unknown command "${first}"\n\n${usage()}`);
    process.exitCode = 2;
    return;
  }
  const command = named ?? COMMANDS[DEFAULT_COMMAND];
  if (!command) {
    process.stderr.write(usage());
    process.exitCode = 2;
    return;
  }
  const mod = await command.load();
  await mod.run(named ? rest : argv);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`outreach-mcp: ${message}\n`);
  process.exit(1);
});
