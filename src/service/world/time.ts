/** Time text the network shows: relative stamps, posting ages, month-year. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
export const MONTH_MS = 30 * DAY_MS;
export const YEAR_MS = 365 * DAY_MS;

/** Default world anchor (matches ManualClock's default start). */
export const DEFAULT_EPOCH_MS = Date.UTC(2026, 0, 5);

/** Compact relative stamp of posts and comments: "now", 12m, 5h, 1d, 2w, 3mo, 1yr. */
export function relativeStamp(atMs: number, nowMs: number): string {
  const age = Math.max(0, nowMs - atMs);
  if (age < MINUTE_MS) return 'now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)}m`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)}h`;
  if (age < WEEK_MS) return `${Math.floor(age / DAY_MS)}d`;
  if (age < MONTH_MS) return `${Math.floor(age / WEEK_MS)}w`;
  if (age < YEAR_MS) return `${Math.floor(age / MONTH_MS)}mo`;
  return `${Math.floor(age / YEAR_MS)}yr`;
}

/** Posting age of jobs and invitations: "3 hours ago", "1 week ago". */
export function relativeAge(atMs: number, nowMs: number): string {
  const age = Math.max(0, nowMs - atMs);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (age < MINUTE_MS) return 'Just now';
  if (age < HOUR_MS) return unit(Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return unit(Math.floor(age / HOUR_MS), 'hour');
  if (age < WEEK_MS) return unit(Math.floor(age / DAY_MS), 'day');
  if (age < MONTH_MS) return unit(Math.floor(age / WEEK_MS), 'week');
  if (age < YEAR_MS) return unit(Math.floor(age / MONTH_MS), 'month');
  return unit(Math.floor(age / YEAR_MS), 'year');
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** "March 2025" (UTC), as in a company follower's followDate. */
export function monthYear(atMs: number): string {
  const d = new Date(atMs);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Date ranges of post search (E10/E12), in milliseconds. */
export const DATE_RANGE_MS = {
  PAST_24H: DAY_MS,
  PAST_WEEK: WEEK_MS,
  PAST_MONTH: MONTH_MS,
} as const;
export type DateRange = keyof typeof DATE_RANGE_MS;
