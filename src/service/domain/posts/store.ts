import type { Db as Database, Statement } from '../../store/sqlite.js';
import type { ReactionType } from '../../../contract/index.js';

/** Typed access to the posts module's overlay tables (prepared once per database). */

export interface ReactionRow {
  account_id: string;
  post_id: string;
  post_urn: string;
  post_url: string;
  reaction_type: ReactionType;
  reacted_at_ms: number;
  actor_profile_id: string;
  actor_name: string;
  actor_headline: string;
  actor_profile_url: string;
}

export type CommentAuthorKind = 'account' | 'company' | 'person';

export interface CommentRow {
  comment_id: string;
  post_id: string;
  post_urn: string;
  post_url: string;
  parent_comment_id: string | null;
  author_kind: CommentAuthorKind;
  account_id: string | null;
  author_ref: string;
  author_name: string;
  author_headline: string;
  author_profile_url: string;
  content: string;
  created_at_ms: number;
  origin: 'api' | 'simulated';
}

export interface RepostRow {
  repost_id: string;
  account_id: string;
  post_id: string;
  post_urn: string;
  reposted_at_ms: number;
}

export interface DueRow {
  due_id: string;
  account_id: string;
  person_id: string;
  due_at_ms: number;
}

export interface TrackedAccountRow {
  account_id: string;
  snapshot: string;
  first_seen_ms: number;
  sim_cursor_ms: number;
}

function statements(db: Database) {
  const s = <P extends unknown[] = unknown[]>(sql: string): Statement<P> => db.prepare<P>(sql);
  return {
    reactionsOfPost: s<[string]>('SELECT * FROM posts_reactions WHERE post_id = ?'),
    reactionOf: s<[string, string]>('SELECT * FROM posts_reactions WHERE account_id = ? AND post_id = ?'),
    reactionsOfAccount: s<[string]>('SELECT * FROM posts_reactions WHERE account_id = ?'),
    upsertReaction: s(`
      INSERT INTO posts_reactions (account_id, post_id, post_urn, post_url, reaction_type, reacted_at_ms,
        actor_profile_id, actor_name, actor_headline, actor_profile_url)
      VALUES (@account_id, @post_id, @post_urn, @post_url, @reaction_type, @reacted_at_ms,
        @actor_profile_id, @actor_name, @actor_headline, @actor_profile_url)
      ON CONFLICT (account_id, post_id) DO UPDATE SET
        reaction_type = excluded.reaction_type,
        -- The same type again changes nothing (idempotent); a new type is a new reaction, dated now.
        reacted_at_ms = CASE WHEN reaction_type = excluded.reaction_type THEN reacted_at_ms ELSE excluded.reacted_at_ms END`),
    commentsOfPost: s<[string]>('SELECT * FROM posts_comments WHERE post_id = ?'),
    commentById: s<[string]>('SELECT * FROM posts_comments WHERE comment_id = ?'),
    ownComments: s<[string]>("SELECT * FROM posts_comments WHERE account_id = ? AND author_kind = 'account'"),
    insertComment: s(`
      INSERT OR IGNORE INTO posts_comments (comment_id, post_id, post_urn, post_url, parent_comment_id, author_kind,
        account_id, author_ref, author_name, author_headline, author_profile_url, content, created_at_ms, origin)
      VALUES (@comment_id, @post_id, @post_urn, @post_url, @parent_comment_id, @author_kind,
        @account_id, @author_ref, @author_name, @author_headline, @author_profile_url, @content, @created_at_ms, @origin)`),
    likesOfPost: s<[string]>('SELECT comment_id, COUNT(*) AS n FROM posts_comment_likes WHERE post_id = ? GROUP BY comment_id'),
    insertLike: s(`
      INSERT OR IGNORE INTO posts_comment_likes (comment_id, post_id, liker, account_id, liked_at_ms)
      VALUES (@comment_id, @post_id, @liker, @account_id, @liked_at_ms)`),
    repostCount: s<[string]>('SELECT COUNT(*) AS n FROM posts_reposts WHERE post_id = ?'),
    repostOf: s<[string, string]>('SELECT * FROM posts_reposts WHERE account_id = ? AND post_id = ?'),
    insertRepost: s(`
      INSERT INTO posts_reposts (repost_id, account_id, post_id, post_urn, reposted_at_ms)
      VALUES (@repost_id, @account_id, @post_id, @post_urn, @reposted_at_ms)`),
    /** API comments (as self) and reposts of an account in [from, to): what boosts simulated attention. */
    recentActivity: s<[string, number, number, string, number, number]>(`
      SELECT (SELECT COUNT(*) FROM posts_comments WHERE account_id = ? AND author_kind = 'account' AND origin = 'api'
                AND created_at_ms >= ? AND created_at_ms < ?)
           + (SELECT COUNT(*) FROM posts_reposts WHERE account_id = ? AND reposted_at_ms >= ? AND reposted_at_ms < ?) AS n`),
    /** Accounts of the simulation registry whose posts the simulation follows, with its cursor. */
    trackedAccounts: s(`
      SELECT a.account_id, a.snapshot, a.first_seen_ms, c.cursor_ms AS sim_cursor_ms
      FROM posts_sim_cursors c JOIN sim_accounts a ON a.account_id = c.account_id ORDER BY a.account_id`),
    insertCursor: s<[string, number]>('INSERT OR IGNORE INTO posts_sim_cursors (account_id, cursor_ms) VALUES (?, ?)'),
    setCursor: s<[number, string]>('UPDATE posts_sim_cursors SET cursor_ms = ? WHERE account_id = ?'),
    insertDue: s(`
      INSERT OR IGNORE INTO posts_sim_due (due_id, account_id, person_id, due_at_ms)
      VALUES (@due_id, @account_id, @person_id, @due_at_ms)`),
    dueRows: s<[string, number]>(
      'SELECT due_id, account_id, person_id, due_at_ms FROM posts_sim_due WHERE account_id = ? AND done = 0 AND due_at_ms <= ? ORDER BY due_at_ms, due_id',
    ),
    markDone: s<[string]>('UPDATE posts_sim_due SET done = 1 WHERE due_id = ? AND done = 0'),
  };
}

export type PostsStore = ReturnType<typeof statements>;

const cache = new WeakMap<Database, PostsStore>();

export function storeOf(db: Database): PostsStore {
  let s = cache.get(db);
  if (!s) {
    s = statements(db);
    cache.set(db, s);
  }
  return s;
}
