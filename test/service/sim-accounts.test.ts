import { openSqlite, type Db } from '../../src/service/store/sqlite.js';
import { describe, expect, it } from 'vitest';
import { postsModule } from '../../src/service/domain/posts/index.js';
import { postsMigrations } from '../../src/service/domain/posts/migrations.js';
import { ALL_MIGRATIONS } from '../../src/service/store/schema.js';
import { runMigrations } from '../../src/service/store/db.js';
import { ACCOUNTS, createHarness } from './domain/harness.js';

/** One account registry for the background simulation; reads never touch it. */

const tables = (db: Db) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);

describe('simulation account registry', () => {
  it('a data dir with actions_accounts and posts_accounts keeps what they knew in sim_accounts, and loses the copies', () => {
    const db = openSqlite(':memory:');
    runMigrations(db, ALL_MIGRATIONS.filter((m) => m.id < '0900'));
    const a = JSON.stringify({ ...ACCOUNTS.free, userId: 'demo' });
    const b = JSON.stringify({ ...ACCOUNTS.salesNav, userId: 'demo' });
    db.prepare('INSERT INTO actions_accounts (account_id, user_id, snapshot, first_seen_ms) VALUES (?, ?, ?, ?)').run(ACCOUNTS.free.id, 'demo', a, 5_000);
    db.prepare('INSERT INTO posts_accounts (account_id, snapshot, first_seen_ms, sim_cursor_ms) VALUES (?, ?, ?, ?)').run(ACCOUNTS.free.id, a, 3_000, 3_600_000);
    db.prepare('INSERT INTO posts_accounts (account_id, snapshot, first_seen_ms, sim_cursor_ms) VALUES (?, ?, ?, ?)').run(ACCOUNTS.salesNav.id, b, 7_000, 7_200_000);
    expect(runMigrations(db, ALL_MIGRATIONS)).toEqual(['0900_sim_accounts']);
    expect(db.prepare('SELECT account_id, user_id, first_seen_ms FROM sim_accounts ORDER BY account_id').all()).toEqual(
      [
        { account_id: ACCOUNTS.free.id, user_id: 'demo', first_seen_ms: 3_000 },
        { account_id: ACCOUNTS.salesNav.id, user_id: 'demo', first_seen_ms: 7_000 },
      ].sort((x, y) => x.account_id.localeCompare(y.account_id)),
    );
    expect(db.prepare('SELECT account_id, cursor_ms FROM posts_sim_cursors ORDER BY account_id').all()).toEqual(
      [
        { account_id: ACCOUNTS.free.id, cursor_ms: 3_600_000 },
        { account_id: ACCOUNTS.salesNav.id, cursor_ms: 7_200_000 },
      ].sort((x, y) => x.account_id.localeCompare(y.account_id)),
    );
    expect(tables(db)).not.toContain('actions_accounts');
    expect(tables(db)).not.toContain('posts_accounts');
  });

  it('posts reads run no registry query; a write registers the account once', () => {
    const h = createHarness({ migrations: postsMigrations });
    const seen: string[] = [];
    const prepare = h.db.prepare.bind(h.db);
    // Counts executions (statements may be prepared ahead of use).
    h.db.prepare = ((sql: string) => {
      const stmt = prepare(sql);
      if (!/sim_accounts|posts_sim_cursors/.test(sql)) return stmt;
      for (const method of ['run', 'get', 'all'] as const) {
        const original = (stmt[method] as (...args: unknown[]) => unknown).bind(stmt);
        (stmt as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          seen.push(sql);
          return original(...args);
        };
      }
      return stmt;
    }) as typeof h.db.prepare;
    h.call(postsModule, 'E1', ACCOUNTS.free, {});
    h.call(postsModule, 'E13', ACCOUNTS.free, { keywords: 'growth' });
    expect(seen).toEqual([]);
    const post = h.deps.world().posts.find((p) => p.visibility === 'PUBLIC')!;
    h.call(postsModule, 'E3', ACCOUNTS.free, { postUrn: post.activityUrn, reactionType: 'LIKE' });
    expect(seen.length).toBeGreaterThan(0);
    expect(h.db.prepare('SELECT account_id FROM sim_accounts').all()).toEqual([{ account_id: ACCOUNTS.free.id }]);
  });
});
