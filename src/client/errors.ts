import type { AnyEndpoint, ValidationIssue } from '../contract/index.js';
import { summarizeIssues } from '../contract/index.js';
import { ClientError, type ClientErrorKind } from './types.js';

/**
 * Maps a non-2xx answer of the service (spec section 7) to a ClientError that
 * keeps the status, the service's own error text and, for validation errors,
 * the field paths.
 */

export type Headers = Record<string, string | string[] | undefined>;

export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

interface AltErrorObject {
  code?: unknown;
  message?: unknown;
  details?: { field?: unknown; reason?: unknown };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toIssue(raw: unknown): ValidationIssue | undefined {
  if (!isRecord(raw)) return undefined;
  const path = Array.isArray(raw.path) ? raw.path.map((p) => String(p)) : [];
  const issue: ValidationIssue = {
    code: typeof raw.code === 'string' ? raw.code : 'invalid',
    path,
    message: typeof raw.message === 'string' ? raw.message : 'Invalid value',
  };
  if (typeof raw.expected === 'string') issue.expected = raw.expected;
  if (typeof raw.received === 'string') issue.received = raw.received;
  return issue;
}

interface ParsedErrorBody {
  message: string;
  issues?: ValidationIssue[];
  /** Machine code of the body (`code: "ACCOUNT_UNAVAILABLE"`), when the service sent one. */
  code?: string;
  /** When the refusal ends (`retryAt`, ISO date-time), when the service knows it. */
  retryAt?: string;
}

/** The service's machine code for account-health refusals (cross-team agreement). */
export const ACCOUNT_UNAVAILABLE_CODE = 'ACCOUNT_UNAVAILABLE';

/** The body's `code` and `retryAt` next to the spec's `error` string. */
function machineFields(body: Record<string, unknown>): Pick<ParsedErrorBody, 'code' | 'retryAt'> {
  const out: Pick<ParsedErrorBody, 'code' | 'retryAt'> = {};
  if (typeof body.code === 'string') out.code = body.code;
  if (typeof body.retryAt === 'string' && !Number.isNaN(Date.parse(body.retryAt))) out.retryAt = new Date(Date.parse(body.retryAt)).toISOString();
  return out;
}

/** Reads the three error body shapes of spec section 7. */
export function parseErrorBody(status: number, body: unknown): ParsedErrorBody {
  const fallback = `HTTP ${status}`;
  if (typeof body === 'string') return { message: body.trim() ? body.trim().slice(0, 500) : fallback };
  if (!isRecord(body)) return { message: fallback };
  const error = body.error;
  if (typeof error === 'string') return { message: error, ...machineFields(body) };
  if (isRecord(error)) {
    if (Array.isArray(error.issues)) {
      const issues = error.issues.map(toIssue).filter((i): i is ValidationIssue => i !== undefined);
      return { message: issues.length ? `Validation failed: ${summarizeIssues(issues)}` : 'Validation failed', issues };
    }
    const alt = error as AltErrorObject;
    const message = typeof alt.message === 'string' ? alt.message : typeof alt.code === 'string' ? alt.code : fallback;
    const field = alt.details?.field;
    if (typeof field === 'string') {
      const reason = typeof alt.details?.reason === 'string' ? alt.details.reason : message;
      return {
        message,
        issues: [{ code: typeof alt.code === 'string' ? alt.code : 'invalid', path: field.split('.'), message: reason }],
      };
    }
    return { message };
  }
  if (typeof body.message === 'string') return { message: body.message };
  return { message: fallback };
}

const QUOTA_WORDS = /\bquota\b|\bdaily\b|\bweekly\b|\bmonthly\b/i;
const PER_MINUTE_WORDS = /per[- ]minute|\/min\b|calls per minute|requests per minute/i;

/**
 * A per-minute 429 carries X-RateLimit-* and a Retry-After of at most 60 s
 * (spec section 8); a quota 429 names the quota and its reset time (rule 5).
 */
export function isPerMinute429(headers: Headers, message: string, retryAfterMs: number | undefined): boolean {
  if (PER_MINUTE_WORDS.test(message)) return true;
  if (QUOTA_WORDS.test(message)) return false;
  const hasRateHeaders = header(headers, 'x-ratelimit-limit') !== undefined;
  return hasRateHeaders && retryAfterMs !== undefined && retryAfterMs <= 60_000;
}

const QUOTA_USAGE = /quota exceeded for ([A-Z_0-9]+): (\d+) of (\d+) used/i;
const ISO_IN_TEXT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})/;

function kindForStatus(status: number, hasIssues: boolean): ClientErrorKind {
  if (status === 400 || status === 422) return hasIssues ? 'validation' : status === 422 ? 'conflict' : 'bad_request';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'server';
  return 'bad_request';
}

export function errorFromResponse(
  endpoint: Pick<AnyEndpoint, 'id'> | undefined,
  status: number,
  headers: Headers,
  body: unknown,
  nowMs: number,
  write: boolean,
): ClientError {
  const parsed = parseErrorBody(status, body);
  const endpointId = endpoint?.id;
  if (parsed.code === ACCOUNT_UNAVAILABLE_CODE) {
    const retryMs = parsed.retryAt ? Date.parse(parsed.retryAt) - nowMs : undefined;
    return new ClientError({
      kind: 'account_unavailable',
      status,
      message: parsed.message,
      ...(retryMs !== undefined ? { retryAfterMs: Math.max(0, retryMs) } : {}),
      ...(endpointId ? { endpointId } : {}),
      ...(write ? { mayHaveLanded: false } : {}),
    });
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(header(headers, 'retry-after'), nowMs);
    if (isPerMinute429(headers, parsed.message, retryAfterMs)) {
      return new ClientError({
        kind: 'rate_limit',
        status,
        message: parsed.message,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(endpointId ? { endpointId } : {}),
        ...(write ? { mayHaveLanded: false } : {}),
      });
    }
    const resetAt = ISO_IN_TEXT.exec(parsed.message)?.[0];
    const resetMs = resetAt ? Date.parse(resetAt) : NaN;
    // "Daily quota exceeded for CONNECT: 25 of 25 used; resets at …" (the service's quota text)
    const usage = QUOTA_USAGE.exec(parsed.message);
    return new ClientError({
      kind: 'quota',
      status,
      message: parsed.message,
      ...(usage ? { feature: usage[1]!, used: Number(usage[2]), limit: Number(usage[3]) } : {}),
      ...(resetAt && !Number.isNaN(resetMs) ? { resetAt: new Date(resetMs).toISOString(), retryAfterMs: Math.max(0, resetMs - nowMs) } : {}),
      ...(endpointId ? { endpointId } : {}),
      ...(write ? { mayHaveLanded: false } : {}),
    });
  }
  const kind = kindForStatus(status, parsed.issues !== undefined && parsed.issues.length > 0);
  return new ClientError({
    kind,
    status,
    message: parsed.message,
    ...(parsed.issues ? { issues: parsed.issues } : {}),
    ...(endpointId ? { endpointId } : {}),
    // A 4xx was refused before acting; a 5xx of a write may or may not have acted.
    ...(write ? { mayHaveLanded: status >= 500 } : {}),
  });
}

/** "in 3 h 5 min" / "in 42 s": what an agent needs to plan a retry. */
export function describeDelay(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 120) return `${s} s`;
  const min = Math.ceil(s / 60);
  if (min < 120) return `${min} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}
