import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzip } from 'node:zlib';
import { buildGeo } from './geo.js';
import { REACTION_TYPES, type Actor, type Comment, type Post, type Reaction, type World } from './types.js';

/**
 * The generated world, kept in the data directory so a later start loads it
 * (~0.3 s) instead of generating it again (~1 s of CPU). One gzip file: a header
 * line naming what the world was built from, then the world as JSON. A file
 * whose header does not match (other seed, anchor, epoch, people count, Node/ICU
 * or generator code), that is cut short or does not parse is ignored: the world
 * is generated, as on a fresh data directory, and the file rewritten.
 */
export const WORLD_SNAPSHOT_FILE = 'world-snapshot.json.gz';
const FORMAT = 2;

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
    // Read at once (~3 MB): an async read takes several turns of a main thread busy starting up.
    const zipped = readFileSync(file);
    // One output chunk of the whole size (gzip's trailer holds it): the default 16 KB chunks cost a main-thread turn each.
    const size = zipped.length >= 4 ? zipped.readUInt32LE(zipped.length - 4) : 0;
    return await promisify(gunzip)(zipped, { chunkSize: Math.max(64 * 1024, size + 1) });
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
    const actors = new Map<string, Actor>();
    for (const p of world.people) actors.set(p.id, Object.freeze({ type: 'person', personId: p.id }));
    for (const post of world.posts) unpackEngagement(post, actors);
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
      const slice = name === 'posts' ? (items.slice(i, i + 500) as Post[]).map(packEngagement) : items.slice(i, i + 500);
      chunks.push(JSON.stringify(slice).slice(1, -1));
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

// Reactions and comments are half the world's JSON; packed as tuples of
// numbers and strings they parse about twice as fast. Person actors become
// their number ("p-000123" -> 123) and comment URNs are rebuilt from the ids.
type PackedComment = [commentId: string, person: number, content: string, createdAtMs: number, likes: number, replies: PackedComment[]];

const personNumber = (actor: Actor): number | undefined => {
  if (actor.type !== 'person') return undefined;
  const n = Number(actor.personId.slice(2));
  return Number.isInteger(n) && personId(n) === actor.personId ? n : undefined;
};
const personId = (n: number): string => `p-${String(n).padStart(6, '0')}`;

/** The post with packed reactions and comments, or as it is when packing would not give it back exactly. */
function packEngagement(post: Post): unknown {
  const reactions: number[] = [];
  for (const r of post.reactions) {
    const n = personNumber(r.actor);
    const type = REACTION_TYPES.indexOf(r.reactionType);
    if (n === undefined || type < 0) return post;
    reactions.push(n, type, r.reactedAtMs);
  }
  const packComment = (c: Comment): PackedComment | undefined => {
    const n = personNumber(c.author);
    if (n === undefined) return undefined;
    const replies: PackedComment[] = [];
    for (const reply of c.replies) {
      const packed = packComment(reply);
      if (!packed) return undefined;
      replies.push(packed);
    }
    return [c.commentId, n, c.content, c.createdAtMs, c.likes, replies];
  };
  const comments: PackedComment[] = [];
  for (const c of post.comments) {
    const packed = packComment(c);
    if (!packed) return post;
    comments.push(packed);
  }
  const packed = { ...post, comments, reactions } as unknown as Post;
  // Only what unpacks to exactly the same post is stored packed.
  const check = JSON.parse(JSON.stringify(packed)) as Post;
  unpackEngagement(check, new Map());
  return JSON.stringify(check) === JSON.stringify(post) ? packed : post;
}

/** Undoes packEngagement in place (a post stored as it was only gets its actors shared). */
function unpackEngagement(post: Post, actors: Map<string, Actor>): void {
  const actor = (n: number): Actor => {
    const id = personId(n);
    return actors.get(id) ?? { type: 'person', personId: id };
  };
  const shared = (a: Actor): Actor => (a.type === 'person' ? (actors.get(a.personId) ?? a) : a);
  const raw = post.reactions as unknown as (Reaction | number)[];
  if (typeof raw[0] === 'number') {
    const flat = raw as number[];
    const reactions: Reaction[] = new Array<Reaction>(flat.length / 3);
    for (let i = 0, j = 0; i < flat.length; i += 3, j++) {
      reactions[j] = { actor: actor(flat[i]!), reactionType: REACTION_TYPES[flat[i + 1]!]!, reactedAtMs: flat[i + 2]! };
    }
    post.reactions = reactions;
  } else {
    for (const r of post.reactions) r.actor = shared(r.actor);
  }
  const comment = (c: Comment | PackedComment): Comment => {
    if (!Array.isArray(c)) {
      c.author = shared(c.author);
      c.replies = c.replies.map(comment);
      return c;
    }
    const [commentId, n, content, createdAtMs, likes, replies] = c;
    return { commentId, commentUrn: `urn:li:comment:(activity:${post.activityId},${commentId})`, author: actor(n), content, createdAtMs, likes, replies: replies.map(comment) };
  };
  post.comments = (post.comments as (Comment | PackedComment)[]).map(comment);
}
