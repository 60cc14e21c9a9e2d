import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IsoDateTime } from '../../src/contract/index.js';
import { OUTPUT_SCHEMA_BUDGET, compactJsonSchema } from '../../src/mcp/json-schema.js';

describe('compact JSON Schemas', () => {
  it('keeps inputs whole: bounds, defaults, enums, descriptions, required; drops $schema and the date-time regex', () => {
    const input = z.object({
      count: z.number().int().min(1).max(100).default(20).describe('Page size'),
      since: IsoDateTime.optional(),
      kind: z.enum(['a', 'b']),
    });
    expect(compactJsonSchema(input, 'input')).toEqual({
      type: 'object',
      properties: {
        count: { default: 20, description: 'Page size', type: 'integer', minimum: 1, maximum: 100 },
        since: { type: 'string', format: 'date-time' },
        kind: { type: 'string', enum: ['a', 'b'] },
      },
      required: ['kind'],
    });
  });

  it('keeps a small output in detail, without required/additionalProperties', () => {
    const output = z.object({ ok: z.boolean(), when: IsoDateTime.nullable(), plan: z.object({ tier: z.enum(['x', 'y']) }) });
    expect(compactJsonSchema(output, 'output')).toEqual({
      type: 'object',
      properties: {
        ok: { type: 'boolean' },
        when: { type: ['string', 'null'], format: 'date-time' },
        plan: { type: 'object', properties: { tier: { type: 'string', enum: ['x', 'y'] } } },
      },
    });
  });

  it(`shrinks a wide output to its field names when nothing else fits ${OUTPUT_SCHEMA_BUDGET} bytes`, () => {
    const shape: Record<string, z.ZodType> = {};
    for (let i = 0; i < 20; i++) shape[`field${i}`] = z.string();
    const schema = compactJsonSchema(z.object(shape), 'output');
    expect(schema).toEqual({ type: 'object', properties: Object.fromEntries(Object.keys(shape).map((k) => [k, {}])) });
  });
});
