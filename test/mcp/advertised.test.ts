import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointById } from '../../src/contract/index.js';
import { toolDefinition } from '../../src/mcp/tools.js';

/**
 * What agents read on every session: the advertised tool definitions. The
 * target is at most 200 estimated tokens (bytes / 4) per tool on average.
 */
const BUDGET_TOKENS_PER_TOOL = 200;
const tokens = (value: unknown) => JSON.stringify(value).length / 4;

describe('advertised tool definitions', () => {
  it(`average at most ${BUDGET_TOKENS_PER_TOOL} estimated tokens per tool, none over 3x that`, () => {
    const sizes = ENDPOINTS.map((e) => tokens(toolDefinition(e)));
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeLessThanOrEqual(BUDGET_TOKENS_PER_TOOL);
    for (const [i, size] of sizes.entries()) expect(size, ENDPOINTS[i]!.tool).toBeLessThanOrEqual(3 * BUDGET_TOKENS_PER_TOOL);
  });

  it('keep the spec limits an agent must respect', () => {
    const input = (id: string) => toolDefinition(endpointById(id)!).inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(input('B3')).toMatchObject({ type: 'object', required: ['profileId'] });
    expect(input('B3')).not.toHaveProperty('$schema');
    expect(input('B3').properties['message']).toMatchObject({ maxLength: 300 });
    expect(input('E12').properties['count']).toMatchObject({ minimum: 1, maximum: 50, default: 10 });
    expect(input('E12').required).toEqual(['keywords']);
    expect(input('A5').properties['count']).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(input('A5').properties['start']).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(input('A2').properties['accountId']).toMatchObject({ pattern: '^[a-fA-F0-9]{24}$' });
    expect(input('E3').properties['reactionType']).toMatchObject({
      enum: ['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'],
    });
  });

  it('carry object output schemas without required lists, so they only loosen the contract', () => {
    for (const e of ENDPOINTS) {
      const out = toolDefinition(e).outputSchema as Record<string, unknown>;
      expect(out.type, e.tool).toBe('object');
      expect(out, e.tool).not.toHaveProperty('required');
    }
  });
});
