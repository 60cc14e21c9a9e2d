import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, LIST_MAX, validate } from '../../src/contract/index.js';

/**
 * Every numeric input is bounded and every free-text input has a maximum
 * (issue: a client mistake is a 400 naming the field, never a 500, and no
 * field stores 100,000 characters). Walks each entry's input schema and
 * feeds every field an out-of-bounds value: the validation names that field.
 */

type Schema = { type?: string | string[]; enum?: unknown[]; const?: unknown; items?: Schema; properties?: Record<string, Schema>; anyOf?: Schema[] };

interface Field {
  path: string[];
  schema: Schema;
}

function fields(schema: Schema, prefix: string[] = []): Field[] {
  const out: Field[] = [];
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    out.push({ path: [...prefix, name], schema: s });
    if (s.properties) out.push(...fields(s, [...prefix, name]));
  }
  return out;
}

function nest(path: string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

const HUGE_TEXT = 'x'.repeat(100_000);

function issuesAt(e: (typeof ENDPOINTS)[number], path: string[], value: unknown): string[] {
  const result = validate(e.input, nest(path, value));
  if (result.success) return [];
  return result.issues.filter((i) => i.path.slice(0, path.length).join('.') === path.join('.')).map((i) => i.message);
}

describe('input bounds', () => {
  const cases = ENDPOINTS.flatMap((e) => fields(z.toJSONSchema(e.input, { io: 'input', unrepresentable: 'any' }) as Schema).map((f) => ({ e, ...f })));

  it('walks every field of every entry', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it('bounds every number: 1e20 is refused naming the field', () => {
    const numbers = cases.filter((c) => c.schema.type === 'integer' || c.schema.type === 'number');
    expect(numbers.length).toBeGreaterThan(40);
    for (const c of numbers) expect(issuesAt(c.e, c.path, 1e20), `${c.e.tool}.${c.path.join('.')}`).not.toEqual([]);
  });

  it('caps every free-text field: 100,000 characters are refused naming the field', () => {
    const texts = cases.filter((c) => c.schema.type === 'string' && !c.schema.enum && c.schema.const === undefined);
    expect(texts.length).toBeGreaterThan(100);
    for (const c of texts) expect(issuesAt(c.e, c.path, HUGE_TEXT), `${c.e.tool}.${c.path.join('.')}`).not.toEqual([]);
  });

  it('caps every list: its entries and their number', () => {
    const lists = cases.filter((c) => c.schema.type === 'array');
    expect(lists.length).toBeGreaterThan(20);
    for (const c of lists) {
      const item = c.schema.items ?? {};
      const sample = item.enum ? item.enum[0] : 'x';
      expect(issuesAt(c.e, c.path, Array.from({ length: LIST_MAX + 1 }, () => sample)), `${c.e.tool}.${c.path.join('.')} length`).not.toEqual([]);
      if (!item.enum) expect(issuesAt(c.e, c.path, [HUGE_TEXT]), `${c.e.tool}.${c.path.join('.')} entry`).not.toEqual([]);
    }
  });

  it('answers with the bound in the message', () => {
    const reply = ENDPOINTS.find((e) => e.tool === 'reply_to_comment')!;
    expect(issuesAt(reply, ['commentText'], 'x'.repeat(1251))).toEqual(['Too big: expected string to have <=1250 characters']);
    const invitations = ENDPOINTS.find((e) => e.tool === 'list_sent_invitations')!;
    expect(issuesAt(invitations, ['startIndex'], 1e20)).toEqual(['Too big: expected number to be <=10000']);
    const profile = ENDPOINTS.find((e) => e.tool === 'get_profile')!;
    expect(issuesAt(profile, ['profileUrl'], 'x'.repeat(2049))).toEqual(['Must be at most 2048 characters']);
  });
});
