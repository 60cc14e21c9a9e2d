import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../store/db.js';
import { ensureMeta } from '../store/db.js';

/**
 * API keys are bearer tokens in JWT form (HS256, the spec declares format JWT),
 * signed with a per-installation secret. The service stores only the key id,
 * owner, label and times; a token is checked by signature, then by its id not
 * being revoked. A key given on the command line (--api-key) is stored as a
 * SHA-256 hash only.
 */

export interface KeyRecord {
  id: string;
  userId: string;
  label: string;
  kind: 'jwt' | 'static';
  issuedAt: string;
  revokedAt: string | null;
}

export interface Principal {
  userId: string;
  keyId: string;
}

const ISSUER = 'outreach-mcp';
const DEMO_KEY_ID = 'demo-key';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class KeyStore {
  private readonly secret: Uint8Array;

  constructor(private readonly db: Db) {
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

  /** Makes a new signed key; the token is returned once and never stored. */
  async create(userId: string, label: string, nowMs: number): Promise<{ token: string; record: KeyRecord }> {
    const id = `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    this.db.prepare('INSERT INTO api_keys (id, user_id, label, kind, issued_at) VALUES (?, ?, ?, ?, ?)').run(id, userId, label, 'jwt', nowMs);
    return { token: await this.sign(id, userId, nowMs), record: this.get(id)! };
  }

  /**
   * The demo user's key: a given static key, or the installation's demo JWT,
   * re-derived at every start from the stored key id and issue time (same
   * token every time, nothing secret stored beyond the signing secret).
   */
  async demoKey(userId: string, nowMs: number, given?: string): Promise<string> {
    if (given !== undefined) {
      const hash = sha256(given);
      const existing = this.db.prepare('SELECT id FROM api_keys WHERE static_hash = ?').get(hash);
      if (!existing) {
        this.db
          .prepare('INSERT INTO api_keys (id, user_id, label, kind, static_hash, issued_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(`key_static_${hash.slice(0, 12)}`, userId, 'given with --api-key', 'static', hash, nowMs);
      }
      return given;
    }
    let row = this.db.prepare('SELECT issued_at AS issuedAt, revoked_at AS revokedAt FROM api_keys WHERE id = ?').get(DEMO_KEY_ID) as
      | { issuedAt: number; revokedAt: number | null }
      | undefined;
    if (row?.revokedAt) {
      // A revoked demo key is replaced by a fresh one, under a new id.
      return (await this.create(userId, 'demo key (replaces a revoked one)', nowMs)).token;
    }
    if (!row) {
      this.db.prepare('INSERT INTO api_keys (id, user_id, label, kind, issued_at) VALUES (?, ?, ?, ?, ?)').run(DEMO_KEY_ID, userId, 'demo key', 'jwt', nowMs);
      row = { issuedAt: nowMs, revokedAt: null };
    }
    return this.sign(DEMO_KEY_ID, userId, row.issuedAt);
  }

  /** Who a bearer token belongs to, or undefined when it is not a live key. */
  async verify(token: string): Promise<Principal | undefined> {
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

  list(userId?: string): KeyRecord[] {
    const rows = this.db
      .prepare(
        `SELECT id, user_id AS userId, label, kind, issued_at AS issuedAt, revoked_at AS revokedAt FROM api_keys
         ${userId ? 'WHERE user_id = ?' : ''} ORDER BY issued_at, id`,
      )
      .all(...(userId ? [userId] : [])) as Array<{ id: string; userId: string; label: string; kind: 'jwt' | 'static'; issuedAt: number; revokedAt: number | null }>;
    return rows.map((r) => ({ ...r, issuedAt: new Date(r.issuedAt).toISOString(), revokedAt: r.revokedAt === null ? null : new Date(r.revokedAt).toISOString() }));
  }

  get(id: string): KeyRecord | undefined {
    return this.list().find((k) => k.id === id);
  }

  /** Revokes a key; false when no such live key exists. */
  revoke(id: string, nowMs: number): boolean {
    return this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(nowMs, id).changes === 1;
  }
}
