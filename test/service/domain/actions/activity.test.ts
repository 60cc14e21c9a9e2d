import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileVisitorsPage } from '../../../../src/contract/resources/account.js';
import type { ConnectionRequestSent, Relationship, SentInvitationsPage } from '../../../../src/contract/resources/profiles.js';
import { actionsModule } from '../../../../src/service/domain/actions/index.js';
import {
  AMBIENT_CATCH_UP_MS,
  ambientGapMs,
  ambientVisitor,
  connectionLead,
  invitationOutcome,
  inviteeVisit,
  visitorLead,
} from '../../../../src/service/domain/actions/simulation.js';
import { LeadCapturedData, ProfileViewedData } from '../../../../src/service/webhooks/events.js';
import { findPerson, type Person } from '../../../../src/service/world/index.js';
import { ACCOUNTS, EPOCH, testWorld } from '../harness.js';
import { DAY, HOUR, actionsHarness, eventsOf, openFileHarness, personWhere } from './helpers.js';

const me = ACCOUNTS.free;
const world = () => testWorld();
const iso = (ms: number) => new Date(ms).toISOString();
const notConnected = (p: Person) => actionsHarness().deps.view(me).degreeOf(p.id) !== 1;
const personOf = (p: Person) => ({ profileId: p.profileId, fullName: `${p.firstName} ${p.lastName}`, headline: p.headline });

/** The ambient views the model schedules for an account first seen at t0, up to `until`. */
function ambientUntil(t0: number, until: number) {
  const out: Array<{ n: number; at: number; personId: string | null; anonymousLabel: string | null }> = [];
  let at = t0;
  for (let n = 0; ; n++) {
    at += ambientGapMs(world(), me.id, n);
    if (at > until) return out;
    out.push({ n, at, ...ambientVisitor(world(), me.id, n) });
  }
}

describe('profile views', () => {
  it('arrive on the ambient schedule once the account is known, as events and in A8', () => {
    const h = actionsHarness();
    const t0 = h.clock.now();
    actionsModule.onAccount!(h.deps, me); // the service announces every account on its first activity run
    const expected = ambientUntil(t0, t0 + 3 * DAY);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.some((v) => v.personId === null)).toBe(true);

    h.clock.set(t0 + 3 * DAY);
    actionsModule.runDue!(h.deps, h.clock.now());
    const views = eventsOf(h, 'profile.viewed');
    expect(views.map((e) => e.data)).toEqual(
      expected.map((v) => ({
        accountId: me.id,
        viewer: v.personId === null ? null : personOf(findPerson(world(), v.personId)!),
        anonymous: v.personId === null,
        viewedAt: iso(v.at),
      })),
    );
    for (const e of views) {
      expect(ProfileViewedData.safeParse(e.data).success).toBe(true);
      expect([e.userId, e.accountId]).toEqual([me.userId, me.id]);
    }

    const page = h.call<ProfileVisitorsPage>(actionsModule, 'A8', me, { accountId: me.id, days: 7, count: expected.length });
    const newestFirst = [...expected].reverse();
    expect(page.visitors.map((v) => v.viewedAt)).toEqual(newestFirst.map((v) => iso(v.at)));
    page.visitors.forEach((v, i) => {
      const source = newestFirst[i]!;
      if (source.personId === null) expect(v).toMatchObject({ anonymous: true, name: source.anonymousLabel, profileUrl: null });
      else expect(v).toMatchObject({ anonymous: false, name: personOf(findPerson(world(), source.personId)!).fullName });
    });
    expect(page.hasMore).toBe(true); // the generated history follows
  });

  it('a connection request often earns a named view of the profile within hours', () => {
    const h = actionsHarness();
    const person = personWhere((p) => notConnected(p) && inviteeVisit(world(), me.id, p).visits);
    const sentAt = h.clock.now();
    const delay = inviteeVisit(world(), me.id, person).delayMs;
    expect(delay).toBeLessThanOrEqual(6 * HOUR);
    h.call(actionsModule, 'B3', me, { profileId: person.profileId });
    h.clock.set(sentAt + delay);
    actionsModule.runDue!(h.deps, h.clock.now());
    const byInvitee = eventsOf(h, 'profile.viewed').filter((e) => (e.data.viewer as { profileId: string } | null)?.profileId === person.profileId);
    expect(byInvitee.map((e) => e.data)).toEqual([
      { accountId: me.id, viewer: personOf(person), anonymous: false, viewedAt: iso(sentAt + delay) },
    ]);
    const visitors = h.call<ProfileVisitorsPage>(actionsModule, 'A8', me, { accountId: me.id, days: 7 }).visitors;
    expect(visitors.find((v) => v.viewedAt === iso(sentAt + delay))).toEqual({
      anonymous: false,
      name: `${person.firstName} ${person.lastName}`,
      headline: person.headline,
      location: person.location.name,
      profileUrl: person.profileUrl,
      viewedAt: iso(sentAt + delay),
    });
  });

  it('replays at most a week of ambient views after a long downtime', () => {
    const h = actionsHarness();
    const t0 = h.clock.now();
    actionsModule.onAccount!(h.deps, me); // the service announces every account on its first activity run
    h.clock.set(t0 + 60 * DAY);
    actionsModule.runDue!(h.deps, h.clock.now());
    const at = eventsOf(h, 'profile.viewed').map((e) => Date.parse(e.data.viewedAt as string));
    expect(at[0]).toBe(t0 + ambientGapMs(world(), me.id, 0));
    const rest = at.slice(1);
    expect(rest.length).toBeGreaterThan(7 * 24 / 5 - 1);
    expect(rest.length).toBeLessThanOrEqual(7 * 24);
    expect(rest.every((t) => t > h.clock.now() - AMBIENT_CATCH_UP_MS && t <= h.clock.now())).toBe(true);
  });
});

