import { PER_MINUTE_LIMITS, summarizeIssues, type AnyEndpoint } from '../contract/index.js';
import { ClientError } from '../client/types.js';

/**
 * Turns a failed call into one message an agent can act on: what went wrong,
 * which field or limit, and whether and when to retry. Never includes secrets:
 * only the service's own error text and the client's details are used.
 */

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function retryHint(retryAfterMs: number | undefined, now: number): string {
  if (retryAfterMs === undefined) return 'Retry later.';
  return `Retry after ${seconds(retryAfterMs)} s (at ${new Date(now + retryAfterMs).toISOString()}).`;
}

function windowText(e: AnyEndpoint): string {
  const perMinute = PER_MINUTE_LIMITS[e.group];
  return perMinute === null ? `the ${e.group} group` : `the ${e.group} group (${perMinute} calls/min per account)`;
}

/** A write may have landed when the answer was lost; say so instead of inviting a blind retry. */
function writeCaution(e: AnyEndpoint): string {
  return e.annotations.readOnlyHint
    ? ''
    : ' This tool changes things: check whether it already took effect before calling it again.';
}

export function describeClientError(err: ClientError, e: AnyEndpoint, now = Date.now()): string {
  const d = err.details;
  const status = d.status !== undefined ? ` (${d.status})` : '';
  switch (d.kind) {
    case 'validation': {
      const fields = d.issues && d.issues.length > 0 ? summarizeIssues(d.issues) : d.message;
      return `Invalid input for ${e.tool}${status}: ${fields}. Fix the named field(s) and call again.`;
    }
    case 'bad_request': {
      const seat =
        e.requires === 'salesNavigator'
          ? ' This tool needs an account with an active sales-navigation seat: pass the accountId of such an account (see resource outreach://accounts).'
          : e.requires === 'premium'
            ? ' This tool needs a premium account: pass the accountId of one (see resource outreach://accounts).'
            : '';
      return `${e.tool} was rejected${status}: ${d.message}.${seat}`;
    }
    case 'auth':
      return `The service rejected the API key${status}: ${d.message}. Check OUTREACH_API_KEY; retrying will not help.`;
    case 'forbidden':
      return `Not permitted${status}: ${d.message}. This key may not use ${e.tool}; retrying will not help.`;
    case 'not_found':
      return (
        `Not found${status}: ${d.message}. Check the ids you passed` +
        (e.input.shape.accountId ? '; the accounts this key can use are listed in resource outreach://accounts.' : '.')
      );
    case 'conflict':
      return `Conflict${status}: ${d.message}.${writeCaution(e)}`;
    case 'rate_limit':
      return `Per-minute limit reached for ${windowText(e)}: ${d.message}. ${retryHint(d.retryAfterMs, now)}`;
    case 'quota':
    case 'local_quota': {
      const what = d.feature ? `${d.feature} quota` : 'quota';
      const limit = d.limit !== undefined ? ` (limit ${d.limit})` : '';
      const reset = d.resetAt ? ` It resets at ${d.resetAt}; do not retry before then.` : ` ${retryHint(d.retryAfterMs, now)}`;
      const local = d.kind === 'local_quota' ? ' Refused before sending: nothing was sent to the network.' : '';
      return `The ${what}${limit} is used up: ${d.message}.${reset}${local} Current usage: resource outreach://accounts/{accountId}/quota.`;
    }
    case 'queue_timeout':
      return `Too many calls are queued for ${windowText(e)}: ${d.message}. Nothing was sent. ${retryHint(d.retryAfterMs, now)}`;
    case 'paced':
      return `Not sent: ${d.message}. Nothing was sent. ${retryHint(d.retryAfterMs, now)}`;
    case 'cancelled':
      return `Cancelled: ${d.message}.`;
    case 'server':
      return `The service failed${status}: ${d.message}.${writeCaution(e) || ' Retry later.'}`;
    case 'network':
      return `Could not reach the service: ${d.message}.${writeCaution(e) || ' Retry later.'}`;
    case 'schema_drift':
      return `The service answered ${e.tool} in an unexpected shape: ${d.message}. Report this; retrying will not help.`;
  }
}

/** Any thrown value → the text of an isError tool result. */
export function describeToolError(err: unknown, e: AnyEndpoint, now = Date.now()): string {
  if (err instanceof ClientError) return describeClientError(err, e, now);
  const message = err instanceof Error ? err.message : String(err);
  return `${e.tool} failed inside outreach-mcp: ${message}.${writeCaution(e)}`;
}
