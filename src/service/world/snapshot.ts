import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzip } from 'node:zlib';
import { buildGeo } from './geo.js';
import type { Actor, Comment, World } from './types.js';

/**
 * The generated world, kept in the data directory so a later start loads it
 * (~0.3 s) instead of generating it again (~1 s of CPU). One gzip file: a header
 * line naming what the world was built from, then the world as JSON. A file
 * whose header does not match (other seed, anchor, epoch, people count, Node/ICU
 * or generator code), that is cut short or does not parse is ignored: the world
 * is generated, as on a fresh data directory, and the file rewritten.
 */
export const WORLD_SNAPSHOT_FILE = 'world-snapshot.json.gz';
const FORMAT = 1;

export interface SnapshotKey {
  seed: string;
  people: number;
  anchorMs: number;
  epochMs: number;
}

interface Header extends SnapshotKey {
  format: number;
  generator: string;
}

/** Where a data directory keeps its world; none for ':memory:'. */
export function worldSnapshotFile(dataDir: string): string | undefined {
  return dataDir === ':memory:' ? undefined : join(dataDir, WORLD_SNAPSHOT_FILE);
}

/**
 * The snapshot's bytes, read and decompressed off the main thread (start-up
 * calls this early, so only the parse is left for loadWorldSnapshot); undefined
 * when there is none or it is damaged (gzip checks its CRC and length).
 */
export async function readWorldSnapshot(file: string): Promise<Buffer | undefined> {
  try {
    return await promisify(gunzip)(await readFile(file));
  } catch {
    return undefined;
  }
}

/**
 * The world stored in `file` (or in `unzipped`, its bytes from readWorldSnapshot)
 * when it was built from exactly `key` by this generator; else undefined.
 */
export function loadWorldSnapshot(file: string, key: SnapshotKey, unzipped?: Buffer): World | undefined {
  let text: string;
  try {
    text = (unzipped ?? gunzipSync(readFileSync(file))).toString('utf8');
  } catch {
    return undefined; // missing, or cut short
  }
  const newline = text.indexOf('\n');
  if (newline < 0) return undefined;
  try {
    const header = JSON.parse(text.slice(0, newline)) as Header;
    if (!sameHeader(header, headerOf(key))) return undefined;
    const body = JSON.parse(text.slice(newline + 1)) as Omit<World, 'geo'>;
    if (!Array.isArray(body.people) || body.people.length !== key.people || !Array.isArray(body.posts)) return undefined;
    if (body.seed !== key.seed || body.anchorMs !== key.anchorMs || body.epochMs !== key.epochMs) return undefined;
    const world: World = { seed: body.seed, epochMs: body.epochMs, anchorMs: body.anchorMs, geo: buildGeo(), people: body.people, companies: body.companies, jobs: body.jobs, groups: body.groups, posts: body.posts };
    shareActors(world);
    return world;
  } catch {
    return undefined;
  }
}

/**
 * Writes `world` (as generated from `key`) to `file`: serialized a part per
 * turn of the event loop, compressed off the main thread, then renamed into
 * place, so a reader never sees half a file.
 */
export async function saveWorldSnapshot(file: string, key: SnapshotKey, world: World): Promise<void> {
  const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  const parts: string[] = [`${JSON.stringify(headerOf(key))}\n{"seed":${JSON.stringify(world.seed)},"epochMs":${world.epochMs},"anchorMs":${world.anchorMs}`];
  for (const name of ['people', 'companies', 'jobs', 'groups', 'posts'] as const) {
    const items: readonly unknown[] = world[name];
    const chunks: string[] = [];
    for (let i = 0; i < items.length; i += 500) {
      await nextTurn();
      chunks.push(JSON.stringify(items.slice(i, i + 500)).slice(1, -1));
    }
    parts.push(`,"${name}":[${chunks.filter((c) => c.length > 0).join(',')}]`);
  }
  parts.push('}');
  const zipped = await promisify(gzip)(Buffer.from(parts.join(''), 'utf8'), { level: 6 });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, zipped, { mode: 0o600 });
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

function headerOf(key: SnapshotKey): Header {
  return { format: FORMAT, generator: generatorFingerprint(), seed: key.seed, people: key.people, anchorMs: key.anchorMs, epochMs: key.epochMs };
}

function sameHeader(a: Header, b: Header): boolean {
  return (
    a.format === b.format && a.generator === b.generator && a.seed === b.seed && a.people === b.people && a.anchorMs === b.anchorMs && a.epochMs === b.epochMs
  );
}

let fingerprint: string | undefined;

/**
 * What the world depends on besides its key: the code of this folder (the
 * generators and their catalogs), Faker's version (its word lists) and the
 * Node/ICU build (number formatting, Unicode normalization). Any change
 * makes stored worlds stale, so no one has to remember to bump a version.
 */
export function generatorFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const hash = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  const code = readdirSync(here)
    .filter((f) => /\.(m|c)?[jt]s$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  for (const f of code) hash.update(f).update('\0').update(readFileSync(join(here, f))).update('\0');
  try {
    const fakerPackage = createRequire(import.meta.url).resolve('@faker-js/faker/package.json');
    hash.update((JSON.parse(readFileSync(fakerPackage, 'utf8')) as { version: string }).version);
  } catch {
    // Bundled: Faker's code is part of the hashed files.
  }
  hash.update(`${process.versions.node}\0${process.versions.icu ?? ''}\0${process.versions.unicode ?? ''}`);
  fingerprint = hash.digest('hex');
  return fingerprint;
}

/** Generated reactions and comments share one frozen actor per person (memory); JSON gives each its own. */
function shareActors(world: World): void {
  const actors = new Map<string, Actor>();
  for (const p of world.people) actors.set(p.id, Object.freeze({ type: 'person', personId: p.id }));
  const shared = (a: Actor): Actor => (a.type === 'person' ? (actors.get(a.personId) ?? a) : a);
  const comment = (c: Comment): void => {
    c.author = shared(c.author);
    c.replies.forEach(comment);
  };
  for (const post of world.posts) {
    for (const r of post.reactions) r.actor = shared(r.actor);
    post.comments.forEach(comment);
  }
}
