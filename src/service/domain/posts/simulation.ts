import type { Person, Post } from '../../world/index.js';
import { findPerson } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { SIM_SLOT_MS, trackedAccounts } from './accounts.js';
import { personCard } from './actors.js';
import { timeId, unitFloats } from './ids.js';
import { storeOf, type DueRow } from './store.js';

/**
 * Other people commenting on the account's own posts, over time.
 *
 * Background: time is cut into one-hour slots; in each slot a comment arrives
 * with a probability that rises for 48 hours after each comment or repost the
 * account made (being active draws attention). Who comments (a connection,
 * weighted by their reply propensity), on which post (recent ones more
 * likely), when inside the slot and what they say all come from a hash of
 * (world seed, account, slot), so the schedule is the same on every run.
 *
 * Reciprocity: when the account comments on a person's post, that person may
 * comment back on the account's newest post; whether and when come from
 * (seed, account, person, day) and the person's propensities, stored as a due
 * row when the account comments.
 *
 * State (slot cursor per account, due rows, the comments themselves) lives in
 * SQLite; comment ids are deterministic and inserted with OR IGNORE, and an
 * event is emitted only for a row actually inserted — so runDue is idempotent
 * and a restart neither repeats nor skips anything.
 */

export const BASE_COMMENTS_PER_HOUR = 0.03;
export const BOOST_PER_ACTIVITY = 0.1;
export const MAX_COMMENTS_PER_HOUR = 0.5;
export const BOOST_WINDOW_MS = 48 * 3_600_000;
/** A service that was down longer than this does not replay the gap (a flood of stale comments helps no one). */
export const MAX_CATCH_UP_MS = 14 * 24 * 3_600_000;

const DAY_MS = 86_400_000;

const BACKGROUND_TEXTS = [
  'Great post, thanks for sharing!',
  'This resonates a lot with what we see on our side.',
  'Really insightful, would love to hear more about how you approached it.',
  'Congrats, well deserved!',
  'Interesting take. Have you tried measuring the impact over a longer period?',
  'Bookmarking this one.',
  'Spot on.',
];

const RECIPROCAL_TEXTS = [
  'Thanks for your comment on my post, {first}! Loved this one too.',
  'Great to see this, {first}. Fully agree.',
  'Appreciate your thoughts earlier, {first}. This is a good one!',
];

export function runDue(deps: DomainDeps, nowMs: number): void {
  for (const tracked of trackedAccounts(deps.db)) {
    deps.db.transaction(() => {
      runReciprocal(deps, tracked.account, nowMs);
      runBackground(deps, tracked.account, tracked.simCursorMs, nowMs);
    })();
  }
}

/** The account's own posts that accept comments, newest first. */
function commentablePosts(deps: DomainDeps, account: ActingAccount, atMs: number): Post[] {
  return deps.view(account).posts.filter((p) => p.canComment && p.createdAtMs <= atMs);
}

function runBackground(deps: DomainDeps, account: ActingAccount, cursorMs: number, nowMs: number): void {
  const store = storeOf(deps.db);
  let slot = Math.max(cursorMs, Math.floor((nowMs - MAX_CATCH_UP_MS) / SIM_SLOT_MS) * SIM_SLOT_MS);
  const seed = deps.world().seed;
  // Connections as they stand now (accepted invitations included), in a stable order.
  const audience = [...deps.network.connectionIds(account)]
    .sort()
    .map((id) => findPerson(deps.world(), id))
    .filter((p): p is Person => p !== undefined);
  // A slot is decided only once it has started: its inputs (activity before it) are then fixed.
  while (slot <= nowMs) {
    const [hit, when, who, which, what] = unitFloats(seed, 'posts-sim', account.id, String(slot)) as [number, number, number, number, number];
    const { n } = store.recentActivity.get(account.id, slot - BOOST_WINDOW_MS, slot, account.id, slot - BOOST_WINDOW_MS, slot) as { n: number };
    const rate = Math.min(MAX_COMMENTS_PER_HOUR, BASE_COMMENTS_PER_HOUR + BOOST_PER_ACTIVITY * n);
    if (hit < rate && audience.length > 0) {
      const at = slot + Math.floor(when * SIM_SLOT_MS);
      if (at > nowMs) break; // not yet: decide again (identically) next time
      const posts = commentablePosts(deps, account, at).slice(0, 5);
      if (posts.length > 0) {
        const person = pickWeighted(audience, (p) => p.propensity.replyProbability, who);
        const post = pickWeighted(posts, (_, i) => 1 / (i + 1), which);
        const text = BACKGROUND_TEXTS[Math.floor(what * BACKGROUND_TEXTS.length)]!;
        commentAsPerson(deps, account, post, person, at, text, `bg:${slot}`);
      }
    }
    slot += SIM_SLOT_MS;
    store.setCursor.run(slot, account.id);
  }
}

