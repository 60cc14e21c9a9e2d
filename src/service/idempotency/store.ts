import { createHash } from 'node:crypto';
import type { Db as Database } from '../store/sqlite.js';
import type { Migration } from '../store/migration.js';

/**
 * Idempotency-Key support for write endpoints (IETF httpapi draft header name).
 * The first response to a key is stored with a fingerprint of the request;
 * the same key with the same request replays it without acting again, with a
 * different request it is refused. Entries live for 24 hours.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, 1-255 characters (UUIDs, ULIDs, tokens). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencyMigrations: Migration[] = [
  {
    id: '0300_idempotency',
    up: `CREATE TABLE idempotency_keys (
      user_id TEXT NOT NULL,
      key TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      status INTEGER NOT NULL,
      body TEXT NOT NULL,
      endpoint_id TEXT NOT NULL,
      account_id TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, key)
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);`,
  },
];

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type IdempotencyLookup =
  | { kind: 'new' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch'; endpointId: string };

/** Stable fingerprint of what a request asks for: endpoint, account and input, key order ignored. */
export function fingerprint(endpointId: string, accountId: string | undefined, input: unknown): string {
  return createHash('sha256')
    .update(endpointId)
    .update('\0')
    .update(accountId ?? '')
    .update('\0')
    .update(canonicalJson(input))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  lookup(userId: string, key: string, print: string): IdempotencyLookup {
    const row = this.db
      .prepare(
        'SELECT fingerprint, status, body, endpoint_id AS endpointId FROM idempotency_keys WHERE user_id = ? AND key = ? AND expires_at > ?',
      )
      .get(userId, key, this.now()) as
      | { fingerprint: string; status: number; body: string; endpointId: string }
      | undefined;
    if (!row) return { kind: 'new' };
    if (row.fingerprint !== print) return { kind: 'mismatch', endpointId: row.endpointId };
    return { kind: 'replay', response: { status: row.status, body: JSON.parse(row.body) as unknown } };
  }

  /** Stores the response; call inside the same transaction as the write it answers. */
  save(
    userId: string,
    key: string,
    print: string,
    meta: { endpointId: string; accountId?: string },
    response: StoredResponse,
  ): void {
    const now = this.now();
    this.db
      .prepare(
        `INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, endpoint_id, account_id, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
           body = excluded.body, endpoint_id = excluded.endpoint_id, account_id = excluded.account_id,
           created_at = excluded.created_at, expires_at = excluded.expires_at`,
      )
      .run(userId, key, print, response.status, JSON.stringify(response.body), meta.endpointId, meta.accountId ?? null, now, now + IDEMPOTENCY_TTL_MS);
  }

  /** Drops expired entries; returns how many. */
  purgeExpired(): number {
    return this.db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?').run(this.now()).changes;
  }
}
