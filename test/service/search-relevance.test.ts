import { describe, expect, it } from 'vitest';
import {
  listOrganizations,
  searchCompanies,
  searchGroups,
  searchJobs,
  searchPeople,
  searchPosts,
  type Person,
} from '../../src/service/world/index.js';
import { hasPhrase, wordsOf } from '../../src/service/world/search-index.js';
import { smallWorld, viewOf } from './world/fixture.js';

/** Searches match words, not substrings; titles match titles; places match by hierarchy. */

const ALL = { start: 0, count: 10_000 };
const world = smallWorld();
const textOf = (p: Person) => [`${p.firstName} ${p.lastName}`, p.currentPosition.title, p.headline, p.currentPosition.companyName, ...p.education.map((e) => e.school), p.industry].join(' | ');

describe('people search relevance', () => {
  it('keyword "cto" matches the word only, never Victor, Hector or Director', () => {
    const substringOnly = world.people.filter((p) => textOf(p).toLowerCase().includes('cto') && !wordsOf(textOf(p)).includes('cto'));
    expect(substringOnly.length).toBeGreaterThan(10); // Directors exist in this world: the old search returned them
    const found = searchPeople(world, { keywords: 'cto' }, ALL).items;
    for (const p of found) expect(wordsOf(textOf(p))).toContain('cto');
    const ids = new Set(found.map((p) => p.id));
    for (const p of substringOnly) expect(ids.has(p.id)).toBe(false);
  });

  it('title "Director" returns only titles holding the word; title "CTO" returns no Director', () => {
    const directors = searchPeople(world, { titles: ['Director'] }, ALL).items;
    expect(directors.length).toBeGreaterThan(5);
    for (const p of directors) expect(wordsOf(p.currentPosition.title)).toContain('director');
    expect(directors.length).toBe(world.people.filter((p) => wordsOf(p.currentPosition.title).includes('director')).length);
    const cto = searchPeople(world, { titles: ['CTO'] }, ALL).items;
    for (const p of cto) expect(wordsOf(p.currentPosition.title)).toContain('cto');
    expect(cto.some((p) => /director/i.test(p.currentPosition.title))).toBe(false);
  });

  it('a multi-word title is a phrase: "Head of Data" never matches "Head of Data Science" alone by words elsewhere', () => {
    const found = searchPeople(world, { titles: ['Head of Data'] }, ALL).items;
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(hasPhrase(p.currentPosition.title, 'head of data')).toBe(true);
    // "Data Head of ..." word soup is not the phrase.
    expect(hasPhrase('Data Engineer, Head of Analytics', 'head of data')).toBe(false);
  });

  it('"Head of Data" in the person\'s city, region, country, geoId and "City, Country" all find them', () => {
    const head = world.people.find((p) => p.currentPosition.title === 'Head of Data')!;
    const [city, region, country] = head.location.name.split(', ');
    for (const location of [city!, region!, country!, head.location.geoId, `${city}, ${country}`, city!.toUpperCase()]) {
      const found = searchPeople(world, { titles: ['Head of Data'], locations: [location] }, ALL).items;
      expect(found.map((p) => p.id), location).toContain(head.id);
      for (const p of found) expect(p.location.name.includes(city!) || location !== city).toBe(true);
    }
    // The city of another country with the same filter finds nobody from elsewhere.
    const elsewhere = searchPeople(world, { titles: ['Head of Data'], locations: ['Paris'] }, ALL).items;
    for (const p of elsewhere) expect(p.location.name.startsWith('Paris,')).toBe(true);
  });

  it('folds case and accents: "SAO PAULO" and "zurich" find the schools São Paulo and ETH Zürich', () => {
    const sp = world.people.filter((p) => p.education.some((e) => e.school === 'Universidade de São Paulo'));
    expect(sp.length).toBeGreaterThan(0);
    expect(searchPeople(world, { schools: ['SAO PAULO'] }, ALL).items.map((p) => p.id).sort()).toEqual(sp.map((p) => p.id).sort());
    const zurich = searchPeople(world, { keywords: 'zurich' }, ALL).items;
    expect(zurich.length).toBeGreaterThan(0);
    for (const p of zurich) expect(textOf(p)).toMatch(/Zürich|Zurich/);
  });

  it('keywords: every word must appear; "quoted phrases" keep their order', () => {
    const both = searchPeople(world, { keywords: 'data engineer' }, ALL).items;
    for (const p of both) expect(['data', 'engineer'].every((w) => wordsOf(textOf(p)).includes(w))).toBe(true);
    const phrase = searchPeople(world, { keywords: '"data engineer"' }, ALL).items;
    for (const p of phrase) expect(hasPhrase(textOf(p), 'data engineer')).toBe(true);
    expect(phrase.length).toBeLessThanOrEqual(both.length);
  });

  it('ranks by relevance (name 3, title 2, elsewhere 1), then degree 1st → 2nd → 3rd+', () => {
    const view = viewOf();
    const someone = world.people[5]!;
    const found = searchPeople(world, { keywords: someone.lastName }, ALL, view).items;
    // Everyone with the word in their name comes before those with it elsewhere only.
    const inName = found.map((p) => wordsOf(`${p.firstName} ${p.lastName}`).includes(wordsOf(someone.lastName)[0]!));
    expect(inName.indexOf(false) === -1 || inName.lastIndexOf(true) < inName.indexOf(false)).toBe(true);
    const managers = searchPeople(world, { titles: ['Manager'] }, ALL, view).items;
    const degrees = managers.map((p) => view.degreeOf(p.id));
    expect(degrees).toEqual([...degrees].sort((a, b) => a - b));
    expect(new Set(degrees).size).toBeGreaterThan(1);
  });

  it('the name filter matches the name only', () => {
    const p = world.people[10]!;
    const found = searchPeople(world, { name: p.firstName }, ALL).items;
    expect(found.map((x) => x.id)).toContain(p.id);
    for (const x of found) expect(wordsOf(`${x.firstName} ${x.lastName}`)).toContain(wordsOf(p.firstName)[0]);
  });
});

