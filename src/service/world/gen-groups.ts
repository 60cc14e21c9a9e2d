import { INDUSTRIES, JOB_FUNCTIONS } from './catalog.js';
import { Rand, uniqueValue } from './rng.js';
import { DAY_MS } from './time.js';
import type { Group, GroupActivityLevel, GroupMember, Person } from './types.js';
import { groupUrl, mediaUrl } from './urls.js';

const RULES = [
  'Be respectful: no harassment, hate speech or personal attacks.',
  'No spam or unsolicited self-promotion; share job posts only in the weekly thread.',
  'Stay on topic and add context when sharing links.',
  'Do not share confidential information about employers or clients.',
  'Give credit to original authors when sharing their work.',
  'Recruiters: include location, salary range and remote policy in job posts.',
  'Posts are reviewed by the managers before they appear.',
];

export function generateGroups(rand: Rand, count: number, people: readonly Person[], epochMs: number): Group[] {
  const ids = new Set<string>();
  const names = new Set<string>();
  const byFunction = new Map<string, Person[]>();
  for (const p of people) {
    const list = byFunction.get(p.jobFunction);
    if (list) list.push(p);
    else byFunction.set(p.jobFunction, [p]);
  }
  const groups: Group[] = [];
  for (let i = 0; i < count; i++) {
    const fn = rand.pick(JOB_FUNCTIONS);
    const industry = rand.pick(INDUSTRIES.filter((x) => x.functions.includes(fn.key)).concat(INDUSTRIES.slice(0, 1)));
    const skill = rand.pick(fn.skills);
    const city = rand.pick(people).location.name.split(', ')[0] as string;
    // Large worlds run out of template names: after 50 draws a number tells twins apart.
    let draws = 0;
    const name = uniqueValue(names, () => {
      const base = rand.pick([
        `${fn.department} Professionals Network`,
        `${skill} Community`,
        `${skill} Practitioners`,
        `${city} ${fn.department} Meetup`,
        `${industry.name} Leaders`,
        `Women in ${fn.department}`,
        `${industry.name} Innovation Forum`,
        `${fn.titles[0]}s of ${city}`,
        `The ${skill} Exchange`,
      ]);
      return ++draws > 50 ? `${base} ${rand.int(2, 999)}` : base;
    });
    const groupId = uniqueValue(ids, () => rand.digits(rand.int(6, 8)));
    const memberCount = rand.logNormal(2_500, 2, 3, 2_500_000);
    const createdAtMs = epochMs - rand.int(60, 15 * 365) * DAY_MS;
    const pool = byFunction.get(fn.key) ?? people;
    const known = Math.min(memberCount, rand.int(15, 120));
    const chosen = rand.sample(rand.chance(0.8) && pool.length >= known ? pool : people, known);
    const joinTimes = chosen
      .map(() => createdAtMs + Math.floor(rand.next() * (epochMs - createdAtMs)))
      .sort((a, b) => a - b);
    joinTimes[0] = createdAtMs; // the owner founded the group
    const managers = Math.min(chosen.length - 1, rand.int(0, 3));
    const members: GroupMember[] = chosen.map((p, idx) => ({
      personId: p.id,
      role: idx === 0 ? 'Owner' : idx <= managers ? 'Manager' : 'Member',
      joinedAtMs: joinTimes[idx] as number,
    }));
    const isPrivate = rand.chance(0.45);
    groups.push({
      groupId,
      groupUrn: `urn:li:group:${groupId}`,
      groupUrl: groupUrl(groupId),
      name,
      description: `A place for ${fn.department.toLowerCase()} people in ${industry.name.toLowerCase()} to ${rand.faker.company.buzzPhrase()}. ${rand.faker.company.catchPhrase()}.`,
      rules: rand.sample(RULES, rand.int(2, 5)),
      logoUrl: mediaUrl('group-logo', groupId, 200),
      memberCount,
      isPrivate,
      industry: industry.name,
      activityLevel: activityOf(rand, memberCount),
      createdAtMs,
      members,
      admins: members.filter((m) => m.role !== 'Member').map((m) => m.personId),
    });
  }
  return groups;
}

function activityOf(rand: Rand, memberCount: number): GroupActivityLevel {
  const score = Math.log10(memberCount + 1) + rand.next() * 2;
  if (score > 5.5) return 'very active';
  if (score > 4) return 'active';
  if (score > 2.5) return 'moderate';
  return 'low';
}
