import { openSqlite, type Db } from '../../../../src/service/store/sqlite.js';
import { simAccountsMigrations } from '../../../../src/service/domain/sim-accounts.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointById, validate } from '../../../../src/contract/index.js';
import type { ActingAccount, DomainDeps } from '../../../../src/service/domain/context.js';
import { PostCommentedData } from '../../../../src/service/webhooks/events.js';
import { findPerson } from '../../../../src/service/world/index.js';
import { testWorld, type EmittedEvent } from '../harness.js';
import { ACCOUNTS, postsHarness, postsModule, publicPersonPosts } from './helpers.js';

const HOUR = 3_600_000;
const me = ACCOUNTS.free;

type Comments = { comments: Array<{ commentId: string; authorName: string; content: string; timestamp: string }> };

const commented = (events: EmittedEvent[]) => events.filter((e) => e.event === 'post.commented');

/** Calls a handler as the harness does, on any deps (used with a file database). */
function callOn<T>(deps: DomainDeps, id: string, account: ActingAccount, input: Record<string, unknown>): T {
  const entry = endpointById(id)!;
  const parsed = validate(entry.input, input);
  if (!parsed.success) throw new Error(`invalid input for ${id}`);
  const out = deps.db.transaction(() => postsModule.handlers.get(id)!(deps, { account, input: parsed.data as Record<string, unknown> }))();
  expect(validate(entry.output, out).success).toBe(true);
  return out as T;
}

