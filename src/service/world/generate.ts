import { generateCompanies } from './gen-companies.js';
import { generateGroups } from './gen-groups.js';
import { generateJobs } from './gen-jobs.js';
import { generatePeople } from './gen-people.js';
import { generatePosts } from './gen-posts.js';
import { buildGeo } from './geo.js';
import { Places } from './places.js';
import { Rand } from './rng.js';
import { DEFAULT_EPOCH_MS } from './time.js';
import type { World, WorldOptions } from './types.js';

export const DEFAULT_PEOPLE = 3000;

/**
 * Builds the whole synthetic network from (seed, people, epochMs) alone: the
 * same inputs always give a deeply equal world. Each part draws from its own
 * seeded stream, so the parts do not shift each other.
 */
export function generateWorld(seed: string, options: WorldOptions = {}): World {
  const peopleCount = options.people ?? DEFAULT_PEOPLE;
  const epochMs = options.epochMs ?? DEFAULT_EPOCH_MS;
  if (!Number.isInteger(peopleCount) || peopleCount < 20) throw new Error('people must be an integer of at least 20');
  if (!Number.isFinite(epochMs)) throw new Error('epochMs must be a finite number');
  const stream = (part: string) => new Rand(seed, String(peopleCount), String(epochMs), part);

  const geo = buildGeo();
  const places = new Places(geo);
  const companies = generateCompanies(stream('companies'), Math.max(10, Math.round(peopleCount / 10)), places, epochMs);
  const people = generatePeople(stream('people'), peopleCount, companies, places, epochMs);
  const jobs = generateJobs(stream('jobs'), Math.round(peopleCount / 2), companies, places, epochMs);
  const groups = generateGroups(stream('groups'), Math.max(5, Math.round(peopleCount / 20)), people, epochMs);
  const posts = generatePosts(stream('posts'), peopleCount, people, companies, epochMs);
  return { seed, epochMs, geo, people, companies, jobs, groups, posts };
}
