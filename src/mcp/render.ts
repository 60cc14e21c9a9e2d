/**
 * A short text rendering of a structured result, for the `content` block that
 * every client shows. The full value is in `structuredContent`; this stays small
 * so a result does not cost its tokens twice.
 */

const MAX_CHARS = 1200;
const MAX_ITEMS = 5;

function scalar(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 117)}...` : value;
  return String(value);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** One line per item: its scalar fields, then a count of what is nested. */
function line(value: unknown): string {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) return `[${value.length} items]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (isScalar(v)) parts.push(`${k}=${scalar(v)}`);
    else if (Array.isArray(v)) parts.push(`${k}=[${v.length}]`);
    else parts.push(`${k}={…}`);
  }
  return parts.join(', ');
}

export function renderText(value: unknown): string {
  if (value === undefined) return 'Done.';
  if (isScalar(value) || Array.isArray(value)) return clip(Array.isArray(value) ? renderArray('result', value) : scalar(value));
  const lines: string[] = [];
  const rest: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (isScalar(v)) rest.push(`${k}=${scalar(v)}`);
    else if (Array.isArray(v)) lines.push(renderArray(k, v));
    else lines.push(`${k}: ${line(v)}`);
  }
  if (rest.length) lines.unshift(rest.join(', '));
  return clip(lines.join('\n'));
}

function renderArray(name: string, items: unknown[]): string {
  const head = `${name}: ${items.length} item${items.length === 1 ? '' : 's'}`;
  const shown = items.slice(0, MAX_ITEMS).map((item) => `- ${line(item)}`);
  const more = items.length > MAX_ITEMS ? [`- … ${items.length - MAX_ITEMS} more`] : [];
  return [head, ...shown, ...more].join('\n');
}

function clip(text: string): string {
  const note = '\n(Full result in structuredContent.)';
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…${note}` : text;
}
