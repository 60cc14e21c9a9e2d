import { findPerson, type Person } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import {
  AMBIENT_CATCH_UP_MS,
  ambientGapMs,
  ambientVisitor,
  connectionLead,
  visitorLead,
  type AmbientVisit,
} from './simulation.js';
import { knownAccount, rememberAccount, schedule, sql, touchNetwork, type DueRow } from './store.js';
import { eventPerson } from './targets.js';

/**
 * Simulated activity around an account: invitations accepted, profile views,
 * leads. Each is a row of actions_due, written when it becomes certain (at
 * the action that causes it) with its due time, and performed once by runDue.
 */

type LeadSource = 'connection' | 'profile_view';
interface LeadPayload {
  source: LeadSource;
  note: string | null;
}

/** Rows performed per runDue call at most; the rest wait for the next call. */
const MAX_ROWS_PER_RUN = 5_000;
const BATCH = 500;

/**
 * Records the account for background activity. The first time, its ambient
 * profile views start: a chain of views, each scheduling the next.
 */
export function touchAccount(deps: Omit<DomainDeps, 'network'>, account: ActingAccount): void {
  const now = deps.clock.now();
  if (rememberAccount(deps.db, account, now)) scheduleAmbient(deps, account.id, 0, now);
}

function scheduleAmbient(deps: Pick<DomainDeps, 'db' | 'world'>, accountId: string, n: number, afterMs: number): void {
  const world = deps.world();
  const visit: AmbientVisit = ambientVisitor(world, accountId, n);
  schedule(deps.db, accountId, 'visit', `ambient:${n}`, afterMs + ambientGapMs(world, accountId, n), visit);
}

/** Performs every due row up to nowMs, oldest first; a row is performed at most once. */
export function runDue(deps: DomainDeps, nowMs: number): void {
  const s = sql(deps.db);
  let performed = 0;
  while (performed < MAX_ROWS_PER_RUN) {
    const rows = s.due.all(nowMs, BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      performed++;
      try {
        // The row, its effects and its event commit together, or not at all.
        deps.db.transaction(() => {
          if (s.markDone.run(nowMs, row.id).changes === 1) perform(deps, row, nowMs);
        })();
      } catch (err) {
        // A row that cannot be performed is skipped, not retried forever.
        deps.logger.error({ err, kind: row.kind, ref: row.ref, accountId: row.account_id }, 'simulated activity failed');
        s.markDone.run(nowMs, row.id);
      }
    }
  }
}

function perform(deps: DomainDeps, row: DueRow, nowMs: number): void {
  const account = knownAccount(deps.db, row.account_id);
  if (!account) return;
  switch (row.kind) {
    case 'accept':
      return acceptInvitation(deps, account, row);
    case 'visit':
      return viewProfile(deps, account, row, nowMs);
    case 'lead':
      return captureLead(deps, account, row);
  }
}

function acceptInvitation(deps: DomainDeps, account: ActingAccount, row: DueRow): void {
  const s = sql(deps.db);
  const invitation = s.invitation.get(row.ref);
  if (!invitation || invitation.status !== 'pending') return;
  const world = deps.world();
  const person = findPerson(world, invitation.person_id);
  if (!person) return;
  const at = row.due_at_ms;
  s.acceptInvitation.run(at, invitation.invitation_id);
  // Connecting follows both ways on the network, unless the account chose otherwise before.
  if (!s.follow.get(account.id, person.id)) s.upsertFollow.run(account.id, person.id, 'person', 1, at);
  touchNetwork(deps.db, account.id);
  deps.emit(account.userId, account.id, 'connection.accepted', {
    accountId: account.id,
    ...eventPerson(person),
    connectionDate: new Date(at).toISOString(),
  });
  const lead = connectionLead(world, account.id, person);
  if (lead.becomesLead) {
    scheduleLead(deps, account.id, person, at + lead.delayMs, {
      source: 'connection',
      note: `Accepted your connection request: ${person.currentPosition.title} at ${person.currentPosition.companyName}`,
    });
  }
}

function viewProfile(deps: DomainDeps, account: ActingAccount, row: DueRow, nowMs: number): void {
  const visit = JSON.parse(row.payload) as AmbientVisit;
  const world = deps.world();
  const at = row.due_at_ms;
  const person = visit.personId === null ? undefined : findPerson(world, visit.personId);
  sql(deps.db).insertVisit.run(account.id, person?.id ?? null, person ? null : (visit.anonymousLabel ?? 'Anonymous network member'), at);
  deps.emit(account.userId, account.id, 'profile.viewed', {
    accountId: account.id,
    viewer: person ? eventPerson(person) : null,
    anonymous: person === undefined,
    viewedAt: new Date(at).toISOString(),
  });
  if (person) {
    const lead = visitorLead(world, account.id, person.id, row.ref);
    if (lead.becomesLead) {
      scheduleLead(deps, account.id, person, at + lead.delayMs, {
        source: 'profile_view',
        note: `Viewed your profile: ${person.currentPosition.title} at ${person.currentPosition.companyName}`,
      });
    }
  }
  const ambient = /^ambient:(\d+)$/.exec(row.ref);
  if (ambient) {
    // Views missed during a long downtime are replayed for the last week only.
    scheduleAmbient(deps, account.id, Number(ambient[1]) + 1, Math.max(at, nowMs - AMBIENT_CATCH_UP_MS));
  }
}

/** A person becomes a lead of an account at most once (ref = person id). */
function scheduleLead(deps: DomainDeps, accountId: string, person: Person, dueAtMs: number, payload: LeadPayload): void {
  schedule(deps.db, accountId, 'lead', person.id, dueAtMs, payload);
}

function captureLead(deps: DomainDeps, account: ActingAccount, row: DueRow): void {
  const person = findPerson(deps.world(), row.ref);
  if (!person) return;
  const payload = JSON.parse(row.payload) as LeadPayload;
  deps.emit(account.userId, account.id, 'lead.captured', {
    accountId: account.id,
    source: payload.source,
    profile: eventPerson(person),
    capturedAt: new Date(row.due_at_ms).toISOString(),
    note: payload.note,
  });
}
