import { createHash } from 'node:crypto';
import type { Person, World } from '../../world/index.js';

/**
 * The model of simulated activity: who accepts, who looks at the profile,
 * who becomes a lead, and when. Every draw is a pure function of (world
 * seed, account, target, purpose), so the same world and the same actions
 * give the same timeline on every run and after every restart.
 *
 * Rates are chosen so a demo at --time-scale 60 (one real minute = one
 * simulated hour) sees events within minutes: an invitee looks at the
 * profile within 10 min–6 h, ambient views arrive every 1–5 h, a typical
 * acceptance takes the person's acceptDelayHours (median ~20 h).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A deterministic number in [0, 1) from its parts. */
export function unit(...parts: string[]): number {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  // 48 bits are plenty and stay exact in a double.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** A deterministic integer in [min, max]. */
function between(min: number, max: number, u: number): number {
  return min + Math.floor(u * (max - min + 1));
}

export interface InvitationOutcome {
  /** False: the invitation stays pending (the network never tells a sender about "ignore"). */
  accepts: boolean;
  /** From sending to accepting (meaningful when accepts). */
  delayMs: number;
}

/** Whether and when `person` accepts a connection request of `accountId`. */
export function invitationOutcome(world: World, accountId: string, person: Person): InvitationOutcome {
  const p = person.propensity;
  const accepts = unit(world.seed, accountId, person.id, 'accept') < p.acceptProbability;
  // Half to one and a half times the person's typical delay, at most three weeks.
  const hours = p.acceptDelayHours * (0.5 + unit(world.seed, accountId, person.id, 'accept-delay'));
  return { accepts, delayMs: Math.min(21 * DAY_MS, Math.max(10 * MINUTE_MS, Math.round(hours * HOUR_MS))) };
}

/** Whether the invitee looks at the account's profile after a request, and after how long. */
export function inviteeVisit(world: World, accountId: string, person: Person): { visits: boolean; delayMs: number } {
  const chance = Math.min(0.9, 0.3 + person.propensity.acceptProbability);
  return {
    visits: unit(world.seed, accountId, person.id, 'invite-visit') < chance,
    delayMs: between(10, 6 * 60, unit(world.seed, accountId, person.id, 'invite-visit-delay')) * MINUTE_MS,
  };
}

/** Whether a newly followed person looks at the account's profile, and after how long. */
export function followedVisit(world: World, accountId: string, person: Person): { visits: boolean; delayMs: number } {
  const chance = 0.1 + 0.3 * person.propensity.acceptProbability;
  return {
    visits: unit(world.seed, accountId, person.id, 'follow-visit') < chance,
    delayMs: between(30, 12 * 60, unit(world.seed, accountId, person.id, 'follow-visit-delay')) * MINUTE_MS,
  };
}

/** Whether a new connection turns into a lead, and how long after accepting. */
export function connectionLead(world: World, accountId: string, person: Person): { becomesLead: boolean; delayMs: number } {
  const chance = 0.15 + 0.35 * person.propensity.replyProbability;
  return {
    becomesLead: unit(world.seed, accountId, person.id, 'lead-connection') < chance,
    delayMs: between(30, 12 * 60, unit(world.seed, accountId, person.id, 'lead-connection-delay')) * MINUTE_MS,
  };
}

/** Share of named visitors who turn into a lead. */
export const VISITOR_LEAD_CHANCE = 0.1;

/** Whether a named visitor turns into a lead, and how long after the visit. */
export function visitorLead(world: World, accountId: string, personId: string, visitRef: string): { becomesLead: boolean; delayMs: number } {
  return {
    becomesLead: unit(world.seed, accountId, personId, visitRef, 'lead-visit') < VISITOR_LEAD_CHANCE,
    delayMs: between(5, 3 * 60, unit(world.seed, accountId, personId, visitRef, 'lead-visit-delay')) * MINUTE_MS,
  };
}

/** Share of ambient profile views that are anonymous (as in the generated history). */
export const ANONYMOUS_SHARE = 0.25;

export interface AmbientVisit {
  personId: string | null;
  anonymousLabel: string | null;
}

/** Gap before the n-th ambient profile view of an account: 1–5 hours. */
export function ambientGapMs(world: World, accountId: string, n: number): number {
  return between(60, 5 * 60, unit(world.seed, accountId, 'ambient-gap', String(n))) * MINUTE_MS;
}

/** Who makes the n-th ambient profile view. */
export function ambientVisitor(world: World, accountId: string, n: number): AmbientVisit {
  const u = (part: string) => unit(world.seed, accountId, 'ambient', String(n), part);
  const person = world.people[Math.floor(u('who') * world.people.length)] as Person;
  if (u('anonymous') >= ANONYMOUS_SHARE) return { personId: person.id, anonymousLabel: null };
  const labels = [
    `Someone at ${person.currentPosition.companyName}`,
    `${person.currentPosition.title} in the ${person.industry} industry`,
    'Anonymous network member',
  ];
  return { personId: null, anonymousLabel: labels[Math.floor(u('label') * labels.length)] as string };
}

/** A 19-digit invitation id, distinct per (account, person, sequence). */
export function invitationIdFor(world: World, accountId: string, personId: string, sequence: number): string {
  const digest = createHash('sha256').update([world.seed, accountId, personId, String(sequence), 'invitation'].join('\u0000')).digest();
  const n = digest.readBigUInt64BE(0) % 9_000_000_000_000_000_000n;
  return String(1_000_000_000_000_000_000n + n);
}

/** Ambient views missed while the service was down are replayed for at most this long. */
export const AMBIENT_CATCH_UP_MS = 7 * DAY_MS;
