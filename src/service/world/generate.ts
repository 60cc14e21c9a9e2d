import { generateCompanies } from './gen-companies.js';
import { generateGroups } from './gen-groups.js';
import { generateJobs } from './gen-jobs.js';
import { generatePeople } from './gen-people.js';
import { generatePosts } from './gen-posts.js';
import { buildGeo } from './geo.js';
import { Places } from './places.js';
import { Rand } from './rng.js';
import { DEFAULT_EPOCH_MS } from './time.js';
import type { Comment, World, WorldOptions } from './types.js';

export const DEFAULT_PEOPLE = 3000;

/**
 * Builds the whole synthetic network from (seed, people, anchorMs) alone: the
 * same inputs always give a deeply equal world, whatever epochMs is — the
 * epoch only moves every timestamp by epochMs - anchorMs, so two data
 * directories started at different times hold the same people, posts and ids.
 * Each part draws from its own seeded stream, so the parts do not shift each other.
 */
export function generateWorld(seed: string, options: WorldOptions = {}): World {
  const peopleCount = options.people ?? DEFAULT_PEOPLE;
  const anchorMs = options.anchorMs ?? DEFAULT_EPOCH_MS;
  const epochMs = options.epochMs ?? anchorMs;
  if (!Number.isInteger(peopleCount) || peopleCount < 20) throw new Error('people must be an integer of at least 20');
  if (!Number.isFinite(epochMs) || !Number.isFinite(anchorMs)) throw new Error('epochMs and anchorMs must be finite numbers');
  const stream = (part: string) => new Rand(seed, String(peopleCount), String(anchorMs), part);

  const geo = buildGeo();
  const places = new Places(geo);
  const companies = generateCompanies(stream('companies'), Math.max(10, Math.round(peopleCount / 10)), places, anchorMs);
  const people = generatePeople(stream('people'), peopleCount, companies, places, anchorMs);
  const jobs = generateJobs(stream('jobs'), Math.round(peopleCount / 2), companies, places, anchorMs);
  const groups = generateGroups(stream('groups'), Math.max(5, Math.round(peopleCount / 20)), people, anchorMs);
  const posts = generatePosts(stream('posts'), peopleCount, people, companies, anchorMs);
  const world = { seed, epochMs, anchorMs, geo, people, companies, jobs, groups, posts };
  shiftTimes(world, epochMs - anchorMs);
  return world;
}

/** Moves every instant of the world by deltaMs (texts such as "Founded in 2019" stay as generated). */
function shiftTimes(world: World, deltaMs: number): void {
  if (deltaMs === 0) return;
  for (const j of world.jobs) j.postedAtMs += deltaMs;
  for (const g of world.groups) {
    g.createdAtMs += deltaMs;
    for (const m of g.members) m.joinedAtMs += deltaMs;
  }
  const shiftComment = (c: Comment): void => {
    c.createdAtMs += deltaMs;
    c.replies.forEach(shiftComment);
  };
  for (const p of world.posts) {
    p.createdAtMs += deltaMs;
    for (const r of p.reactions) r.reactedAtMs += deltaMs;
    p.comments.forEach(shiftComment);
  }
}
