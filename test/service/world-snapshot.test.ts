import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createService, DEFAULT_SEED } from '../../src/service/service.js';
import { ManualClock } from '../../src/util/clock.js';
import { DEFAULT_EPOCH_MS, DEFAULT_PEOPLE, generateWorld, loadWorldSnapshot, saveWorldSnapshot, WORLD_SNAPSHOT_FILE, type SnapshotKey } from '../../src/service/world/index.js';
import { hashOf } from './world/fixture.js';

/**
 * A data directory keeps its generated world (world-snapshot.json.gz) so a later
 * start loads it instead of generating it: the loaded world must be the very
 * world the generator makes, and a file that does not match is never used.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'world-snapshot-'));
  dirs.push(d);
  return d;
};
const DAY = 86_400_000;
/** The demo world's digest (test/service/world/golden.test.ts pins the generator to it). */
const DEMO_WORLD = '81d3effdf916fb33dffee05dd26ef437ba5c4c18623979151288de58d73fbf2a';

describe('world snapshot', () => {
  const key: SnapshotKey = { seed: DEFAULT_SEED, people: DEFAULT_PEOPLE, anchorMs: DEFAULT_EPOCH_MS, epochMs: DEFAULT_EPOCH_MS };
  const generated = generateWorld(DEFAULT_SEED);
  const dir = tempDir();
  const file = join(dir, WORLD_SNAPSHOT_FILE);

  it('loads the demo world deeply equal to the generated one, digest and shared actors included', async () => {
    await saveWorldSnapshot(file, key, generated);
    const loaded = loadWorldSnapshot(file, key);
    expect(loaded).toBeDefined();
    expect(loaded).toEqual(generated);
    expect(hashOf(loaded)).toBe(DEMO_WORLD);
    // Reactions of one person share one frozen actor, as generated.
    const reactions = loaded!.posts.flatMap((p) => p.reactions);
    const first = reactions[0]!.actor;
    expect(Object.isFrozen(first)).toBe(true);
    expect(reactions.filter((r) => r.actor.type === 'person' && first.type === 'person' && r.actor.personId === first.personId).every((r) => r.actor === first)).toBe(true);
  });

  it('ignores a file built from another seed, anchor, epoch or people count', () => {
    expect(loadWorldSnapshot(file, { ...key, seed: 'other' })).toBeUndefined();
    expect(loadWorldSnapshot(file, { ...key, anchorMs: key.anchorMs + 1 })).toBeUndefined();
    expect(loadWorldSnapshot(file, { ...key, epochMs: key.epochMs + DAY })).toBeUndefined();
    expect(loadWorldSnapshot(file, { ...key, people: 300 })).toBeUndefined();
  });

  it('ignores a file of another generator, a file cut short, a body that does not parse and a missing file', () => {
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
    const other = join(dir, 'other-generator.gz');
    writeFileSync(other, gzipSync(`${JSON.stringify({ ...header, generator: 'f'.repeat(64) })}\n${text.slice(newline + 1)}`));
    expect(loadWorldSnapshot(other, key)).toBeUndefined();
    const cut = join(dir, 'cut.gz');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    expect(loadWorldSnapshot(cut, key)).toBeUndefined();
    const broken = join(dir, 'broken.gz');
    writeFileSync(broken, gzipSync(`${text.slice(0, newline)}\n{"people":[`));
    expect(loadWorldSnapshot(broken, key)).toBeUndefined();
    expect(loadWorldSnapshot(join(dir, 'missing.gz'), key)).toBeUndefined();
  });

  it('a service saves its generated world at warm-up, and the next start serves the world from the file', async () => {
    const dataDir = tempDir();
    const clock = new ManualClock('2026-03-01T08:00:00.000Z');
    const first = await createService({ dataDir, clock, activityIntervalMs: 0 });
    await first.warmUp();
    await first.close();
    const saved = join(dataDir, WORLD_SNAPSHOT_FILE);
    expect(existsSync(saved)).toBe(true);
    // Generated at this data directory's epoch (its first start), contents from the default anchor.
    const expected = generateWorld(DEFAULT_SEED, { epochMs: Date.parse('2026-03-01T08:00:00.000Z'), anchorMs: DEFAULT_EPOCH_MS });

    const second = await createService({ dataDir, clock, activityIntervalMs: 0 });
    expect(second.deps.world()).toEqual(expected);
    await second.close();

    // Proof that the second start read the file: a marked copy is what a third start serves.
    const text = gunzipSync(readFileSync(saved)).toString('utf8');
    const marked = text.replace(`"firstName":${JSON.stringify(expected.people[0]!.firstName)}`, '"firstName":"Marked"');
    expect(marked).not.toBe(text);
    writeFileSync(saved, gzipSync(marked));
    const third = await createService({ dataDir, clock, activityIntervalMs: 0 });
    await third.warmUp(); // this time through warm-up's early read
    expect(third.deps.world().people[0]!.firstName).toBe('Marked');
    await third.close();
  });

  it('a damaged file is replaced by the generated world; an in-memory service runs without one', async () => {
    const dataDir = tempDir();
    const clock = new ManualClock('2026-03-01T08:00:00.000Z');
    writeFileSync(join(dataDir, WORLD_SNAPSHOT_FILE), 'not gzip');
    const service = await createService({ dataDir, clock, activityIntervalMs: 0 });
    await service.warmUp();
    expect(hashOf(service.deps.world())).toBe(hashOf(generateWorld(DEFAULT_SEED, { epochMs: Date.parse('2026-03-01T08:00:00.000Z') })));
    await service.close();
    expect(loadWorldSnapshot(join(dataDir, WORLD_SNAPSHOT_FILE), { ...key, epochMs: Date.parse('2026-03-01T08:00:00.000Z') })).toEqual(service.deps.world());
    const memory = await createService({ dataDir: ':memory:', clock, activityIntervalMs: 0 });
    await memory.warmUp();
    await memory.close();
  });
});
