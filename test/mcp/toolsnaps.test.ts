import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutreachMcp } from '../../src/mcp/server.js';
import { FakeClient } from './fake-client.js';
import { connect, type Session } from './harness.js';

/**
 * Tool-definition snapshots: one JSON file per tool, exactly as tools/list
 * advertises it to a host (name, title, description, schemas, annotations).
 * A change to anything an agent reads shows in review as a diff of these files.
 */

const SNAPS = join(dirname(fileURLToPath(import.meta.url)), '__toolsnaps__');
const UPDATE = process.env.UPDATE_TOOLSNAPS === '1';
const HOW_TO_UPDATE = 'if the change is intended, run: UPDATE_TOOLSNAPS=1 npx vitest run test/mcp/toolsnaps.test.ts';

const snapPath = (tool: string) => join(SNAPS, `${tool}.json`);
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

let session: Session;
let tools: { name: string }[];

beforeAll(async () => {
  session = await connect(new OutreachMcp({ client: new FakeClient() }));
  tools = (await session.client.listTools()).tools;
  if (UPDATE) {
    rmSync(SNAPS, { recursive: true, force: true });
    mkdirSync(SNAPS, { recursive: true });
    for (const tool of tools) writeFileSync(snapPath(tool.name), pretty(tool));
  }
});
afterAll(() => session.close());

describe('advertised tool definitions', () => {
  it('has one snapshot per advertised tool, and none for a tool that is gone', () => {
    const snapped = existsSync(SNAPS) ? readdirSync(SNAPS).map((f) => f.replace(/\.json$/, '')) : [];
    expect(snapped.sort(), HOW_TO_UPDATE).toEqual(tools.map((t) => t.name).sort());
  });

  it('advertises every tool exactly as its snapshot', () => {
    const drifted = tools.filter((t) => !existsSync(snapPath(t.name)) || readFileSync(snapPath(t.name), 'utf8') !== pretty(t));
    expect(drifted.map((t) => t.name), `tool definitions changed; ${HOW_TO_UPDATE}`).toEqual([]);
  });
});
