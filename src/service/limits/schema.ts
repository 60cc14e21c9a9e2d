import type { Migration } from '../store/migration.js';

/**
 * Tables of the limits module. Everything that must survive a restart lives
 * here: the per-minute call log, hourly plan counters, quota usage and the
 * moments a quota was hit. In-flight quota reservations are deliberately not
 * stored: a restart ends the requests that held them.
 */
export const limitsMigrations: Migration[] = [
  {
    id: '0100_limits',
    up: `
      -- Sliding per-minute log: one row per admitted call, pruned after 60 s.
      CREATE TABLE limits_minute_calls (
        account_id TEXT NOT NULL,
        limit_group TEXT NOT NULL,
        at_ms INTEGER NOT NULL
      );
      CREATE INDEX limits_minute_calls_key ON limits_minute_calls (account_id, limit_group, at_ms);

      -- Hourly plan limit per user: a counter per UTC clock hour.
      CREATE TABLE limits_hourly_calls (
        user_id TEXT NOT NULL,
        hour_start_ms INTEGER NOT NULL,
        calls INTEGER NOT NULL,
        PRIMARY KEY (user_id, hour_start_ms)
      ) WITHOUT ROWID;

      -- Quota spend in UTC day buckets; weekly and monthly windows sum the days.
      CREATE TABLE limits_quota_usage (
        account_id TEXT NOT NULL,
        feature TEXT NOT NULL,
        day_start_ms INTEGER NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('api', 'service')),
        used INTEGER NOT NULL,
        PRIMARY KEY (account_id, feature, day_start_ms, source)
      ) WITHOUT ROWID;

      -- First 429 for a feature in a window (by the service's quota or the network).
      CREATE TABLE limits_quota_reached (
        account_id TEXT NOT NULL,
        feature TEXT NOT NULL,
        quota_window TEXT NOT NULL CHECK (quota_window IN ('daily', 'weekly', 'monthly')),
        window_start_ms INTEGER NOT NULL,
        reached_at_ms INTEGER NOT NULL,
        reached_by TEXT NOT NULL CHECK (reached_by IN ('service', 'network')),
        PRIMARY KEY (account_id, feature, quota_window, window_start_ms)
      ) WITHOUT ROWID;
    `,
  },
];
