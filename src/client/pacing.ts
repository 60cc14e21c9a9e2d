import { DateTime } from 'luxon';

/**
 * Human pacing for writes: optional working hours per account (time zone,
 * days, hours) and a random pause between consecutive writes, so outreach
 * looks like a careful person rather than a script.
 */

export interface WorkingHours {
  timeZone: string;
  /** ISO weekdays the window may start on: 1 = Monday ... 7 = Sunday. */
  days: number[];
  /** Minutes after local midnight; end <= start means the window runs past midnight. */
  startMinute: number;
  endMinute: number;
}

export interface PacingPolicy {
  hours?: WorkingHours;
  /** Pause drawn uniformly from [minMs, maxMs] after each write on the same account. */
  jitter?: { minMs: number; maxMs: number };
}

const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function parseDay(name: string): number {
  const index = DAY_NAMES.indexOf(name.slice(0, 3).toLowerCase());
  if (index < 0) throw new Error(`working hours: unknown day "${name}" (use Mon..Sun)`);
  return index + 1;
}

function parseDays(spec: string): number[] {
  const days = new Set<number>();
  for (const part of spec.split(',')) {
    const [from, to] = part.split('-');
    if (!from) throw new Error(`working hours: empty day in "${spec}"`);
    const start = parseDay(from);
    const end = to ? parseDay(to) : start;
    for (let d = start; ; d = (d % 7) + 1) {
      days.add(d);
      if (d === end) break;
    }
  }
  return [...days].sort((a, b) => a - b);
}

function parseMinute(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`working hours: time "${text}" must be HH:MM`);
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes !== 0)) throw new Error(`working hours: time "${text}" is out of range`);
  return hours * 60 + minutes;
}

/** Parses "Europe/Paris Mon-Fri 09:00-18:00" (days may be a list: "Mon,Wed,Fri"). */
export function parseWorkingHours(spec: string): WorkingHours {
  const parts = spec.trim().split(/\s+/);
  if (parts.length !== 3) throw new Error(`working hours: expected "<TimeZone> <Days> <HH:MM-HH:MM>", got "${spec}"`);
  const [timeZone, daySpec, range] = parts as [string, string, string];
  if (!DateTime.now().setZone(timeZone).isValid) throw new Error(`working hours: unknown time zone "${timeZone}"`);
  const [start, end] = range.split('-');
  if (!start || !end) throw new Error(`working hours: hours "${range}" must be HH:MM-HH:MM`);
  const startMinute = parseMinute(start);
  const endMinute = parseMinute(end);
  if (startMinute === endMinute) throw new Error(`working hours: "${range}" is an empty window`);
  return { timeZone, days: parseDays(daySpec), startMinute, endMinute };
}

/** Windows [start, end) in epoch ms whose start falls on the local days around `nowMs`. */
function windowsAround(hours: WorkingHours, nowMs: number): Array<[number, number]> {
  const today = DateTime.fromMillis(nowMs, { zone: hours.timeZone }).startOf('day');
  const windows: Array<[number, number]> = [];
  for (let offset = -1; offset <= 8; offset++) {
    const day = today.plus({ days: offset });
    if (!hours.days.includes(day.weekday)) continue;
    const start = day.plus({ minutes: hours.startMinute });
    const endDay = hours.endMinute <= hours.startMinute ? day.plus({ days: 1 }) : day;
    const end = endDay.plus({ minutes: hours.endMinute });
    windows.push([start.toMillis(), end.toMillis()]);
  }
  return windows;
}

/** nowMs when inside the working hours, else the start of the next window. */
export function nextAllowedAt(hours: WorkingHours | undefined, nowMs: number): number {
  if (!hours) return nowMs;
  let next = Number.POSITIVE_INFINITY;
  for (const [start, end] of windowsAround(hours, nowMs)) {
    if (nowMs >= start && nowMs < end) return nowMs;
    if (start > nowMs) next = Math.min(next, start);
  }
  return next;
}

export function describeWorkingHours(hours: WorkingHours): string {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const days = hours.days.map((d) => DAY_NAMES[d - 1]).join(',');
  return `${hours.timeZone} ${days} ${hhmm(hours.startMinute)}-${hhmm(hours.endMinute)}`;
}

export type PacingDecision = { ok: true } | { ok: false; notBefore: number; reason: 'outside_hours' | 'jitter' };

/** Per-account pacing state: when the next write may go. */
export class PacingGate {
  private readonly nextWriteAt = new Map<string, number>();

  constructor(
    private readonly policyFor: (accountId: string) => PacingPolicy | undefined,
    private readonly random: () => number = Math.random,
  ) {}

  check(accountId: string, nowMs: number): PacingDecision {
    const policy = this.policyFor(accountId);
    if (!policy) return { ok: true };
    const open = nextAllowedAt(policy.hours, nowMs);
    if (open > nowMs) return { ok: false, notBefore: open, reason: 'outside_hours' };
    const after = this.nextWriteAt.get(accountId) ?? 0;
    if (after > nowMs) return { ok: false, notBefore: after, reason: 'jitter' };
    return { ok: true };
  }

  /** Records a write that was sent; schedules the next earliest write. */
  recordWrite(accountId: string, nowMs: number): void {
    const jitter = this.policyFor(accountId)?.jitter;
    if (!jitter) return;
    const pause = jitter.minMs + Math.floor(this.random() * (jitter.maxMs - jitter.minMs + 1));
    this.nextWriteAt.set(accountId, nowMs + pause);
  }
}

/**
 * Pacing from configuration: `hours` is one spec for every account, or
 * "ACCOUNT=SPEC;ACCOUNT=SPEC;*=SPEC"; `jitter` is "MIN-MAX" seconds between
 * writes on one account (e.g. "30-90").
 */
export function parsePacing(hours: string | undefined, jitter: string | undefined): ((accountId: string) => PacingPolicy | undefined) | undefined {
  if (hours === undefined && jitter === undefined) return undefined;
  const byAccount = new Map<string, WorkingHours>();
  let everyone: WorkingHours | undefined;
  if (hours !== undefined) {
    if (hours.includes('=')) {
      for (const part of hours.split(';').map((p) => p.trim()).filter(Boolean)) {
        const eq = part.indexOf('=');
        const who = part.slice(0, eq).trim().toLowerCase();
        const spec = parseWorkingHours(part.slice(eq + 1));
        if (who === '*') everyone = spec;
        else if (/^[a-f0-9]{24}$/.test(who)) byAccount.set(who, spec);
        else throw new Error(`working hours: "${who}" is neither an account id (24 hex) nor *`);
      }
    } else {
      everyone = parseWorkingHours(hours);
    }
  }
  let pause: PacingPolicy['jitter'];
  if (jitter !== undefined) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(jitter);
    if (!m || Number(m[1]) > Number(m[2])) throw new Error(`write jitter: expected "MIN-MAX" seconds with MIN <= MAX, got "${jitter}"`);
    pause = { minMs: Math.round(Number(m[1]) * 1000), maxMs: Math.round(Number(m[2]) * 1000) };
  }
  return (accountId) => {
    const spec = byAccount.get(accountId.toLowerCase()) ?? everyone;
    if (!spec && !pause) return undefined;
    return { ...(spec ? { hours: spec } : {}), ...(pause ? { jitter: pause } : {}) };
  };
}
