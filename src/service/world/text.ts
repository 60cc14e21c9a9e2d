/** Text helpers shared by the generators and the searches. */

/** Lower case, accents stripped, whitespace collapsed: the form searches compare. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search terms of a keyword string: normalized, split on non-word characters. */
export function terms(keywords: string): string[] {
  return normalize(keywords)
    .split(/[^\p{L}\p{N}#+]+/u)
    .filter((t) => t.length > 0);
}

/** ASCII URL slug. */
export function slugify(text: string): string {
  return normalize(text)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hashtags of a text, each with its leading #, in order, without repeats. */
export function hashtagsOf(text: string): string[] {
  const found = text.match(/#[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(found)];
}
