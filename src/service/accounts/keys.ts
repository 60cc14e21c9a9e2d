import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../store/db.js';
import { ensureMeta, getMeta, setMeta } from '../store/db.js';

/**
 * API keys are bearer tokens in JWT form (HS256, the spec declares format JWT),
 * signed with a per-installation secret. The service stores only the key id,
 * owner, label, origin and times; a token is checked by signature, then by its
 * id not being revoked. A key given at start-up (--api-key / OUTREACH_API_KEY)
 * is stored as a SHA-256 hash only.
 *
 * Start-up keys rotate: each start installs exactly one start-up key (the
 * given one, or the demo key when none is given) and revokes the one an
 * earlier start installed. Keys made with `keys create` are never touched.
 */

/** Where a key came from. */
export type KeySource = 'startup' | 'created' | 'demo';

export interface KeyRecord {
  id: string;
  userId: string;
  label: string;
  kind: 'jwt' | 'static';
  source: KeySource;
  issuedAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** 'hand': keys revoke (final); 'rotation': a later start installed another start-up key. */
  revokedBy: 'hand' | 'rotation' | null;
}

export interface Principal {
  userId: string;
  keyId: string;
}

const ISSUER = 'outreach-mcp';
/** The first demo key's id (older data directories have it). */
const FIRST_DEMO_KEY_ID = 'demo-key';
const DEMO_KEY_META = 'demo_key_id';
/** last_used_at is written at most once per key per this interval. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface KeyRow {
  id: string;
  userId: string;
  label: string;
  kind: 'jwt' | 'static';
  source: KeySource;
  issuedAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  revokedBy: 'hand' | 'rotation' | null;
}

const COLUMNS = `id, user_id AS userId, label, kind, source, issued_at AS issuedAt, last_used_at AS lastUsedAt,
  revoked_at AS revokedAt, revoked_by AS revokedBy`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class KeyStore {
  private readonly secret: Uint8Array;
  /** When each key's last_used_at was last written by this process. */
  private readonly usedWritten = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = Buffer.from(ensureMeta(db, 'jwt_secret', () => randomBytes(32).toString('base64')), 'base64');
  }

  private sign(keyId: string, userId: string, issuedAt: number): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(keyId)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(this.secret);
  }

  private insertJwt(id: string, userId: string, label: string, source: KeySource, nowMs: number): void {
    this.db
      .prepare('INSERT INTO api_keys (id, user_id, label, kind, source, issued_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, userId, label, 'jwt', source, nowMs);
  }

  /** Makes a new signed key; the token is returned once and never stored. */
  async create(userId: string, label: string, nowMs: number): Promise<{ token: string; record: KeyRecord }> {
    const id = `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    this.insertJwt(id, userId, label, 'created', nowMs);
    return { token: await this.sign(id, userId, nowMs), record: this.get(id)! };
  }

  /**
   * Installs this start's one start-up key and returns it: the given key
   * (stored as a hash), or the installation's demo JWT when none is given
   * (re-derived from its id and issue time: the same token at every start).
   * Every other live start-up or demo key is revoked ("rotation"). A given key
   * that was revoked by hand stays revoked: start-up fails, saying so.
   */
  async startupKey(userId: string, nowMs: number, given?: string): Promise<string> {
    return given !== undefined ? this.installGiven(userId, nowMs, given) : this.installDemo(userId, nowMs);
  }

  private installGiven(userId: string, nowMs: number, given: string): string {
    const hash = sha256(given);
    return this.db.transaction(() => {
      this.claimWriteLock(nowMs);
      const row = this.db.prepare('SELECT id, revoked_at AS revokedAt, revoked_by AS revokedBy FROM api_keys WHERE static_hash = ?').get(hash) as
        | { id: string; revokedAt: number | null; revokedBy: string | null }
        | undefined;
      if (row?.revokedAt != null && row.revokedBy !== 'rotation') {
        throw new Error(
          `the start-up key (--api-key / OUTREACH_API_KEY) is ${row.id}, revoked by hand on ${iso(row.revokedAt)}; start with a new key`,
        );
      }
      const id = row?.id ?? `key_static_${hash.slice(0, 12)}`;
      if (!row) {
        this.db
          .prepare('INSERT INTO api_keys (id, user_id, label, kind, source, static_hash, issued_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(id, userId, 'start-up key (--api-key / OUTREACH_API_KEY)', 'static', 'startup', hash, nowMs);
      } else if (row.revokedAt != null) {
        this.db.prepare('UPDATE api_keys SET revoked_at = NULL, revoked_by = NULL WHERE id = ?').run(id);
      }
      this.rotateOut(id, nowMs);
      return given;
    })();
  }

  private async installDemo(userId: string, nowMs: number): Promise<string> {
    const row = this.db.transaction(() => {
      this.claimWriteLock(nowMs);
      const current = getMeta(this.db, DEMO_KEY_META) ?? FIRST_DEMO_KEY_ID;
      let demo = this.row(current);
      if (demo && demo.revokedAt !== null && demo.revokedBy === 'rotation') {
        // Rotated out by a start with a given key: the same demo key comes back.
        this.db.prepare('UPDATE api_keys SET revoked_at = NULL, revoked_by = NULL WHERE id = ?').run(demo.id);
        demo = { ...demo, revokedAt: null, revokedBy: null };
      }
      if (!demo || demo.revokedAt !== null) {
        // None yet, or revoked by hand: a fresh demo key under a new id.
        const id = demo ? `key_demo_${randomUUID().replace(/-/g, '').slice(0, 16)}` : FIRST_DEMO_KEY_ID;
        this.insertJwt(id, userId, demo ? 'demo key (replaces a revoked one)' : 'demo key', 'demo', nowMs);
        demo = this.row(id)!;
      }
      setMeta(this.db, DEMO_KEY_META, demo.id);
      this.rotateOut(demo.id, nowMs);
      return demo;
    })();
    return this.sign(row.id, row.userId, row.issuedAt);
  }

  /**
   * Writes first, so the transaction holds the write lock (waiting on busy)
   * before it reads: a read-then-write transaction in WAL mode fails at once
   * with "database is locked" when another process (an MCP server on the same
   * data directory) commits in between.
   */
  private claimWriteLock(nowMs: number): void {
    setMeta(this.db, 'last_start_at', String(nowMs));
  }

  /** Revokes every live start-up and demo key except `keep`. */
  private rotateOut(keep: string, nowMs: number): void {
    this.db
      .prepare(
        `UPDATE api_keys SET revoked_at = ?, revoked_by = 'rotation'
         WHERE source IN ('startup', 'demo') AND revoked_at IS NULL AND id <> ?`,
      )
      .run(nowMs, keep);
  }

  /** Who a bearer token belongs to, or undefined when it is not a live key. Marks the key used. */
  async verify(token: string): Promise<Principal | undefined> {
    const principal = await this.resolve(token);
    if (principal) this.markUsed(principal.keyId);
    return principal;
  }

  private async resolve(token: string): Promise<Principal | undefined> {
    if (token.length === 0 || token.length > 4096) return undefined;
    const staticRow = this.db
      .prepare('SELECT id, user_id AS userId FROM api_keys WHERE static_hash = ? AND revoked_at IS NULL')
      .get(sha256(token)) as { id: string; userId: string } | undefined;
    if (staticRow) return { userId: staticRow.userId, keyId: staticRow.id };
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'] });
      if (!payload.jti || !payload.sub) return undefined;
      const row = this.db
        .prepare('SELECT user_id AS userId FROM api_keys WHERE id = ? AND revoked_at IS NULL AND kind = ?')
        .get(payload.jti, 'jwt') as { userId: string } | undefined;
      return row && row.userId === payload.sub ? { userId: row.userId, keyId: payload.jti } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Records use, writing at most once per key per LAST_USED_RESOLUTION_MS (no write per request). */
  private markUsed(keyId: string): void {
    const now = this.now();
    const written = this.usedWritten.get(keyId);
    if (written !== undefined && now - written < LAST_USED_RESOLUTION_MS) return;
    this.usedWritten.set(keyId, now);
    this.db.prepare('UPDATE api_keys SET last_used_at = MAX(COALESCE(last_used_at, 0), ?) WHERE id = ?').run(now, keyId);
  }

  private row(id: string): KeyRow | undefined {
    return this.db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE id = ?`).get(id) as KeyRow | undefined;
  }

  list(userId?: string): KeyRecord[] {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM api_keys ${userId ? 'WHERE user_id = ?' : ''} ORDER BY issued_at, id`)
      .all(...(userId ? [userId] : [])) as KeyRow[];
    return rows.map(toRecord);
  }

  get(id: string): KeyRecord | undefined {
    const row = this.row(id);
    return row && toRecord(row);
  }

  /** Revokes a key by hand (final); false when no such live key exists. */
  revoke(id: string, nowMs: number): boolean {
    return this.db.prepare(`UPDATE api_keys SET revoked_at = ?, revoked_by = 'hand' WHERE id = ? AND revoked_at IS NULL`).run(nowMs, id).changes === 1;
  }
}

function toRecord(r: KeyRow): KeyRecord {
  return {
    id: r.id,
    userId: r.userId,
    label: r.label,
    kind: r.kind,
    source: r.source,
    issuedAt: new Date(r.issuedAt).toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    revokedBy: r.revokedBy,
  };
}
