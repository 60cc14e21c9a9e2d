import { openSqlite } from '../../src/service/store/sqlite.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/util/clock.js';
import { writeTarget as auditTarget } from '../../src/contract/index.js';
import { AuditLog, auditMigrations } from '../../src/service/audit/log.js';

describe('audit log', () => {
  it('names the target and never stores the message text', () => {
    expect(auditTarget({ recipientProfileId: 'jane', message: 'secret plans' })).toBe('recipientProfileId=jane');
    expect(auditTarget({ postUrn: 'urn:li:activity:1', reactionType: 'LIKE' })).toBe('postUrn=urn:li:activity:1');
    expect(auditTarget({ message: 'no target' })).toBeNull();
  });

  it('lists newest first, filtered by user and account', () => {
    const db = openSqlite(':memory:');
    for (const m of auditMigrations) if (typeof m.up === 'string') db.exec(m.up);
    const clock = new ManualClock('2026-02-02T08:00:00.000Z');
    const log = new AuditLog(db, () => clock.now());
    log.record({ userId: 'u1', accountId: 'a1', endpointId: 'B3', tool: 'send_connection_request', input: { profileId: 'p1', message: 'hello there' }, idempotencyKey: 'k1', status: 200 });
    clock.advance(1000);
    log.record({ userId: 'u1', accountId: 'a2', endpointId: 'E3', tool: 'react_to_post', input: { postUrn: 'urn:1' }, status: 200 });
    log.record({ userId: 'u2', accountId: 'a3', endpointId: 'E3', tool: 'react_to_post', input: { postUrn: 'urn:2' }, status: 200 });

    const mine = log.list({ userId: 'u1' });
    expect(mine.map((e) => e.endpointId)).toEqual(['E3', 'B3']);
    expect(mine[1]).toEqual({
      id: 1,
      at: '2026-02-02T08:00:00.000Z',
      userId: 'u1',
      accountId: 'a1',
      endpointId: 'B3',
      tool: 'send_connection_request',
      target: 'profileId=p1',
      idempotencyKey: 'k1',
      status: 200,
    });
    expect(JSON.stringify(db.prepare('SELECT * FROM audit_log').all())).not.toContain('hello there');
    expect(log.list({ accountId: 'a3' }).map((e) => e.userId)).toEqual(['u2']);
    expect(log.list({ limit: 1 })).toHaveLength(1);
  });
});
