import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { AuditLog } from '../../src/service/audit/log.js';
import { startLive, type LiveService } from './http-harness.js';

let live: LiveService | undefined;
afterEach(async () => {
  await live?.close();
  live = undefined;
});

const ACCOUNT = DEMO_ACCOUNTS.businessPremium;

function publicPost(l: LiveService): string {
  const post = l.service.deps.world().posts.find((p) => p.visibility === 'PUBLIC' && p.canComment)!;
  return post.activityUrn;
}

function quotaUsed(l: LiveService, feature: string): number {
  return l.service.governor.quotaReport(ACCOUNT).quotas.find((q) => q.feature === feature && q.window === 'daily')!.used;
}

describe('writes through the pipeline', () => {
  it('acts once per Idempotency-Key: the retry replays the first answer and spends no more quota', async () => {
    live = await startLive();
    const postUrn = publicPost(live);
    const body = { accountId: ACCOUNT, postUrn, commentText: 'Great point about data contracts.' };
    const headers = { 'Idempotency-Key': 'comment-1' };
    const first = await live.request('POST', '/posts/comment', { body, headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await live.request('POST', '/posts/comment', { body, headers });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(quotaUsed(live, 'COMMENT')).toBe(1);

    // The comment exists once.
    const comments = await live.request('POST', '/posts/comments', { body: { accountId: ACCOUNT, postUrn, limit: 100 } });
    const mine = comments.body.comments.filter((c: { content: string }) => c.content.includes('data contracts.'));
    expect(mine).toHaveLength(1);

    // Same key, other request: 422, nothing changes.
    const other = await live.request('POST', '/posts/comment', { body: { ...body, commentText: 'Something else' }, headers });
    expect(other).toMatchObject({ status: 422, body: { error: 'Idempotency-Key was already used for a different request; use a new key for a new request', success: false } });
    expect(quotaUsed(live, 'COMMENT')).toBe(1);

    // A malformed key is refused before anything happens.
    const bad = await live.request('POST', '/posts/comment', { body, headers: { 'Idempotency-Key': 'has space' } });
    expect(bad.status).toBe(400);
    expect(quotaUsed(live, 'COMMENT')).toBe(1);

    const audit = new AuditLog(live.service.db, () => live!.clock.now()).list({ accountId: ACCOUNT });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ endpointId: 'E4', tool: 'comment_on_post', target: `postUrn=${postUrn}`, idempotencyKey: 'comment-1', status: 200 });
  });

  it('spends quota only on success: a refused write (404) spends nothing and records nothing', async () => {
    live = await startLive();
    const res = await live.request('POST', '/posts/react', { body: { accountId: ACCOUNT, postUrn: 'urn:li:activity:1', reactionType: 'LIKE' } });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(quotaUsed(live, 'REACT')).toBe(0);
    expect(new AuditLog(live.service.db, () => 0).list()).toHaveLength(0);
    const ok = await live.request('POST', '/posts/react', { body: { accountId: ACCOUNT, postUrn: publicPost(live), reactionType: 'PRAISE' } });
    expect(ok.status).toBe(200);
    expect(quotaUsed(live, 'REACT')).toBe(1);
  });

  it('refuses the 16th write in a minute with 429 and the per-minute headers, then admits after Retry-After', async () => {
    live = await startLive();
    const posts = live.service.deps.world().posts.filter((p) => p.visibility === 'PUBLIC').slice(0, 16);
    for (let i = 0; i < 15; i++) {
      const r = await live.request('POST', '/posts/react', { body: { accountId: ACCOUNT, postUrn: posts[i]!.activityUrn, reactionType: 'LIKE' } });
      expect(r.status, `write ${i + 1}`).toBe(200);
      live.clock.advance(1000);
    }
    const refused = await live.request('POST', '/posts/react', { body: { accountId: ACCOUNT, postUrn: posts[15]!.activityUrn, reactionType: 'LIKE' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Rate limit exceeded: 15 write calls per minute for this account; retry in 45 s', success: false });
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('15');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(Math.ceil((live.clock.now() + 45_000) / 1000));
    expect(quotaUsed(live, 'REACT')).toBe(15);
    live.clock.advance(45_000);
    const after = await live.request('POST', '/posts/react', { body: { accountId: ACCOUNT, postUrn: posts[15]!.activityUrn, reactionType: 'LIKE' } });
    expect(after.status).toBe(200);
  });
});