function runReciprocal(deps: DomainDeps, account: ActingAccount, nowMs: number): void {
  const store = storeOf(deps.db);
  for (const due of store.dueRows.all(account.id, nowMs) as DueRow[]) {
    const person = findPerson(deps.world(), due.person_id);
    const post = commentablePosts(deps, account, due.due_at_ms)[0];
    if (person && post) {
      const [what] = unitFloats(deps.world().seed, 'posts-recip-text', due.due_id) as [number];
      const text = RECIPROCAL_TEXTS[Math.floor(what * RECIPROCAL_TEXTS.length)]!.replace('{first}', account.firstName);
      commentAsPerson(deps, account, post, person, due.due_at_ms, text, `recip:${due.due_id}`);
    }
    store.markDone.run(due.due_id);
  }
}

/**
 * Called when the account comments on a person's post: that person may come
 * back and comment on the account's own post (at most once per person a day).
 */
export function scheduleReciprocal(deps: DomainDeps, account: ActingAccount, personId: string, nowMs: number): void {
  const person = findPerson(deps.world(), personId);
  if (!person) return;
  const day = Math.floor(nowMs / DAY_MS);
  const [chance, delay] = unitFloats(deps.world().seed, 'posts-recip', account.id, personId, String(day)) as [number, number];
  if (chance >= person.propensity.replyProbability) return;
  const hours = person.propensity.replyDelayHours * (0.5 + delay);
  storeOf(deps.db).insertDue.run({
    due_id: `${account.id}:${personId}:${day}`,
    account_id: account.id,
    person_id: personId,
    due_at_ms: nowMs + Math.max(60_000, Math.round(hours * 3_600_000)),
  });
}

function commentAsPerson(deps: DomainDeps, account: ActingAccount, post: Post, person: Person, atMs: number, text: string, key: string): void {
  const store = storeOf(deps.db);
  const commentId = timeId(atMs, deps.world().seed, 'posts-sim-comment', account.id, key);
  const card = personCard(person);
  const inserted = store.insertComment.run({
    comment_id: commentId,
    post_id: post.activityId,
    post_urn: post.activityUrn,
    post_url: post.postUrl,
    parent_comment_id: null,
    author_kind: 'person',
    account_id: null,
    author_ref: card.profileId,
    author_name: card.name,
    author_headline: card.headline,
    author_profile_url: card.profileUrl,
    content: text,
    created_at_ms: atMs,
    origin: 'simulated',
  });
  if (inserted.changes === 0) return;
  deps.emit(account.userId, account.id, 'post.commented', {
    accountId: account.id,
    postUrn: post.activityUrn,
    postUrl: post.postUrl,
    commentId,
    commenter: { profileId: card.profileId, fullName: card.name, headline: card.headline },
    text,
    commentedAt: new Date(atMs).toISOString(),
  });
}

function pickWeighted<T>(items: readonly T[], weight: (item: T, index: number) => number, u: number): T {
  const weights = items.map((item, i) => Math.max(0.001, weight(item, i)));
  let r = u * weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}
