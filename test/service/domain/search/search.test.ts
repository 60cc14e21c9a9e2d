import { describe, expect, it } from 'vitest';
import { searchModule } from '../../../../src/service/domain/search/index.js';
import { DomainError } from '../../../../src/service/domain/context.js';
import { COMPANY_SIZES, findPerson, type World } from '../../../../src/service/world/index.js';
import { groupsMigrations } from '../../../../src/service/domain/groups/index.js';
import { ACCOUNTS, createHarness, testWorld } from '../harness.js';

const h = createHarness({ migrations: groupsMigrations });
const call = <T = any>(id: string, input: Record<string, unknown>, account = ACCOUNTS.free): T => h.call<T>(searchModule, id, account, input);
const world: World = testWorld();

function pagesOf<T>(id: string, input: Record<string, unknown>, key: string, count: number): T[] {
  const all: T[] = [];
  for (let start = 0; ; start += count) {
    const page = call(id, { ...input, start, count });
    all.push(...(page[key] as T[]));
    expect(page.pagination.count).toBe((page[key] as T[]).length);
    if (!page.pagination.hasMore) break;
    expect((page[key] as T[]).length).toBe(count);
  }
  return all;
}

describe('G1 job search', () => {
  it('filters by job type, workplace and easy apply, and pages exactly without a total', () => {
    const res = call('G1', { filters: { jobType: ['F'], workplaceType: ['remote'], easyApply: true }, count: 50 });
    expect(res.jobs.length).toBeGreaterThan(0);
    for (const j of res.jobs) {
      const job = world.jobs.find((w) => w.jobId === j.jobId)!;
      expect([job.jobType, job.workplaceType, job.easyApply]).toEqual(['F', 'remote', true]);
      expect(j.isRemote).toBe(true);
    }
    expect(res.pagination).not.toHaveProperty('total');
    const all = pagesOf<{ jobId: string }>('G1', { filters: { jobType: ['I'] } }, 'jobs', 7);
    const expected = world.jobs.filter((j) => j.jobType === 'I').length;
    expect(all).toHaveLength(expected);
    expect(new Set(all.map((j) => j.jobId)).size).toBe(expected);
  });

  it('maps experience levels onto the world', () => {
    const res = call('G1', { filters: { experienceLevel: ['mid_senior'] }, count: 20 });
    for (const j of res.jobs) expect(world.jobs.find((w) => w.jobId === j.jobId)!.experienceLevel).toBe('mid-senior');
  });
});

describe('G2 company search', () => {
  it('size code B means 2-10 employees; no total outside sales navigation', () => {
    const res = call('G2', { filters: { companySize: ['B'] }, count: 50 });
    expect(res.companies.length).toBeGreaterThan(0);
    for (const c of res.companies) {
      const company = world.companies.find((w) => w.companyId === c.companyId)!;
      expect(company.sizeCode).toBe('B');
      expect(company.employeeCount).toBeGreaterThanOrEqual(2);
      expect(company.employeeCount).toBeLessThanOrEqual(10);
    }
    expect(res.pagination).not.toHaveProperty('total');
    expect(COMPANY_SIZES).toBeDefined();
  });

  it('a sales-navigation url returns pagination.total', () => {
    const res = call('G2', { url: 'https://www.network.example/sales/search/company?query=(keywords:software)' }, ACCOUNTS.salesNav);
    expect(typeof res.pagination.total).toBe('number');
  });
});

describe('G3 group search', () => {
  it('rounds member counts above 999 and pages on hasMore', () => {
    const res = call('G3', { keywords: 'a', count: 50 });
    for (const g of res.groups) {
      const exact = world.groups.find((w) => w.groupId === g.groupId)!.memberCount;
      if (exact < 1000) expect(g.memberCount).toBe(exact);
      else expect(g.memberCount).toBeLessThanOrEqual(exact);
    }
    expect(typeof res.pagination.hasMore).toBe('boolean');
  });
});

describe('G4 people search', () => {
  it('filters on 1st-degree connections of the acting account', () => {
    const res = call('G4', { filters: { connectionDegree: ['F'] }, count: 50 });
    const connections = h.deps.network.connectionIds(ACCOUNTS.free);
    expect(res.people.length).toBeGreaterThan(0);
    for (const p of res.people) {
      expect(p.connectionDegree).toBe('1st');
      expect(connections.has(findPerson(world, p.profileId)!.id)).toBe(true);
    }
    expect(res.pagination).not.toHaveProperty('total');
  });

  it('open to work and title filters really filter', () => {
    const res = call('G4', { filters: { openToWork: true, title: 'engineer' }, count: 50 });
    for (const p of res.people) {
      const person = findPerson(world, p.profileId)!;
      expect(person.isOpenToWork).toBe(true);
      expect(person.currentPosition.title.toLowerCase()).toContain('engineer');
    }
  });

  it('a sales-navigation url returns total, capped at 1000 results', () => {
    const res = call('G4', { url: 'https://www.network.example/sales/search/people?query=(spellCorrectionEnabled:true)', start: 990, count: 10 }, ACCOUNTS.salesNav);
    expect(res.pagination.total).toBe(Math.min(1000, world.people.length));
    expect(res.pagination.hasMore).toBe(false);
  });

  it('refuses a url that is not a URL, naming the field', () => {
    expect(() => call('G4', { url: 'not a url' })).toThrow(DomainError);
    expect(() => call('G4', { url: 'not a url' })).toThrow(/^url: not a valid search URL/);
  });
});