describe('leads', () => {
  it('an accepted connection becomes a lead once, with the exact data', () => {
    const h = actionsHarness();
    const person = personWhere(
      (p) => notConnected(p) && invitationOutcome(world(), me.id, p).accepts && connectionLead(world(), me.id, p).becomesLead,
    );
    const sentAt = h.clock.now();
    const capturedAt = sentAt + invitationOutcome(world(), me.id, person).delayMs + connectionLead(world(), me.id, person).delayMs;
    h.call(actionsModule, 'B3', me, { profileId: person.profileId });
    h.clock.set(capturedAt - 1);
    actionsModule.runDue!(h.deps, h.clock.now());
    const fromConnection = () => eventsOf(h, 'lead.captured').filter((e) => e.data.source === 'connection');
    expect(fromConnection()).toEqual([]);
    h.clock.set(capturedAt);
    actionsModule.runDue!(h.deps, h.clock.now());
    h.clock.advance(10 * DAY);
    actionsModule.runDue!(h.deps, h.clock.now());
    const leads = fromConnection();
    expect(leads.map((e) => e.data)).toEqual([
      {
        accountId: me.id,
        source: 'connection',
        profile: personOf(person),
        capturedAt: iso(capturedAt),
        note: `Accepted your connection request: ${person.currentPosition.title} at ${person.currentPosition.companyName}`,
      },
    ]);
    expect(LeadCapturedData.safeParse(leads[0]!.data).success).toBe(true);
  });

  it('some named visitors become leads, as the model says', () => {
    const h = actionsHarness();
    const t0 = h.clock.now();
    actionsModule.onAccount!(h.deps, me); // the service announces every account on its first activity run
    const until = t0 + 7 * DAY;
    const expected = ambientUntil(t0, until)
      .filter((v) => v.personId !== null)
      .map((v) => ({ v, lead: visitorLead(world(), me.id, v.personId!, `ambient:${v.n}`) }))
      .filter(({ v, lead }) => lead.becomesLead && v.at + lead.delayMs <= until)
      .sort((a, b) => a.v.at + a.lead.delayMs - (b.v.at + b.lead.delayMs));
    expect(expected.length).toBeGreaterThan(0);
    h.clock.set(until);
    actionsModule.runDue!(h.deps, h.clock.now());
    const leads = eventsOf(h, 'lead.captured');
    expect(leads.map((e) => [e.data.source, (e.data.profile as { profileId: string }).profileId, e.data.capturedAt])).toEqual(
      expected.map(({ v, lead }) => ['profile_view', findPerson(world(), v.personId!)!.profileId, iso(v.at + lead.delayMs)]),
    );
    for (const e of leads) expect(LeadCapturedData.safeParse(e.data).success).toBe(true);
  });
});

describe('runDue', () => {
  it('does nothing twice for the same time', () => {
    const h = actionsHarness();
    const person = personWhere((p) => notConnected(p) && invitationOutcome(world(), me.id, p).accepts);
    h.call(actionsModule, 'B3', me, { profileId: person.profileId });
    h.clock.advance(30 * DAY);
    actionsModule.runDue!(h.deps, h.clock.now());
    const once = h.events.length;
    expect(eventsOf(h, 'connection.accepted')).toHaveLength(1);
    actionsModule.runDue!(h.deps, h.clock.now());
    actionsModule.runDue!(h.deps, h.clock.now() - DAY);
    expect(h.events.length).toBe(once);
  });
});

describe('persistence', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('invitations, follows and the schedule survive a restart; nothing is performed twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'actions-'));
    dirs.push(dir);
    const file = join(dir, 'outreach.db');
    const t0 = EPOCH + HOUR;
    const view = actionsHarness().deps.view(me);
    const person = personWhere((p) => view.degreeOf(p.id) === 3 && invitationOutcome(world(), me.id, p).accepts);
    const followed = personWhere((p) => p.id !== person.id && !view.following.people.some((f) => f.personId === p.id));
    const acceptAt = t0 + invitationOutcome(world(), me.id, person).delayMs;

    let f = openFileHarness(file, t0);
    const sent = f.call<ConnectionRequestSent>('B3', me, { profileId: person.profileId });
    f.call('B1', me, { profileId: followed.profileId });
    f.close();

    f = openFileHarness(file, t0 + 60_000);
    expect(f.call<SentInvitationsPage>('B6', me, {}).invitations.map((i) => i.invitationId)).toEqual([sent.invitationId]);
    expect(f.call<Relationship>('B4', me, { profileId: followed.profileId }).following).toBe(true);
    expect(f.call<Relationship>('B4', me, { profileId: person.profileId }).invitationPending).toBe(true);
    f.clock.set(acceptAt);
    actionsModule.runDue!(f.deps, f.clock.now());
    expect(eventsOf(f, 'connection.accepted').map((e) => e.data.connectionDate)).toEqual([iso(acceptAt)]);
    f.close();

    f = openFileHarness(file, acceptAt);
    actionsModule.runDue!(f.deps, f.clock.now());
    expect(f.events).toEqual([]);
    expect(f.call<Relationship>('B4', me, { profileId: person.profileId })).toMatchObject({ degree: 1, connected: true, invitationPending: false });
    expect(f.call<SentInvitationsPage>('B6', me, {}).count).toBe(0);
    // The ambient chain carries on from the stored schedule.
    f.clock.set(acceptAt + 2 * DAY);
    actionsModule.runDue!(f.deps, f.clock.now());
    expect(eventsOf(f, 'profile.viewed').length).toBeGreaterThan(0);
    f.close();
  });
});
