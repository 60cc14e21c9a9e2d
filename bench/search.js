#!/usr/bin/env node
// People search on a world 10x the default size (30,000 people): p50/p95 of a
// mix of keyword, title, location and degree queries as the G4 handler runs
// them (with an account's view for degrees), plus what the world build and
// the first search (index build) cost at the default and the large size.
// Target: p50 <= 20 ms at 30,000 people on 2 cores.
import { accountView, generateWorld, searchPeople, searchCompanies, searchJobs, searchPosts, searchGroups } from '../dist/service/world/index.js';

const SIZES = (process.env.BENCH_PEOPLE ?? '3000,30000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const OWNER = { firstName: 'Ada', lastName: 'Lovelace', publicId: 'ada', premium: true, salesNavigator: true };

const PEOPLE_QUERIES = [
  { keywords: 'cto' },
  { titles: ['CTO'] },
  { titles: ['Head of Data'], locations: ['Paris'] },
  { keywords: 'data engineer' },
  { keywords: 'marketing', networkDegrees: ['S'] },
  { keywords: 'sales director', locations: ['United States'] },
  { companies: ['Inc'] },
  { locations: ['Germany'], openToWork: true },
];

function ms(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

for (const people of SIZES) {
  let t = process.hrtime.bigint();
  const world = generateWorld('outreach', { people });
  const genMs = ms(t);
  t = process.hrtime.bigint();
  const view = accountView(world, 'a00000000000000000000001', OWNER);
  const viewMs = ms(t);
  t = process.hrtime.bigint();
  searchPeople(world, { keywords: 'warmup' }, { start: 0, count: 10 }, view);
  const firstMs = ms(t);
  t = process.hrtime.bigint();
  searchCompanies(world, { keywords: 'software' }, { start: 0, count: 10 });
  searchJobs(world, { keywords: 'engineer' }, { start: 0, count: 10 });
  searchGroups(world, { keywords: 'data' }, { start: 0, count: 10 });
  searchPosts(world, { keywords: 'growth' }, { start: 0, count: 10 }, { nowMs: world.epochMs, view });
  const otherFirstMs = ms(t);

  const times = [];
  const found = PEOPLE_QUERIES.map(() => 0);
  for (let r = 0; r < ROUNDS; r++) {
    PEOPLE_QUERIES.forEach((q, i) => {
      const s = process.hrtime.bigint();
      const page = searchPeople(world, q, { start: 0, count: 10 }, view);
      times.push(ms(s));
      found[i] = page.total;
    });
  }
  times.sort((a, b) => a - b);
  console.log(`people=${people}: world build ${genMs.toFixed(0)} ms, account view ${viewMs.toFixed(0)} ms, first people search ${firstMs.toFixed(1)} ms, first company+job+group+post searches ${otherFirstMs.toFixed(1)} ms`);
  console.log(`  people search p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms over ${times.length} searches`);
  console.log(`  totals: ${PEOPLE_QUERIES.map((q, i) => `${JSON.stringify(q)}=${found[i]}`).join(' ')}`);
  if (people >= 30000 && quantile(times, 0.5) > 20) console.log('  ABOVE TARGET: p50 must be <= 20 ms');
}