describe('other keyword searches match words', () => {
  it('companies: a name fragment is not a word ("Inc" finds Inc companies; "In" finds none of them)', () => {
    const inc = searchCompanies(world, { keywords: 'Inc' }, ALL).items;
    expect(inc.length).toBeGreaterThan(0);
    for (const c of inc) expect(wordsOf(`${c.name} ${c.headline} ${c.industry} ${c.specialties.join(' ')} ${c.description}`)).toContain('inc');
    const fragment = searchCompanies(world, { keywords: 'In' }, ALL).items;
    for (const c of fragment) expect(wordsOf(`${c.name} ${c.headline} ${c.industry} ${c.specialties.join(' ')} ${c.description}`)).toContain('in');
    const names = listOrganizations(world, { name: world.companies[0]!.name.split(/[\s,-]+/)[0]! }, ALL).items;
    expect(names.map((o) => o.id)).toContain(world.companies[0]!.companyId);
    expect(listOrganizations(world, { name: world.companies[0]!.name.slice(0, 3) }, ALL).items.map((o) => o.id)).not.toContain(world.companies[0]!.companyId);
  });

  it('jobs, groups and posts: word matches only', () => {
    for (const j of searchJobs(world, { keywords: 'engineer' }, ALL).items) {
      expect(wordsOf(`${j.title} ${j.companyName} ${j.skills.join(' ')} ${j.description}`)).toContain('engineer');
    }
    for (const g of searchGroups(world, { keywords: 'data' }, ALL).items) expect(wordsOf(`${g.name} ${g.description}`)).toContain('data');
    const posts = searchPosts(world, { keywords: 'ai' }, ALL, { nowMs: world.epochMs }).items;
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) expect(wordsOf(`${p.content} ${p.hashtags.join(' ')}`)).toContain('ai');
    // "ai" inside words (maintain, email) is not a hit.
    const substring = world.posts.filter((p) => p.createdAtMs <= world.epochMs && p.visibility === 'PUBLIC' && /ai/i.test(p.content) && !wordsOf(`${p.content} ${p.hashtags.join(' ')}`).includes('ai'));
    expect(substring.length).toBeGreaterThan(0);
    const ids = new Set(posts.map((p) => p.activityId));
    expect(substring.some((p) => ids.has(p.activityId))).toBe(false);
  });
});