describe('G8 geo', () => {
  it('finds real places with ISO country codes', () => {
    const res = call('G8', { keywords: 'berlin' });
    expect(res.locations[0]).toMatchObject({ countryCode: 'DE' });
    expect(res.locations[0].name).toContain('Berlin');
  });
});

describe('details', () => {
  it('G5, G6, G7 answer from the world and 404 with what was not found', () => {
    const j = world.jobs[0]!;
    expect(call('G5', { jobId: j.jobId }).job).toMatchObject({ jobId: j.jobId, title: j.title, requirements: j.requirements });
    const c = world.companies[0]!;
    expect(call('G6', { companyId: c.universalName }).company).toMatchObject({ companyId: c.companyId, employeeCount: c.employeeCount });
    const g = world.groups[0]!;
    expect(call('G7', { groupId: g.groupId }).group).toMatchObject({ groupId: g.groupId, name: g.name, isPrivate: g.isPrivate });
    expect(() => call('G5', { jobId: '1' })).toThrow('Job not found: 1');
    expect(() => call('G6', { companyId: 'no-such-company-xyz' })).toThrow('Company not found: no-such-company-xyz');
    expect(() => call('G7', { groupId: '1' })).toThrow('Group not found: 1');
  });

  it('F3 honours the include flags and shows contact details to 1st-degree connections only', () => {
    const view = h.deps.view(ACCOUNTS.free);
    const friend = findPerson(world, view.connections[0]!.personId)!;
    const full = call('F3', { profileUrl: friend.profileUrl, includeContact: true });
    expect(full.experience).toHaveLength(friend.experience.length);
    expect(full.contactInfo).toEqual({ email: friend.email, phone: friend.phone });
    const bare = call('F3', { profileUrl: friend.profileId, includeExperience: false, includeEducation: false });
    expect(bare.experience).toEqual([]);
    expect(bare.education).toEqual([]);
    expect(bare).not.toHaveProperty('contactInfo');
    const stranger = world.people.find((p) => h.deps.network.degreeOf(ACCOUNTS.free, p.id) === 3 && p.email)!;
    expect(call('F3', { profileUrl: stranger.profileId, includeContact: true }).contactInfo).toEqual({ email: null, phone: null });
  });

  it('F4 lists organizations with a total', () => {
    const res = call('F4', { size: 'B', count: 100 });
    expect(res.total).toBe(world.companies.filter((c) => c.sizeCode === 'B').length);
    expect(res.organizations.length).toBe(Math.min(100, res.total));
  });
});

describe('group members and event attendees', () => {
  const group = world.groups.find((g) => g.members.some((m) => m.role === 'Owner') && g.members.length > 12)!;

  it('F1 filters by role and pages by limit/offset', () => {
    const owners = call('F1', { groupId: group.groupId, filters: { role: ['Owner'] } });
    expect(owners.members.length).toBeGreaterThan(0);
    for (const m of owners.members) expect(m.role).toBe('Owner');
    const first = call('F1', { groupId: group.groupId, limit: 5, offset: 0 });
    const second = call('F1', { groupId: group.groupId, limit: 5, offset: 5 });
    expect(first.hasMore).toBe(true);
    expect(new Set([...first.members, ...second.members].map((m: { profileId: string }) => m.profileId)).size).toBe(10);
  });

  it('F2 takes a group URL and refuses anything else with 400 naming groupUrl', () => {
    expect(call('F2', { groupUrl: group.groupUrl, count: 3 }).members).toHaveLength(3);
    expect(() => call('F2', { groupUrl: 'https://example.com/x' })).toThrow(/^groupUrl: not a group URL/);
  });

  it('F5 filters by membership status', () => {
    for (const m of call('F5', { group: group.groupUrn ?? group.groupId, membershipStatus: 'OWNER' }).members) expect(m.role).toBe('Owner');
  });

  it('F6 pages attendees 10 at a time, the same for the same event, from an id or a URL', () => {
    const byId = call('F6', { event: '7123456789' });
    expect(byId.attendees).toHaveLength(10);
    expect(byId.hasMore).toBe(true);
    expect(call('F6', { event: 'https://www.network.example/events/summit-7123456789/' }).attendees).toEqual(byId.attendees);
    expect(call('F6', { event: 'https://www.network.example/search/results/people/?eventAttending=%5B%227123456789%22%5D' }).attendees).toEqual(byId.attendees);
    const next = call('F6', { event: '7123456789', start: 10 });
    expect(next.attendees.map((a: { profileUrl: string }) => a.profileUrl)).not.toContain(byId.attendees[0].profileUrl);
    expect(() => call('F6', { event: 'tomorrow' })).toThrow(/^event: expected a numeric event id/);
  });
});
