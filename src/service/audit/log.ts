import type { Db as Database } from '../store/sqlite.js';
import { writeTarget } from '../../contract/index.js';
import type { Migration } from '../store/migration.js';

/**
 * Every write the service performs, for `outreach-mcp audit`: who, which
 * account, which endpoint, what target, which idempotency key. Never the
 * message text: an audit trail must be safe to show.
 */

export const auditMigrations: Migration[] = [
  {
    id: '0400_audit',
    up: `CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at INTEGER NOT NULL,
      user_id TEXT NOT NULL,
      account_id TEXT,
      endpoint_id TEXT NOT NULL,
      tool TEXT NOT NULL,
      target TEXT,
      idempotency_key TEXT,
      status INTEGER NOT NULL
    );
    CREATE INDEX audit_log_user_at ON audit_log (user_id, at);`,
  },
];

export interface AuditEntry {
  id: number;
  at: string;
  userId: string;
  accountId: string | null;
  endpointId: string;
  tool: string;
  target: string | null;
  idempotencyKey: string | null;
  status: number;
}

export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  record(entry: {
    userId: string;
    accountId?: string;
    endpointId: string;
    tool: string;
    input: Record<string, unknown>;
    idempotencyKey?: string;
    status: number;
  }): void {
    this.db
      .prepare(
        `INSERT INTO audit_log (at, user_id, account_id, endpoint_id, tool, target, idempotency_key, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        this.now(),
        entry.userId,
        entry.accountId ?? null,
        entry.endpointId,
        entry.tool,
        writeTarget(entry.input),
        entry.idempotencyKey ?? null,
        entry.status,
      );
  }

  /** Newest first; all users unless one is named. */
  list(options: { userId?: string; accountId?: string; limit?: number } = {}): AuditEntry[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (options.userId) {
      where.push('user_id = ?');
      args.push(options.userId);
    }
    if (options.accountId) {
      where.push('account_id = ?');
      args.push(options.accountId);
    }
    const sql = `SELECT id, at, user_id AS userId, account_id AS accountId, endpoint_id AS endpointId, tool, target,
        idempotency_key AS idempotencyKey, status
      FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...args, options.limit ?? 50) as Array<Omit<AuditEntry, 'at'> & { at: number }>;
    return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  }
}
