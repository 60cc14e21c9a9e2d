#!/usr/bin/env node
/**
 * One entry point. A command word (anywhere among the options) picks the command;
 * with none, the MCP server runs on stdio against the embedded service.
 */
import { COMMANDS, DEFAULT_COMMAND, splitCommand, usage } from './cli/commands.js';

async function main(argv: string[]): Promise<void> {
  const { word, rest } = splitCommand(argv);
  if (word === 'help' || (word === undefined && rest.some((a) => a === '--help' || a === '-h'))) {
    process.stderr.write(usage());
    return;
  }
  const named = word !== undefined ? COMMANDS[word] : undefined;
  if (word !== undefined && !named) {
    process.stderr.write(`outreach-mcp: unknown command "${word}"\n\n${usage()}`);
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
  await mod.run(rest);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`outreach-mcp: ${message}\n`);
  process.exit(1);
});
