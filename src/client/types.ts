import type { AnyEndpoint, ValidationIssue } from '../contract/index.js';
import type { QuotaReport } from '../contract/resources/quota.js';
import type { AccountSummary } from '../contract/resources/account.js';

/**
 * What the MCP layer needs from a client. The governed client implements it;
 * nothing above it knows whether the service is embedded or remote.
 */

export interface WaitProgress {
  /** Human text, e.g. "queued behind 3 writes for account …; ~8 s". */
  message: string;
  waitedMs: number;
  /** Estimated remaining wait, when known. */
  etaMs?: number;
}

export interface CallOptions {
  /** Cancels the call, including while it waits in the limiter queue. */
  signal?: AbortSignal;
  /** Called while the call waits in a limiter queue. */
  onProgress?: (progress: WaitProgress) => void;
  /** Reused on every retry of this logical call (writes). */
  idempotencyKey?: string;
  /** Longest the call may wait for a limiter slot before failing fast. */
  maxWaitMs?: number;
  /** Told once the service answered a write: replayed = the answer of an earlier call with the same idempotency key. */
  onAnswer?: (answer: { replayed: boolean }) => void;
}

export type ClientErrorKind =
  | 'validation' // 400 with issues, or local schema failure
  | 'bad_request' // other 400s (e.g. sales navigation required)
  | 'auth' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409/422 (idempotency key reuse)
  | 'rate_limit' // per-minute 429 from the service
  | 'quota' // quota 429 from the service
  | 'local_quota' // refused locally by the quota guard, nothing sent
  | 'queue_timeout' // would wait in the limiter longer than allowed
  | 'paced' // outside the account's working hours, or too soon after its last write
  | 'cancelled' // caller aborted
  | 'account_unavailable' // the service marked the account unusable now (code ACCOUNT_UNAVAILABLE)
  | 'server' // 5xx
  | 'network' // connection failure / timeout
  | 'schema_drift'; // response did not match the contract's output schema

export interface ClientErrorDetails {
  kind: ClientErrorKind;
  status?: number;
  /** The service's error text (spec section 7), or the client's own. */
  message: string;
  issues?: ValidationIssue[];
  /** When a retry may succeed, if known. */
  retryAfterMs?: number;
  /** Quota feature / limit / reset time, for quota refusals. */
  feature?: string;
  limit?: number;
  /** Units used in the quota window, when known. */
  used?: number;
  resetAt?: string;
  /** For 'paced': outside the working hours, or too soon after the previous write. */
  pacingReason?: 'outside_hours' | 'jitter';
  /** The endpoint the call was for. */
  endpointId?: string;
  /** For a failed write: true when it may have been performed (do not repeat it blindly). */
  mayHaveLanded?: boolean;
  /** Quota window of a local_quota refusal. */
  window?: string;
}

export class ClientError extends Error {
  readonly details: ClientErrorDetails;
  constructor(details: ClientErrorDetails) {
    super(details.message);
    this.name = 'ClientError';
    this.details = details;
  }
  get kind(): ClientErrorKind {
    return this.details.kind;
  }
}

/** One accessible connected account: the contract's type (the accounts-list entry's output). */
export type { AccountSummary } from '../contract/resources/account.js';

export interface OutreachClient {
  /** Validates input against the entry, governs, sends, parses the output schema. */
  call(endpoint: AnyEndpoint, input: Record<string, unknown>, options?: CallOptions): Promise<unknown>;
  /** Quota report (A7): free to read, also refreshes the local quota guard. */
  quota(accountId: string, options?: CallOptions): Promise<QuotaReport>;
  /** Accounts the key can act for (one read kept briefly and shared; fresh: true reads again). */
  accounts(options?: CallOptions & { fresh?: boolean }): Promise<AccountSummary[]>;
  /** Start-up reads (accounts, quota reports) off the request path; optional. */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}

/** Counters a governed client exposes (diagnostics, MCP status resources). */
export interface ClientStats {
  /** Answers whose body did not match the contract's output schema. */
  schemaDrift: number;
  /** Calls refused locally by the quota guard. */
  localQuotaRefusals: number;
  /** Per-minute 429s received from the service (should stay 0). */
  rateLimited: number;
  /** Retries sent (per-minute 429, connection refused, 5xx of reads / keyed writes). */
  retries: number;
  cacheHits: number;
  cacheMisses: number;
}
