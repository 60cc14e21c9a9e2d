import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ACCOUNT_NOT_FOUND,
  PER_MINUTE_LIMITS,
  requirementFor,
  requirementWords,
  isWrite,
  type AnyEndpoint,
  type Requirement,
  type ValidationIssue,
} from '../contract/index.js';
import { describeDelay } from '../client/errors.js';
import { ClientError } from '../client/types.js';
import { quotaUri, ACCOUNTS_URI } from './changes.js';

/**
 * Every failed tool call becomes one error envelope an agent can branch on
 * (`structuredContent.error`), and the same facts as text for hosts that show
 * the model only the text. Codes come from one closed list (README, "Tool
 * errors"). Never includes secrets; input the service echoes is quoted only
 * truncated and with control characters escaped.
 */

export const ERROR_CODES = [
  'validation', // the input breaks a rule: fix the named field
  'not_found', // an id names nothing this account can see
  'plan_required', // the account lacks premium or a sales-navigation seat
  'quota_exhausted', // a daily/weekly/monthly quota is used up until its reset
  'rate_limited', // a per-minute limit: retry after the given seconds
  'queue_timeout', // too many calls queued locally for the per-minute limit
  'outside_working_hours', // the account's working hours are closed
  'paced', // too soon after the account's previous write
  'confirmation_declined', // the user declined or cancelled the confirmation
  'confirmation_unavailable', // the write needs confirmation and the client cannot ask
  'confirmation_invalid', // a confirmation answer that fits no pending call (altered, replayed, empty)
  'account_unavailable', // the account is in error or on hold
  'already_done', // the state the write would create exists already
  'conflict', // the request clashes with an earlier one (e.g. idempotency key reuse)
  'unauthorized', // the API key was refused
  'forbidden', // the account may not do this (not a plan matter)
  'cancelled', // the caller cancelled the call
  'service_error', // the service failed (5xx)
  'unreachable', // the service could not be reached
  'schema_drift', // the service answered in a shape the contract does not know
  'internal_error', // a bug in outreach-mcp
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What happened to a write that failed. */
export type WriteOutcome = 'not_sent' | 'may_have_landed' | 'already_done';

export interface ToolErrorEnvelope {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
  retryAt?: string;
  field?: string;
  /** Quota feature (quota_exhausted) or the plan a tool needs (plan_required: premium | salesNavigator). */
  feature?: string;
  quota?: { limit: number; used: number; resetAt: string };
  remediation: string;
  /** Writes only: whether anything reached the network. */
  outcome?: WriteOutcome;
  /** Writes that may have landed: retrying with this key performs the write at most once. */
  idempotencyKey?: string;
}

/** Most validation issues an error text lists. */
const MAX_ISSUES = 5;

/** Longest quoted text (service messages echo input) an error carries. */
export const MAX_QUOTED_CHARS = 200;

/** Control characters written as escapes, so no terminal sequence reaches the agent's host. */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Escaped and cut to `max` characters, saying how much was cut. */
export function quoteSafe(text: string, max = MAX_QUOTED_CHARS): string {
  const escaped = escapeControls(text);
  if (escaped.length <= max) return escaped;
  return `${escaped.slice(0, max)}… (${escaped.length - max} more characters)`;
}

/** Messages: each part cut separately, so a long echoed id does not hide the rest. */
function safeMessage(text: string): string {
  // Service messages put the echoed input after ": " — cut every segment on its own.
  return text
    .split(/(: )/)
    .map((part) => (part === ': ' ? part : quoteSafe(part)))
    .join('');
}

export interface ErrorContext {
  /** The (parsed) input of the call, for input-dependent requirements and the account. */
  input?: Readonly<Record<string, unknown>>;
  /** The account the call acted for, when known. */
  accountId?: string;
  /** The idempotency key a write was sent with. */
  idempotencyKey?: string;
  now?: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function retryTiming(retryAfterMs: number | undefined, now: number, resetAt?: string): Pick<ToolErrorEnvelope, 'retryAfterSeconds' | 'retryAt'> {
  if (resetAt) return { retryAfterSeconds: seconds(Math.max(0, Date.parse(resetAt) - now)), retryAt: resetAt };
  if (retryAfterMs === undefined) return {};
  return { retryAfterSeconds: seconds(retryAfterMs), retryAt: new Date(now + retryAfterMs).toISOString() };
}

function groupWords(e: AnyEndpoint): string {
  const perMinute = PER_MINUTE_LIMITS[e.group];
  return perMinute === null ? `the ${e.group} group` : `the ${e.group} group (${perMinute} calls/min per account)`;
}

function accountWords(ctx: ErrorContext): string {
  return ctx.accountId ? `account ${ctx.accountId}` : 'this account';
}

/** One wording for every validation failure, whoever caught it (this server, the client or the service). */
export function validationEnvelope(e: AnyEndpoint, issues: readonly ValidationIssue[], fallback?: string): ToolErrorEnvelope {
  // Five issues say enough; a list of 50 bad entries must not flood the agent's context.
  const shown = issues.slice(0, MAX_ISSUES).map((i) => `${i.path.length ? i.path.join('.') : '(input)'}: ${safeMessage(i.message)}`);
  if (issues.length > MAX_ISSUES) shown.push(`(${issues.length - MAX_ISSUES} more issues)`);
  const described = shown.join('; ');
  const first = issues.find((i) => i.path.length > 0);
  return {
    code: 'validation',
    message: `Invalid input for ${e.tool}: ${described || safeMessage(fallback ?? 'the input breaks a rule')}`,
    retryable: false,
    ...(first ? { field: first.path.join('.') } : {}),
    remediation: 'Fix the named field(s) and call again; nothing was sent.',
    ...(isWrite(e) ? { outcome: 'not_sent' as const } : {}),
  };
}

const PLAN_WORDS = /premium|sales navigator|sales-navigation|seat/i;
const ALREADY_WORDS = /\balready\b/i;
/** "groupUrl: not a group URL" — the service names the field first. */
const FIELD_PREFIX = /^([A-Za-z][A-Za-z0-9.]*): /;
const NON_ACCOUNT_THINGS = /\b(post|profile|conversation|comment|group|company|job|event|invitation|thread|page)\b/i;

function planFrom(e: AnyEndpoint, ctx: ErrorContext, message: string): Requirement {
  return requirementFor(e, ctx.input ?? {}) ?? (/sales/i.test(message) ? 'salesNavigator' : 'premium');
}

function planRequired(e: AnyEndpoint, ctx: ErrorContext, message: string, status: string): ToolErrorEnvelope {
  const plan = planFrom(e, ctx, message);
  return {
    code: 'plan_required',
    message: `${e.tool} needs ${requirementWords(plan)} and ${accountWords(ctx)} has none${status}: ${safeMessage(message)}`,
    retryable: false,
    feature: plan,
    remediation: `Pass the accountId of an account with ${requirementWords(plan)} (see ${ACCOUNTS_URI}); retrying with this account will not help.`,
  };
}

/** A failed write: did anything reach the network? */
function writeOutcome(e: AnyEndpoint, mayHaveLanded: boolean | undefined): Pick<ToolErrorEnvelope, 'outcome'> {
  if (!isWrite(e)) return {};
  return { outcome: mayHaveLanded ? 'may_have_landed' : 'not_sent' };
}

function mayHaveLanded(e: AnyEndpoint, ctx: ErrorContext, base: ToolErrorEnvelope): ToolErrorEnvelope {
  return {
    ...base,
    retryable: false,
    outcome: 'may_have_landed',
    ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
    remediation: ctx.idempotencyKey
      ? `The write may have happened. Check (e.g. with a list or status tool) before anything else; to retry safely call ${e.tool} again with idempotencyKey "${ctx.idempotencyKey}": it happens at most once.`
      : `The write may have happened. Check (e.g. with a list or status tool) before calling ${e.tool} again.`,
  };
}

export function clientErrorEnvelope(err: ClientError, e: AnyEndpoint, ctx: ErrorContext = {}): ToolErrorEnvelope {
  const d = err.details;
  const now = ctx.now ?? Date.now();
  const status = d.status !== undefined ? ` (${d.status})` : '';
  const message = safeMessage(stripNothingSent(d.message));
  switch (d.kind) {
    case 'validation':
      return validationEnvelope(e, d.issues ?? [], d.message);
    case 'bad_request': {
      if (PLAN_WORDS.test(d.message)) return { ...planRequired(e, ctx, d.message, status), ...writeOutcome(e, false) };
      if (ALREADY_WORDS.test(d.message)) return alreadyDone(e, message, status);
      const field = FIELD_PREFIX.exec(d.message)?.[1];
      return {
        code: 'validation',
        message: `Invalid input for ${e.tool}${status}: ${message}`,
        retryable: false,
        ...(field ? { field } : {}),
        remediation: 'Change the input as the message says and call again; nothing was sent.',
        ...writeOutcome(e, false),
      };
    }
    case 'auth':
      return {
        code: 'unauthorized',
        message: `The service refused the API key${status}: ${message}`,
        retryable: false,
        remediation: 'Set a valid OUTREACH_API_KEY and restart the server; retrying will not help.',
        ...writeOutcome(e, false),
      };
    case 'forbidden':
      if (PLAN_WORDS.test(d.message)) return { ...planRequired(e, ctx, d.message, status), ...writeOutcome(e, false) };
      return {
        code: 'forbidden',
        message: `${accountWords(ctx)} may not do this${status}: ${message}`,
        retryable: false,
        remediation: 'Retrying will not help; act on something this account may act on, or use another account.',
        ...writeOutcome(e, false),
      };
    case 'not_found': {
      const aboutAccount = d.message === ACCOUNT_NOT_FOUND || (/\baccount\b/i.test(d.message) && !NON_ACCOUNT_THINGS.test(d.message));
      return {
        code: 'not_found',
        message: `Not found${status}: ${message}`,
        retryable: false,
        remediation: aboutAccount
          ? `Pass an accountId from ${ACCOUNTS_URI} (or list_accounts).`
          : 'Check the id you passed: take it from a search or list result of this account.',
        ...writeOutcome(e, false),
      };
    }
    case 'conflict':
      if (ALREADY_WORDS.test(d.message) && !/idempotency/i.test(d.message)) return alreadyDone(e, message, status);
      return {
        code: 'conflict',
        message: `Conflict${status}: ${message}`,
        retryable: false,
        remediation: /idempotency/i.test(d.message)
          ? 'This idempotencyKey was used for a different request: use a new key for a new write.'
          : 'Read the current state before trying again.',
        ...writeOutcome(e, false),
      };
    case 'rate_limit':
      return {
        code: 'rate_limited',
        message: `Per-minute limit reached for ${groupWords(e)}${status}: ${message}`,
        retryable: true,
        ...retryTiming(d.retryAfterMs, now),
        remediation: 'Wait until retryAt, then call again; other groups are not affected.',
        ...writeOutcome(e, false),
      };
    case 'quota':
    case 'local_quota':
      return quotaEnvelope(err, e, ctx, now);
    case 'queue_timeout':
      return {
        code: 'queue_timeout',
        message: `Too many calls are queued for ${groupWords(e)}: ${message}`,
        retryable: true,
        ...retryTiming(d.retryAfterMs, now),
        remediation: 'Send fewer calls at once in this group; call again after retryAt.',
        ...writeOutcome(e, false),
      };
    case 'paced': {
      const outside = d.pacingReason === 'outside_hours';
      return {
        code: outside ? 'outside_working_hours' : 'paced',
        message: outside ? `Outside the working hours of ${accountWords(ctx)}: ${message}` : `Too soon after the previous write: ${message}`,
        retryable: true,
        ...retryTiming(d.retryAfterMs, now),
        remediation: outside
          ? 'Writes of this account wait for its working hours: call again at retryAt, or change the working hours (--working-hours).'
          : 'This account paces its writes like a person: call again at retryAt.',
        ...writeOutcome(e, false),
      };
    }
    case 'account_unavailable':
      return {
        code: 'account_unavailable',
        message: `${accountWords(ctx)} cannot act now${status}: ${message}`,
        retryable: d.retryAfterMs !== undefined,
        ...retryTiming(d.retryAfterMs, now),
        remediation: d.retryAfterMs !== undefined
          ? `Use another account (see ${ACCOUNTS_URI}) or call again after retryAt.`
          : `Use another account (see ${ACCOUNTS_URI}); this one needs attention in the service's dashboard.`,
        ...writeOutcome(e, false),
      };
    case 'cancelled': {
      const base: ToolErrorEnvelope = { code: 'cancelled', message: `Cancelled: ${message}`, retryable: false, remediation: 'Nothing to do unless the user asks again.' };
      return isWrite(e) && d.mayHaveLanded ? mayHaveLanded(e, ctx, base) : { ...base, ...writeOutcome(e, false) };
    }
    case 'server': {
      const base: ToolErrorEnvelope = {
        code: 'service_error',
        message: `The service failed${status}: ${message}`,
        retryable: true,
        remediation: 'Call again in a little while; report it if it persists.',
      };
      return isWrite(e) && d.mayHaveLanded !== false ? mayHaveLanded(e, ctx, base) : { ...base, ...writeOutcome(e, false) };
    }
    case 'network': {
      const base: ToolErrorEnvelope = {
        code: 'unreachable',
        message: `Could not reach the service: ${message}`,
        retryable: true,
        remediation: 'Check that the service (OUTREACH_BASE_URL) is up, then call again.',
      };
      return isWrite(e) && d.mayHaveLanded ? mayHaveLanded(e, ctx, base) : { ...base, ...writeOutcome(e, false) };
    }
    case 'schema_drift':
      return {
        code: 'schema_drift',
        message: `The service answered ${e.tool} in a shape the contract does not know: ${message}`,
        retryable: false,
        remediation: 'Report this to the operator; retrying will not help.',
      };
  }
}

function alreadyDone(e: AnyEndpoint, message: string, status: string): ToolErrorEnvelope {
  return {
    code: 'already_done',
    message: `Already done${status}: ${message}`,
    retryable: false,
    remediation: 'Nothing to repeat: the state this write would create exists already.',
    ...(isWrite(e) ? { outcome: 'already_done' as const } : {}),
  };
}

function quotaEnvelope(err: ClientError, e: AnyEndpoint, ctx: ErrorContext, now: number): ToolErrorEnvelope {
  const d = err.details;
  const feature = d.feature;
  const quota =
    d.limit !== undefined && d.resetAt !== undefined ? { limit: d.limit, used: d.used ?? d.limit, resetAt: d.resetAt } : undefined;
  const where = ctx.accountId ? ` on account ${ctx.accountId}` : '';
  const nothingSent = d.kind === 'local_quota' ? ' Refused before sending.' : '';
  const usageUri = ctx.accountId ? quotaUri(ctx.accountId) : `${ACCOUNTS_URI}/<accountId>/quota`;
  return {
    code: 'quota_exhausted',
    message: `The ${feature ?? ''}${feature ? ' ' : ''}quota is used up${where}.${nothingSent} ${safeMessage(stripNothingSent(d.message))}`.trim(),
    retryable: d.resetAt !== undefined || d.retryAfterMs !== undefined,
    ...retryTiming(d.retryAfterMs, now, d.resetAt),
    ...(feature ? { feature } : {}),
    ...(quota ? { quota } : {}),
    remediation: `Stop ${feature ?? 'this feature'} on this account until retryAt, or use another account; current usage: resource ${usageUri}.`,
    ...(isWrite(e) ? { outcome: 'not_sent' as const } : {}),
  };
}

/**
 * The client's own texts end with "Nothing was sent." (and the limiter's with
 * "; retry at … (in …)."): the envelope says both once, in `outcome` and `retryAt`.
 */
function stripNothingSent(text: string): string {
  return text.replace(/[\s;,]*\bNothing was sent\b[^]*$/i, '');
}

const OUTCOME_WORDS: Record<WriteOutcome, string> = {
  not_sent: 'refused, nothing was sent',
  may_have_landed: 'may have landed (the answer was lost)',
  already_done: 'already done, nothing was sent again',
};

/** The envelope as lines of text: every fact of structuredContent.error, for hosts that show only text. */
export function envelopeText(env: ToolErrorEnvelope): string {
  const lines = [`Error ${env.code}: ${env.message}`];
  if (env.field) lines.push(`field: ${env.field}`);
  if (env.feature && !env.quota) lines.push(`feature: ${env.feature}`);
  if (env.quota) lines.push(`quota: ${env.feature ?? ''} ${env.quota.used} of ${env.quota.limit} used, resets at ${env.quota.resetAt}`.replace('  ', ' '));
  const when = env.retryAt ? ` at ${env.retryAt}` : '';
  const after = env.retryAfterSeconds !== undefined ? ` (in ${describeDelay(env.retryAfterSeconds * 1000)})` : '';
  lines.push(`retryable: ${env.retryable ? `yes${when}${after}` : 'no'}`);
  if (env.outcome) lines.push(`outcome: ${OUTCOME_WORDS[env.outcome]}`);
  if (env.idempotencyKey) lines.push(`idempotencyKey: ${env.idempotencyKey}`);
  lines.push(`next: ${env.remediation}`);
  return lines.join('\n');
}

/** The isError tool result of an envelope: text and structuredContent.error carry the same facts. */
export function errorResult(env: ToolErrorEnvelope): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: envelopeText(env) }], structuredContent: { error: { ...env } } };
}

/** Any thrown value → its envelope. */
export function toolErrorEnvelope(err: unknown, e: AnyEndpoint, ctx: ErrorContext = {}): ToolErrorEnvelope {
  if (err instanceof ClientError) return clientErrorEnvelope(err, e, ctx);
  const message = err instanceof Error ? err.message : String(err);
  const base: ToolErrorEnvelope = {
    code: 'internal_error',
    message: `${e.tool} failed inside outreach-mcp: ${safeMessage(message)}`,
    retryable: false,
    remediation: 'Report this to the operator.',
  };
  return isWrite(e) ? mayHaveLanded(e, ctx, base) : base;
}

/** The text of a client error (resource reads answer protocol errors with it). */
export function describeClientError(err: ClientError, e: AnyEndpoint, now = Date.now()): string {
  return envelopeText(clientErrorEnvelope(err, e, { now }));
}
