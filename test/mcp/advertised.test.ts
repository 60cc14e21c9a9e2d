import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointById } from '../../src/contract/index.js';
import { toolDefinition } from '../../src/mcp/tools.js';

type Schema = { type?: unknown; description?: string; enum?: unknown[]; items?: Schema; properties?: Record<string, Schema>; format?: string };

/**
 * Input fields whose meaning is plain from name, type and bounds, so they go
 * without a description (each would otherwise repeat on many tools):
 * - accountId: explained once in the server instructions (optional; ids from outreach://accounts);
 * - start, count, limit, offset: paging, bounds advertised, explained in the server instructions;
 * - keywords, message, commentText: the text itself, lengths advertised where they matter;
 * - plain filter words (name, title, company, school, industry, location) and the
 *   yes/no switches named for what they switch (unreadOnly, include*, openToWork,
 *   easyApply, mentionAuthor, withTypingIndicator);
 * - groupUrl, minMembers, maxMembers, filters (an object whose fields are checked on their own).
 */
const SELF_EVIDENT = new Set([
  'accountId', 'start', 'count', 'limit', 'offset', 'keywords', 'message', 'commentText',
  'name', 'title', 'company', 'school', 'industry', 'location',
  'unreadOnly', 'includeReposts', 'includeExperience', 'includeEducation', 'includeContact',
  'openToWork', 'easyApply', 'mentionAuthor', 'withTypingIndicator',
  'groupUrl', 'minMembers', 'maxMembers', 'filters',
]);

/** An enum of words (not codes like F/S/O or A-I) or a date format says what it takes. */
function explainsItself(s: Schema): boolean {
  const values = s.enum ?? s.items?.enum;
  if (values) return values.every((v) => typeof v !== 'string' || v.length > 2);
  return s.format === 'date' || s.format === 'date-time';
}

/** "tool.field" of every advertised input field (nested too) that lacks a needed description. */
function undescribed(): string[] {
  const missing: string[] = [];
  const walk = (tool: string, props: Record<string, Schema> | undefined, prefix: string) => {
    for (const [name, s] of Object.entries(props ?? {})) {
      if (!s.description && !SELF_EVIDENT.has(name) && !explainsItself(s)) missing.push(`${tool}.${prefix}${name}`);
      walk(tool, s.properties, `${prefix}${name}.`);
    }
  };
  for (const e of ENDPOINTS) walk(e.tool, (toolDefinition(e).inputSchema as Schema).properties, '');
  return missing;
}

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

  it('describe every input field whose meaning is not plain from its name, type and enum', () => {
    expect(undescribed()).toEqual([]);
  });

  it('say on every id field which forms it takes (slug, URN, URL)', () => {
    const input = (tool: string) => (toolDefinition(ENDPOINTS.find((e) => e.tool === tool)!).inputSchema as Schema).properties!;
    expect(input('get_conversation_messages')['conversationUrn']!.description).toBe('Id, URN or URL');
    expect(input('get_conversation_details')['conversationId']!.description).toBe('Id, URN or URL');
    expect(input('get_profile')['profileUrl']!.description).toBe('Slug, URN or URL');
    expect(input('send_connection_request')['profileId']!.description).toBe('Slug, URN or URL');
    expect(input('like_comment')['postUrl']!.description).toBe('URN or URL');
    expect(input('react_to_post')['postUrn']!.description).toBe('URN or URL');
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
      // An error result's structuredContent ({error: {...}}) must validate against it too (clients check it).
      expect(out.additionalProperties, e.tool).not.toBe(false);
      expect((out.properties ?? {}) as object, e.tool).not.toHaveProperty('error');
    }
  });
});
