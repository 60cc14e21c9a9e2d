import type { AnyEndpoint } from '../contract/index.js';

/**
 * The text of a tool result. Many hosts hand the model only this text, so it
 * carries the whole result: every item of every list with every field, nested
 * objects inline, the paging cursor and how to get the next page. The form is
 * one line per item of `key=value` pairs: items stay apart for the model, and
 * it costs 5-25 % fewer bytes than the same result as compact JSON (no quotes
 * around keys and plain values; bench/result-text.js, docs/spec-decisions.md). Left out, always: `success` (true in every
 * successful answer), null fields and empty lists inside items, and image URLs
 * a text model cannot look at. A result longer than MAX_TEXT_CHARS is cut
 * between items, and the text says which items are missing and how to page
 * to them; structuredContent always holds everything.
 */

/** ~15k tokens: beyond this a result is cut between items (and the text says so). */
export const MAX_TEXT_CHARS = 60_000;

/** Fields never rendered: images a text model cannot see. */
const IMAGE_FIELDS = new Set(['profilePicture', 'profilePictureUrl', 'companyLogo', 'coverImageUrl', 'logoUrl']);

/** Offset inputs, in the order tried, for the next-page hint. */
const OFFSET_FIELDS = ['start', 'offset', 'startIndex'] as const;

/** What a write did, for the first line of its result. */
export type WriteResult = 'sent' | 'done' | 'already_done';

const WRITE_WORDS: Record<WriteResult, string> = {
  sent: 'Outcome: sent.',
  done: 'Outcome: done.',
  already_done: 'Outcome: already done — this idempotencyKey was used before; this is the earlier answer and nothing was sent again.',
};

export interface RenderContext {
  endpoint?: AnyEndpoint;
  /** The parsed input of the call (for the next-page hint). */
  input?: Readonly<Record<string, unknown>>;
  write?: WriteResult;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Strings are bare unless they could be misread (separators, brackets, control characters, edges). */
function str(value: string): string {
  return value === '' || /[,=[\]{}\u0000-\u001f\u007f"]|^\s|\s$/.test(value) ? JSON.stringify(value) : value;
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? str(value) : String(value);
}

function keep(key: string, value: unknown): boolean {
  if (value === undefined || value === null || IMAGE_FIELDS.has(key)) return false;
  return !(Array.isArray(value) && value.length === 0);
}

/** An object's fields inline: `a=1, b={c=2}, d=[x, y]`. */
function fields(obj: Obj): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(obj)) if (keep(k, v)) parts.push(`${k}=${inline(v)}`);
  return parts.join(', ');
}

function inline(value: unknown): string {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  return `{${fields(value as Obj)}}`;
}

function itemLine(item: unknown): string {
  return `- ${isObj(item) ? fields(item) : inline(item)}`;
}

interface Section {
  name: string;
  items: unknown[];
}

/** The top-level lists of a result (a bare array is one list called "result"). */
function sections(value: unknown): Section[] {
  if (Array.isArray(value)) return [{ name: 'result', items: value }];
  if (!isObj(value)) return [];
  return Object.entries(value).flatMap(([name, v]) => (Array.isArray(v) ? [{ name, items: v }] : []));
}

function hasMore(value: unknown): boolean {
  if (!isObj(value)) return false;
  if (value.hasMore === true) return true;
  return isObj(value.pagination) && value.pagination.hasMore === true;
}

/** "More: call again with start=20." — from the endpoint's own offset input, or the cursor it returned. */
function nextPageHint(value: unknown, shown: number, ctx: RenderContext, cut: boolean): string | undefined {
  const token = isObj(value) ? value.paginationToken : undefined;
  if (typeof token === 'string' && token !== '' && !cut) return `More: call again with paginationToken=${str(token)}.`;
  if (!cut && !hasMore(value)) return undefined;
  const shape = ctx.endpoint?.input.shape ?? {};
  const field = OFFSET_FIELDS.find((f) => f in shape);
  if (!field) return cut ? undefined : 'More results exist.';
  const at = typeof ctx.input?.[field] === 'number' ? (ctx.input[field] as number) : 0;
  return `More: call again with ${field}=${at + shown}.`;
}

function header(value: unknown): string[] {
  if (!isObj(value)) return isScalar(value) ? [scalar(value)] : [];
  const lines: string[] = [];
  const top: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === 'success' && v === true) continue;
    if (Array.isArray(v) || !keep(k, v)) continue;
    if (isObj(v)) lines.push(`${k}: ${fields(v)}`);
    else top.push(`${k}=${scalar(v)}`);
  }
  return top.length ? [top.join(', '), ...lines] : lines;
}

/** The complete text of a successful result. */
export function renderResult(value: unknown, ctx: RenderContext = {}): string {
  const first = ctx.write ? [WRITE_WORDS[ctx.write]] : [];
  if (value === undefined) return [...first, 'Done.'].join('\n');
  const head = [...first, ...header(value)];
  const lists = sections(value);
  const rendered = lists.map((s) => ({ ...s, lines: s.items.map(itemLine) }));
  const size = (lines: string[]) => lines.reduce((n, l) => n + l.length + 1, 0);
  let budget = MAX_TEXT_CHARS - size(head);
  // The longest list is the one cut when everything does not fit; the others are always whole.
  const longest = rendered.reduce<(typeof rendered)[number] | undefined>((a, b) => (a && size(a.lines) >= size(b.lines) ? a : b), undefined);
  for (const s of rendered) if (s !== longest) budget -= size(s.lines) + s.name.length + 16;
  const out = [...head];
  let shownOfMain = longest?.items.length ?? 0;
  let cut = false;
  for (const s of rendered) {
    let lines = s.lines;
    if (s === longest && size(lines) > budget) {
      let used = 0;
      let n = 0;
      while (n < lines.length && used + lines[n]!.length + 1 <= Math.max(budget, 0)) used += lines[n++]!.length + 1;
      lines = lines.slice(0, n);
      shownOfMain = n;
      cut = true;
    }
    out.push(`${s.name} (${s.items.length}):`, ...lines);
    if (s === longest && cut) {
      out.push(
        `(Text cut: ${s.name} 1-${shownOfMain} of ${s.items.length} shown; the other ${s.items.length - shownOfMain} are only in structuredContent.)`,
      );
    }
  }
  const hint = nextPageHint(value, shownOfMain, ctx, cut);
  if (hint) out.push(hint);
  return out.join('\n');
}
