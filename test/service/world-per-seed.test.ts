import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/service/store/sqlite.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/util/clock.js';
import { accountView, DEFAULT_EPOCH_MS, generateWorld } from '../../src/service/world/index.js';
import { startLive } from './http-harness.js';
import { OWNER } from './world/fixture.js';

/** Same seed ⇒ same people, companies, posts and ids on every data dir; only timestamps move with the epoch. */

const DAY = 86_400_000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'world-seed-'));
  dirs.push(d);
  return d;
};

/** Everything but the instants, which must differ by exactly the epoch shift. */
function withoutTimes(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (k, v) => (k.endsWith('AtMs') || k === 'epochMs' ? undefined : v)));
}

describe('one world per seed', () => {
  it('two epochs give the same contents and ids; every instant moves by the epoch difference', () => {
    const options = { people: 300 };
    const a = generateWorld('same', { ...options, epochMs: DEFAULT_EPOCH_MS + 3 * DAY });
    const b = generateWorld('same', { ...options, epochMs: DEFAULT_EPOCH_MS + 320 * DAY + 12_345 });
    const delta = b.epochMs - a.epochMs;
    expect(withoutTimes(b)).toEqual(withoutTimes(a));
    expect(b.posts.map((p) => p.createdAtMs - delta)).toEqual(a.posts.map((p) => p.createdAtMs));
    expect(b.jobs.map((j) => j.postedAtMs - delta)).toEqual(a.jobs.map((j) => j.postedAtMs));
    expect(b.groups.flatMap((g) => g.members.map((m) => m.joinedAtMs - delta))).toEqual(a.groups.flatMap((g) => g.members.map((m) => m.joinedAtMs)));
    expect(b.posts[0]!.comments.map((c) => c.createdAtMs - delta)).toEqual(a.posts[0]!.comments.map((c) => c.createdAtMs));
    // Account views too: conversation, message, own post and comment ids are the same.
    const va = accountView(a, 'aaaaaaaaaaaaaaaaaaaaaaaa', OWNER);
    const vb = accountView(b, 'aaaaaaaaaaaaaaaaaaaaaaaa', OWNER);
    expect(withoutTimes(vb)).toEqual(withoutTimes(va));
    expect(vb.posts.map((p) => p.createdAtMs - delta)).toEqual(va.posts.map((p) => p.createdAtMs));
  });

  it('two data directories started months apart serve the same people, posts and ids over HTTP', async () => {
    const first = await startLive({ dataDir: tempDir(), clock: new ManualClock('2026-02-01T08:00:00.000Z') });
    const second = await startLive({ dataDir: tempDir(), clock: new ManualClock('2026-11-20T17:30:00.000Z') });
    try {
      const search = { keywords: 'engineer', count: 10 };
      const [p1, p2] = await Promise.all([first, second].map((s) => s.request('POST', '/search/people', { body: search })));
      expect(p1!.status).toBe(200);
      expect(p2!.body.people).toEqual(p1!.body.people);
      const posts = { keywords: 'growth', count: 10 };
      const [s1, s2] = await Promise.all([first, second].map((s) => s.request('POST', '/search/posts', { body: posts })));
      expect(s1!.status).toBe(200);
      expect(s1!.body.posts.length).toBeGreaterThan(0);
      expect(s2!.body.posts.map((p: any) => p.activityUrn)).toEqual(s1!.body.posts.map((p: any) => p.activityUrn));
      // Relative stamps ("2w") are the same: each world's "now" is its own start.
      expect(s2!.body.posts.map((p: any) => p.timestamp)).toEqual(s1!.body.posts.map((p: any) => p.timestamp));
      // A post id from one install resolves on the other.
      const urn = s1!.body.posts[0].activityUrn as string;
      const scraped = await second.request('POST', '/posts/scrape', { body: { postUrl: urn } });
      expect(scraped.status).toBe(200);
      expect(scraped.body.postUrn ?? scraped.body.post?.postUrn).toBeDefined();
      // Only absolute instants move: the scrape's timestamp sits in the second install's past.
      const w1 = first.service.deps.world();
      const w2 = second.service.deps.world();
      expect(w2.epochMs - w1.epochMs).toBe(Date.parse('2026-11-20T17:30:00.000Z') - Date.parse('2026-02-01T08:00:00.000Z'));
      expect(w2.anchorMs).toBe(DEFAULT_EPOCH_MS);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a data directory from before anchors keeps its own world (its stored ids stay valid)', async () => {
    const dir = tempDir();
    const legacyEpoch = Date.parse('2026-03-03T10:00:00.000Z');
    const live = await startLive({ dataDir: dir, clock: new ManualClock('2026-03-03T10:00:00.000Z') });
    await live.close();
    // Make it look like an older data dir: an epoch and no anchor.
    const db = openSqlite(join(dir, 'outreach.db'));
    db.prepare("DELETE FROM meta WHERE key = 'world_anchor'").run();
    db.close();
    const again = await startLive({ dataDir: dir, clock: new ManualClock('2026-05-01T10:00:00.000Z') });
    try {
      const w = again.service.deps.world();
      expect(w.anchorMs).toBe(legacyEpoch);
      expect(w.epochMs).toBe(legacyEpoch);
      // That is the world the old code generated for this epoch.
      const old = generateWorld('outreach', { epochMs: legacyEpoch, anchorMs: legacyEpoch });
      expect(w.people.slice(0, 20).map((p) => p.profileId)).toEqual(old.people.slice(0, 20).map((p) => p.profileId));
      expect(w.posts.slice(0, 20).map((p) => p.activityId)).toEqual(old.posts.slice(0, 20).map((p) => p.activityId));
    } finally {
      await again.close();
    }
    // The anchor is now stored: the next start keeps it.
    const check = openSqlite(join(dir, 'outreach.db'), { readonly: true });
    expect(check.prepare("SELECT value FROM meta WHERE key = 'world_anchor'").get()).toEqual({ value: String(legacyEpoch) });
    check.close();
  });
});
