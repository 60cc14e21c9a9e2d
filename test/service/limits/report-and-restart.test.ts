import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../../src/service/store/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { QuotaReport } from '../../../src/contract/resources/quota.js';
import { createQuotaHandler } from '../../../src/service/limits/index.js';
import { ACCOUNT_A, ctx, E, governorOn, setup, succeed } from './helpers.js';

describe('reading the quota report is free', () => {
  it('1,000 reads through A7 are never refused and change no counter or budget', () => {
    const { clock, governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    for (let i = 0; i < 3; i++) succeed(governor, ctx(E.connect));
    succeed(governor, ctx(E.profile));
    const before = governor.quotaReport(ACCOUNT_A);
    const handler = createQuotaHandler(governor);
    const a7 = ctx(E.quota);
    for (let i = 0; i < 1000; i++) {
      expect(governor.admit(a7)).toEqual({ ok: true, headers: {} });
      expect(handler({ accountId: ACCOUNT_A })).toEqual(before);
      governor.commit(a7);
    }
    expect(governor.quotaReport(ACCOUNT_A)).toEqual(before);
    // The account group's per-minute budget (10) and the hourly plan budget are untouched.
    expect(governor.admit(ctx(E.accountStatus)).headers['X-RateLimit-Remaining']).toBe('9');
    clock.advance(1);
    for (let i = 0; i < 994; i++) expect(governor.admit(ctx(E.conversations)).ok).toBe(true);
    // 4 + 1 + 994 = 999 counted calls this hour: one more fits, the next does not.
    expect(governor.admit(ctx(E.conversations)).ok).toBe(true);
    expect(governor.admit(ctx(E.conversations)).ok).toBe(false);
  });

  it('answers the contract schema through the A7 handler', () => {
    const { governor } = setup({ start: '2026-01-06T09:00:00.000Z' });
    succeed(governor, ctx(E.connect));
    const report = createQuotaHandler(governor)({ accountId: ACCOUNT_A });
    expect(QuotaReport.safeParse(report).success).toBe(true);
    expect(report.quotas.find((q) => q.feature === 'CONNECT' && q.window === 'daily')?.used).toBe(1);
  });
});

describe('state survives a restart', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('keeps quota usage, limitReached, the per-minute log and the hourly counter in the SQLite file', () => {
    dir = mkdtempSync(join(tmpdir(), 'limits-'));
    const file = join(dir, 'service.db');
    const first = setup({ file, start: '2026-01-06T09:00:00.000Z' });
    for (let i = 0; i < 25; i++) {
      succeed(first.governor, ctx(E.connect));
      first.clock.advance(4000);
    }
    // 15 writes in the last minute on another group's behalf: send messages now.
    first.clock.advance(60_000);
    for (let i = 0; i < 15; i++) succeed(first.governor, ctx(E.sendMessage));
    expect(first.governor.admit(ctx(E.connect)).ok).toBe(false);
    first.governor.markNetworkLimitReached(ACCOUNT_A, 'CONNECT');
    const reportBefore = first.governor.quotaReport(ACCOUNT_A);
    first.db.close();

    const db = openSqlite(file);
    const { governor } = governorOn(db, { clock: first.clock });
    expect(governor.quotaReport(ACCOUNT_A)).toEqual(reportBefore);
    const connectDaily = governor.quotaReport(ACCOUNT_A).quotas.find((q) => q.feature === 'CONNECT' && q.window === 'daily');
    expect(connectDaily).toMatchObject({ used: 25, remaining: 0, limitReached: true });
    expect(governor.quotaReport(ACCOUNT_A).quotas.find((q) => q.feature === 'MESSAGE')?.used).toBe(15);

    // The write minute is still full after the restart.
    const write = governor.admit(ctx(E.sendMessage));
    expect(write.ok).toBe(false);
    if (!write.ok) expect(write.body.error).toBe('Rate limit exceeded: 15 write calls per minute for this account; retry in 60 s');

    // 40 calls counted this hour before the restart (the refused one is not); 960 more fit.
    for (let i = 0; i < 960; i++) expect(governor.admit(ctx(E.conversations)).ok).toBe(true);
    expect(governor.admit(ctx(E.conversations)).ok).toBe(false);
    db.close();
  });
});
