/**
 * Full-text index of a world on SQLite FTS5 (an in-memory database beside the
 * world, never the service's own file). Words match as words: the unicode61
 * tokenizer splits on anything that is not a letter or digit ('+' kept, for
 * "C++"), folds case and strips accents, so "cto" matches the title "CTO" but
 * not "Victor" or "Director", and "Zoe" finds "Zoë". Each kind of record gets
 * its own table, built on the first search of that kind, so world generation
 * (the start-up path) pays nothing for it.
 */
import { openDatabase, type Db } from '../store/db.js';
import type { World } from './types.js';
import { normalize } from './text.js';

const TOKENIZER = `unicode61 remove_diacritics 2 tokenchars '+'`;

/** The searchable columns of each kind; a row's rowid is its 1-based position in the world's list. */
const KINDS = {
  people: {
    columns: ['name', 'title', 'headline', 'company', 'schools', 'industry'],
    rows: (w: World) => w.people.map((p) => [
      `${p.firstName} ${p.lastName}`,
      p.currentPosition.title,
      p.headline,
      p.currentPosition.companyName,
      p.education.map((e) => e.school).join(' | '),
      p.industry,
    ]),
  },
  companies: {
    columns: ['name', 'headline', 'industry', 'specialties', 'description'],
    rows: (w: World) => w.companies.map((c) => [c.name, c.headline, c.industry, c.specialties.join(' | '), c.description]),
  },
  jobs: {
    columns: ['title', 'company', 'skills', 'description'],
    rows: (w: World) => w.jobs.map((j) => [j.title, j.companyName, j.skills.join(' | '), j.description]),
  },
  groups: {
    columns: ['name', 'description'],
    rows: (w: World) => w.groups.map((g) => [g.name, g.description]),
  },
  posts: {
    columns: ['content', 'hashtags'],
    rows: (w: World) => w.posts.map((p) => [p.content, p.hashtags.join(' ')]),
  },
} as const;

export type IndexKind = keyof typeof KINDS;

export class SearchIndex {
  private db: Db | undefined;
  private readonly built = new Set<IndexKind>();

  constructor(private readonly world: World) {}

  /** 0-based positions (in the world's list of that kind) of the rows matching an FTS5 expression, in list order. */
  positions(kind: IndexKind, expression: string): number[] {
    const db = this.table(kind);
    // Plain prepare/all only: the store is moving behind an interface that node:sqlite also implements.
    const rows = db.prepare(`SELECT rowid AS r FROM ${kind} WHERE ${kind} MATCH ? ORDER BY rowid`).all(expression) as { r: number }[];
    return rows.map((row) => row.r - 1);
  }

  /**
   * Positions matching `expression`, each with its relevance: for every
   * phrase, the weight of the first listed column holding it (else `base`),
   * summed. One query: the per-column sets stay inside SQLite.
   */
  scored(kind: IndexKind, expression: string, phrases: readonly string[], weighted: readonly (readonly [string, number])[], base: number): Map<number, number> {
    const db = this.table(kind);
    const params: string[] = [];
    const terms = phrases.map((p) => {
      const cases = weighted.map(([col, w]) => {
        params.push(`${col} : ${p}`);
        return `WHEN rowid IN (SELECT rowid FROM ${kind} WHERE ${kind} MATCH ?) THEN ${Number(w)}`;
      });
      return `(CASE ${cases.join(' ')} ELSE ${Number(base)} END)`;
    });
    const rows = db
      .prepare(`SELECT rowid AS r, ${terms.length > 0 ? terms.join(' + ') : '0'} AS s FROM ${kind} WHERE ${kind} MATCH ? ORDER BY rowid`)
      .all(...params, expression) as { r: number; s: number }[];
    return new Map(rows.map((row) => [row.r - 1, row.s]));
  }

  /** As positions(), as a set. */
  set(kind: IndexKind, expression: string): Set<number> {
    return new Set(this.positions(kind, expression));
  }

  private table(kind: IndexKind): Db {
    this.db ??= openDatabase(':memory:');
    if (!this.built.has(kind)) {
      const { columns, rows } = KINDS[kind];
      this.db.exec(`CREATE VIRTUAL TABLE ${kind} USING fts5(${columns.join(', ')}, tokenize = "${TOKENIZER}")`);
      const insert = this.db.prepare(`INSERT INTO ${kind} (rowid, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`);
      const all = rows(this.world);
      this.db.transaction(() => all.forEach((values, i) => insert.run(i + 1, ...values)))();
      this.built.add(kind);
    }
    return this.db;
  }
}

const indexes = new WeakMap<World, SearchIndex>();

export function searchIndexOf(world: World): SearchIndex {
  let index = indexes.get(world);
  if (!index) {
    index = new SearchIndex(world);
    indexes.set(world, index);
  }
  return index;
}

// ---------------------------------------------------------------- query text

/** One FTS5 phrase of free text (its words in order), or null when it holds no word. */
export function phrase(text: string): string | null {
  const words = wordsOf(text);
  return words.length === 0 ? null : `"${words.join(' ')}"`;
}

/**
 * The parts of a keyword string, each an FTS5 phrase: text in double quotes is
 * one phrase ("head of data"), every other word its own.
 */
export function keywordPhrases(keywords: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(keywords); m; m = re.exec(keywords)) {
    const p = phrase(m[1] ?? m[2] ?? '');
    if (p) out.push(p);
  }
  return out;
}

/** All phrases must match (in any column, or in the given ones). */
export function allOf(phrases: readonly string[], columns?: readonly string[]): string {
  return phrases.map((p) => inColumns(p, columns)).join(' AND ');
}

/** Any of the phrases matches (in any column, or in the given ones). */
export function anyOf(phrases: readonly string[], columns?: readonly string[]): string {
  return `(${phrases.map((p) => inColumns(p, columns)).join(' OR ')})`;
}

function inColumns(p: string, columns?: readonly string[]): string {
  if (!columns || columns.length === 0) return p;
  return columns.length === 1 ? `${columns[0]} : ${p}` : `{${columns.join(' ')}} : ${p}`;
}

/** Words as the index splits them: letters and digits (and '+'), case- and accent-folded. */
export function wordsOf(text: string): string[] {
  return normalize(text).split(/[^\p{L}\p{N}+]+/u).filter((w) => w.length > 0);
}

/** Whether the words of `needle` appear, in order and next to each other, among the words of `text`. */
export function hasPhrase(text: string, needle: string): boolean {
  const words = wordsOf(text);
  const want = wordsOf(needle);
  if (want.length === 0) return false;
  outer: for (let i = 0; i + want.length <= words.length; i++) {
    for (let j = 0; j < want.length; j++) if (words[i + j] !== want[j]) continue outer;
    return true;
  }
  return false;
}

/** The JS twin of allOf(keywordPhrases(keywords)) for small in-memory lists: every word and "quoted phrase" appears as words. */
export function matchesKeywords(text: string, keywords: string): boolean {
  const parts: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(keywords); m; m = re.exec(keywords)) {
    const part = m[1] ?? m[2] ?? '';
    if (wordsOf(part).length > 0) parts.push(part);
  }
  return parts.every((p) => hasPhrase(text, p));
}