function openFileDb(path: string, fresh: boolean): Db {
  const db = openSqlite(path);
  db.exec('PRAGMA journal_mode = WAL');
  if (fresh) for (const m of [...postsModule.migrations, ...simAccountsMigrations]) typeof m.up === 'string' ? db.exec(m.up) : m.up(db);
  return db;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('simulated comments on the account’s own posts (runDue)', () => {
  it('each simulated comment shows in E6 and raises post.commented exactly once, with schema-valid data', () => {
    const h = postsHarness();
    postsModule.onAccount!(h.deps, me); // announced as the service does on its first activity run
    h.run('E4', me, { postUrn: publicPersonPosts()[0]!.activityUrn, commentText: 'Thoughtful as always' });
    h.clock.advance(72 * HOUR);
    postsModule.runDue!(h.deps, h.clock.now());
    const events = commented(h.events);
    expect(events.length).toBeGreaterThan(0);
    const simulatedRows = h.db.prepare("SELECT COUNT(*) AS n FROM posts_comments WHERE origin = 'simulated'").get() as { n: number };
    expect(events).toHaveLength(simulatedRows.n);
    const ownPosts = new Set(h.deps.view(me).posts.map((p) => p.activityUrn));
    for (const e of events) {
      expect(e).toMatchObject({ userId: me.userId, accountId: me.id });
      expect(PostCommentedData.safeParse(e.data).success).toBe(true);
      const data = PostCommentedData.parse(e.data);
      expect(ownPosts.has(data.postUrn)).toBe(true);
      expect(Date.parse(data.commentedAt)).toBeLessThanOrEqual(h.clock.now());
      const shown = h.run<Comments>('E6', me, { postUrn: data.postUrn }).comments.filter((c) => c.commentId === data.commentId);
      expect(shown).toEqual([{ commentId: data.commentId, authorName: data.commenter.fullName, authorProfileUrl: expect.any(String), content: data.text, timestamp: data.commentedAt, likes: 0 }]);
      const person = findPerson(testWorld(), data.commenter.profileId)!;
      expect(person.headline).toBe(data.commenter.headline);
    }
    expect(new Set(events.map((e) => e.data.commentId)).size).toBe(events.length);

    // Running again at the same time, or a little later without new due slots, repeats nothing.
    postsModule.runDue!(h.deps, h.clock.now());
    expect(commented(h.events)).toHaveLength(events.length);
  });

  it('does nothing for accounts the module has never seen, and nothing before a slot is due', () => {
    const h = postsHarness();
    postsModule.runDue!(h.deps, h.clock.now() + 100 * HOUR);
    expect(h.events).toHaveLength(0);
    h.run('A6', me, { accountId: me.id, count: 1 });
    postsModule.runDue!(h.deps, h.clock.now());
    expect(h.events).toHaveLength(0);
  });

  it('the schedule is deterministic: two services with the same world and actions emit the same events', () => {
    const runOnce = () => {
      const h = postsHarness();
      postsModule.onAccount!(h.deps, me); // announced as the service does on its first activity run
      for (let i = 0; i < 4; i++) {
        h.clock.advance(12 * HOUR);
        postsModule.runDue!(h.deps, h.clock.now());
      }
      return commented(h.events).map((e) => e.data);
    };
    const a = runOnce();
    expect(a.length).toBeGreaterThan(0);
    expect(runOnce()).toEqual(a);
  });

  it('activity draws attention: after reposts and comments, more people comment', () => {
    const quiet = postsHarness();
    const busy = postsHarness();
    postsModule.onAccount!(quiet.deps, me); // announced as the service does on its first activity run
    postsModule.onAccount!(busy.deps, me); // announced as the service does on its first activity run
    for (const p of publicPersonPosts().slice(30, 33)) busy.run('E8', me, { postUrn: p.activityUrn });
    for (const h of [quiet, busy]) {
      h.clock.advance(48 * HOUR);
      postsModule.runDue!(h.deps, h.clock.now());
    }
    expect(commented(busy.events).length).toBeGreaterThan(commented(quiet.events).length + 3);
  });

  it('someone whose post the account commented on may comment back, at a time from their propensity', () => {
    const h = postsHarness();
    const due = () => h.db.prepare('SELECT person_id, due_at_ms FROM posts_sim_due').all() as Array<{ person_id: string; due_at_ms: number }>;
    for (const p of publicPersonPosts().slice(0, 60)) {
      if (due().length > 0) break;
      h.run('E4', me, { postUrn: p.activityUrn, commentText: 'Well said' });
    }
    const [row] = due();
    expect(row).toBeDefined();
    const person = findPerson(testWorld(), row!.person_id)!;
    const delayHours = (row!.due_at_ms - h.clock.now()) / HOUR;
    expect(delayHours).toBeGreaterThanOrEqual(person.propensity.replyDelayHours * 0.5 - 0.01);
    expect(delayHours).toBeLessThanOrEqual(person.propensity.replyDelayHours * 1.5 + 0.01);
    h.clock.set(row!.due_at_ms);
    postsModule.runDue!(h.deps, h.clock.now());
    const back = commented(h.events).find((e) => (e.data.commenter as { profileId: string }).profileId === person.profileId);
    expect(back).toBeDefined();
    expect(back!.data.commentedAt).toBe(new Date(row!.due_at_ms).toISOString());
    expect(back!.data.text).toContain(me.firstName);
    expect(h.db.prepare('SELECT done FROM posts_sim_due').get()).toEqual({ done: 1 });
  });

  it('survives a restart: a run split by reopening the database equals a run straight through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'posts-sim-'));
    dirs.push(dir);
    const file = join(dir, 'service.db');

    const straight = postsHarness();
    postsModule.onAccount!(straight.deps, me); // announced as the service does on its first activity run
    straight.run('E8', me, { postUrn: publicPersonPosts()[40]!.activityUrn });
    straight.clock.advance(60 * HOUR);
    postsModule.runDue!(straight.deps, straight.clock.now());
    expect(commented(straight.events).length).toBeGreaterThan(1);

    const h = postsHarness();
    let db = openFileDb(file, true);
    let deps: DomainDeps = { ...h.deps, db };
    callOn(deps, 'E2', me, { profileId: me.publicId });
    callOn(deps, 'E8', me, { postUrn: publicPersonPosts()[40]!.activityUrn });
    h.clock.advance(30 * HOUR);
    postsModule.runDue!(deps, h.clock.now());
    const firstHalf = commented(h.events).length;
    db.close();

    db = openFileDb(file, false);
    deps = { ...h.deps, db };
    // Same moment again after the restart: nothing new.
    postsModule.runDue!(deps, h.clock.now());
    expect(commented(h.events)).toHaveLength(firstHalf);
    h.clock.advance(30 * HOUR);
    postsModule.runDue!(deps, h.clock.now());
    expect(commented(h.events).map((e) => e.data)).toEqual(commented(straight.events).map((e) => e.data));

    // Overlays persisted: the repost still counts, the simulated comments still list.
    const shares = callOn<{ shares: number }>(deps, 'E11', me, { postUrl: publicPersonPosts()[40]!.postUrl }).shares;
    expect(shares).toBe(publicPersonPosts()[40]!.shares + 1);
    const last = commented(h.events).at(-1)!.data as { postUrn: string; commentId: string };
    expect(callOn<Comments>(deps, 'E6', me, { postUrn: last.postUrn }).comments.map((c) => c.commentId)).toContain(last.commentId);
    db.close();
  });

  it('writes persist across a restart: reaction, comment, like and history', () => {
    const dir = mkdtempSync(join(tmpdir(), 'posts-persist-'));
    dirs.push(dir);
    const file = join(dir, 'service.db');
    const h = postsHarness();
    const post = publicPersonPosts().find((p) => p.comments.length > 0)!;
    let db = openFileDb(file, true);
    let deps: DomainDeps = { ...h.deps, db };
    callOn(deps, 'E3', me, { postUrn: post.activityUrn, reactionType: 'PRAISE' });
    const posted = callOn<{ commentId: string }>(deps, 'E4', me, { postUrn: post.activityUrn, commentText: 'Kept' });
    callOn(deps, 'E7', me, { commentId: post.comments[0]!.commentId, postUrl: post.postUrl });
    db.close();

    db = openFileDb(file, false);
    deps = { ...h.deps, db };
    const reactions = callOn<{ reactions: Array<{ postUrl: string; reactionType: string }> }>(deps, 'A6', me, { accountId: me.id, count: 1 });
    expect(reactions.reactions[0]).toMatchObject({ postUrl: post.postUrl, reactionType: 'PRAISE' });
    const comments = callOn<{ comments: Array<{ commentUrn: string; commentText: string }> }>(deps, 'A5', me, { accountId: me.id, count: 1 });
    expect(comments.comments[0]!.commentText).toBe('Kept');
    const listed = callOn<{ comments: Array<{ commentId: string; likes: number }> }>(deps, 'E6', me, { postUrn: post.activityUrn });
    expect(listed.comments.find((c) => c.commentId === posted.commentId)).toBeDefined();
    expect(listed.comments.find((c) => c.commentId === post.comments[0]!.commentId)!.likes).toBe(post.comments[0]!.likes + 1);
    db.close();
  });
});
