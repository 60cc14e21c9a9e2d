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
