import type { Migration } from '../../store/migration.js';

/**
 * Overlay tables of the posts module. The world is read-only: every reaction,
 * comment, like and repost an account makes, and every comment simulated on
 * an account's own posts, is a row here that reads merge with the world.
 * Post and comment ids are the world's numeric ids (activity id, comment id).
 */
export const postsMigrations: Migration[] = [
  {
    id: '0700_posts_overlays',
    up: `
      CREATE TABLE posts_accounts (
        account_id    TEXT PRIMARY KEY,
        -- ActingAccount as JSON: runDue needs it to rebuild the account's view and to emit.
        snapshot      TEXT NOT NULL,
        first_seen_ms INTEGER NOT NULL,
        -- Start of the next background-simulation slot to decide.
        sim_cursor_ms INTEGER NOT NULL
      );

      CREATE TABLE posts_reactions (
        account_id    TEXT NOT NULL,
        post_id       TEXT NOT NULL,
        post_urn      TEXT NOT NULL,
        post_url      TEXT NOT NULL,
        reaction_type TEXT NOT NULL CHECK (reaction_type IN ('LIKE','PRAISE','APPRECIATION','EMPATHY','INTEREST','ENTERTAINMENT')),
        reacted_at_ms INTEGER NOT NULL,
        actor_profile_id  TEXT NOT NULL,
        actor_name        TEXT NOT NULL,
        actor_headline    TEXT NOT NULL,
        actor_profile_url TEXT NOT NULL,
        PRIMARY KEY (account_id, post_id)
      );
      CREATE INDEX posts_reactions_post ON posts_reactions (post_id);

      CREATE TABLE posts_comments (
        comment_id        TEXT PRIMARY KEY,
        post_id           TEXT NOT NULL,
        post_urn          TEXT NOT NULL,
        post_url          TEXT NOT NULL,
        -- Top-level comment this one replies to (threads are one level deep).
        parent_comment_id TEXT,
        author_kind       TEXT NOT NULL CHECK (author_kind IN ('account','company','person')),
        -- The connected account that wrote it (also for company-page comments); null for simulated people.
        account_id        TEXT,
        author_ref        TEXT NOT NULL,
        author_name       TEXT NOT NULL,
        author_headline   TEXT NOT NULL,
        author_profile_url TEXT NOT NULL,
        content           TEXT NOT NULL,
        created_at_ms     INTEGER NOT NULL,
        origin            TEXT NOT NULL CHECK (origin IN ('api','simulated'))
      );
      CREATE INDEX posts_comments_post ON posts_comments (post_id, created_at_ms);
      CREATE INDEX posts_comments_account ON posts_comments (account_id, created_at_ms);

      CREATE TABLE posts_comment_likes (
        comment_id  TEXT NOT NULL,
        post_id     TEXT NOT NULL,
        -- 'account:<id>' or 'company:<companyId>': one like per liker.
        liker       TEXT NOT NULL,
        account_id  TEXT NOT NULL,
        liked_at_ms INTEGER NOT NULL,
        PRIMARY KEY (comment_id, liker)
      );

      CREATE TABLE posts_reposts (
        repost_id      TEXT PRIMARY KEY,
        account_id     TEXT NOT NULL,
        post_id        TEXT NOT NULL,
        post_urn       TEXT NOT NULL,
        reposted_at_ms INTEGER NOT NULL,
        UNIQUE (account_id, post_id)
      );
      CREATE INDEX posts_reposts_post ON posts_reposts (post_id);

      -- Reciprocal comments: someone the account engaged with comments back later.
      CREATE TABLE posts_sim_due (
        due_id     TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        person_id  TEXT NOT NULL,
        due_at_ms  INTEGER NOT NULL,
        done       INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX posts_sim_due_pending ON posts_sim_due (done, due_at_ms);
    `,
  },
];
