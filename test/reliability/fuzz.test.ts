import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCases } from './fuzz-cases.js';
import { CLI, LEAKY_ERROR, cleanEnv, readState, tempDir } from './helpers.js';
import { connectStdio, type McpSession } from './mcp-client.js';

/**
 * A seeded fuzz pass over every tool's input schema, through an MCP client
 * against the built CLI (stdio, embedded service). Asserts the figures of
 * issue 13: 0 crashes, every answer a result or a clean isError (no stack
 * trace, no 500-class answer for a client mistake), 0 state changes for
 * rejected inputs. Reproduce a run with OUTREACH_FUZZ_SEED.
 */

const SEED = Number(process.env.OUTREACH_FUZZ_SEED ?? 20261122);
const CASES_PER_TOOL = 16;
const CALL_TIMEOUT_MS = 20_000;

let session: McpSession;
let data: ReturnType<typeof tempDir>;
beforeAll(async () => {
  data = tempDir('outreach-fuzz-');
  session = await connectStdio(process.execPath, [CLI, '--data-dir', data.dir, '--confirm', 'off'], cleanEnv());
});
afterAll(async () => {
  await session?.close();
  data?.remove();
});

describe('fuzzing every tool over MCP', () => {
  it(`${CASES_PER_TOOL}+ bad inputs per tool: 0 crashes, only results or clean isError, 0 state changes when refused`, async () => {
    const tools = await session.listTools();
    expect(tools.length).toBeGreaterThan(40);
    const figures = { tools: tools.length, cases: 0, results: 0, refused: 0, protocolRefusals: 0, protocolErrors: 0, crashes: 0, serverErrors: 0, leakyErrors: 0, stateChanges: 0 };
    const problems: string[] = [];

    for (const [t, tool] of tools.entries()) {
      for (const c of fuzzCases(tool.inputSchema, SEED + t, CASES_PER_TOOL)) {
        figures.cases++;
        const label = `${tool.name}/${c.kind}`;
        const before = readState(data.dir);
        let answer;
        try {
          answer = await session.callTool(tool.name, c.args, CALL_TIMEOUT_MS);
        } catch (err) {
          if (session.closed()) {
            figures.crashes++;
            problems.push(`${label}: the server went away (${String(err)})`);
            break;
          }
          // Non-object `arguments` break the MCP request schema itself, not a tool's input: the
          // SDK refuses them with a JSON-RPC error (code -32603 in SDK 1.x) before any tool runs.
          if (c.kind === 'arguments-array' && /MCP error -3260[23]/.test(String(err))) {
            figures.protocolRefusals++;
            continue;
          }
          figures.protocolErrors++;
          problems.push(`${label}: JSON-RPC error instead of a tool result: ${String(err).slice(0, 200)}`);
          continue;
        }
        if (!answer.isError) {
          figures.results++;
          continue;
        }
        figures.refused++;
        if (/\((5\d\d)\)|service failed/i.test(answer.text)) {
          figures.serverErrors++;
          problems.push(`${label}: 500-class answer: ${answer.text.slice(0, 200)}`);
        }
        if (LEAKY_ERROR.test(answer.text)) {
          figures.leakyErrors++;
          problems.push(`${label}: error text with a stack trace or path: ${answer.text.slice(0, 200)}`);
        }
        const after = readState(data.dir);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          figures.stateChanges++;
          problems.push(`${label}: refused, yet state changed ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
        }
      }
    }
    // Still serving after all of it.
    expect((await session.listTools()).length).toBe(tools.length);
    expect(session.closed()).toBe(false);

    console.log(`fuzz (seed ${SEED}): ${JSON.stringify(figures)}`);
    expect(figures.cases).toBeGreaterThanOrEqual(tools.length * 15);
    expect(problems.slice(0, 30)).toEqual([]);
    expect({ crashes: figures.crashes, protocolErrors: figures.protocolErrors, serverErrors: figures.serverErrors, stateChanges: figures.stateChanges }).toEqual({
      crashes: 0,
      protocolErrors: 0,
      serverErrors: 0,
      stateChanges: 0,
    });
  }, 300_000);
});
