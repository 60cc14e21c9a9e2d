import { describe, expect, it } from 'vitest';
import { ENDPOINTS, estimateTokens, rawToolListBytes, toolJsonSchemas, toolListBytes, validate } from '../../src/contract/index.js';

/**
 * tools/list is read by every agent on every session: the target is at most
 * 200 estimated tokens (bytes / 4) per tool on average, counting the name, the
 * description and both advertised JSON Schemas.
 */
const BUDGET_TOKENS_PER_TOOL = 200;
/** The SDK's unmodified conversion ($schema, required, additionalProperties…): a guard against blow-ups. */
const RAW_CEILING_TOKENS_PER_TOOL = 320;

const average = (f: (e: (typeof ENDPOINTS)[number]) => number) =>
  ENDPOINTS.reduce((sum, e) => sum + f(e), 0) / ENDPOINTS.length;

describe('tools/list token budget', () => {
  it(`averages at most ${BUDGET_TOKENS_PER_TOOL} estimated tokens per tool`, () => {
    const avg = estimateTokens(average(toolListBytes));
    expect(avg).toBeLessThanOrEqual(BUDGET_TOKENS_PER_TOOL);
  });

  it(`keeps the SDK's raw conversion under ${RAW_CEILING_TOKENS_PER_TOOL} tokens per tool`, () => {
    expect(estimateTokens(average(rawToolListBytes))).toBeLessThanOrEqual(RAW_CEILING_TOKENS_PER_TOOL);
  });

  it('lets no single tool dominate (at most 3x the budget)', () => {
    for (const e of ENDPOINTS) expect(estimateTokens(toolListBytes(e)), e.tool).toBeLessThanOrEqual(3 * BUDGET_TOKENS_PER_TOOL);
  });
});

describe('advertised schemas', () => {
  it('are objects without $schema, and the input keeps its required list', () => {
    const { inputSchema, outputSchema } = toolJsonSchemas(ENDPOINTS.find((e) => e.id === 'B3')!);
    expect(inputSchema).toMatchObject({ type: 'object', required: ['profileId'] });
    expect(inputSchema).not.toHaveProperty('$schema');
    expect(outputSchema).toMatchObject({ type: 'object' });
    expect(outputSchema).not.toHaveProperty('required');
    expect(outputSchema).not.toHaveProperty('additionalProperties');
  });

  it('keep the spec limits an agent must respect', () => {
    const input = (id: string) => toolJsonSchemas(ENDPOINTS.find((e) => e.id === id)!).inputSchema as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(input('B3').properties['message']).toMatchObject({ maxLength: 300 });
    expect(input('E12').properties['count']).toMatchObject({ minimum: 1, maximum: 50, default: 10 });
    expect(input('A5').properties['count']).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(input('A5').properties['start']).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(input('A2').properties['accountId']).toMatchObject({ pattern: '^[a-fA-F0-9]{24}$' });
    expect(input('E3').properties['reactionType']).toMatchObject({
      enum: ['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'],
    });
  });

  it('still describe a valid answer: the compacted output only loosens the zod schema', () => {
    const e = ENDPOINTS.find((x) => x.id === 'B3')!;
    const answer = { success: true, invitationId: 'inv1', timestamp: '2025-01-02T03:04:05.000Z' };
    expect(validate(e.output, answer).success).toBe(true);
    const { outputSchema } = toolJsonSchemas(e);
    expect(Object.keys((outputSchema as { properties: object }).properties)).toEqual(['invitationId', 'timestamp']);
  });
});
