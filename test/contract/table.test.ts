import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ENDPOINTS,
  LIMIT_GROUPS,
  costSentence,
  PER_MINUTE_LIMITS,
  QUOTA_FEATURES,
  TOOLSETS,
  pathParams,
  routes,
  specIds,
} from '../../src/contract/index.js';

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
/** Every endpoint id of spec section 4, plus F5/F6 (unnumbered in the spec) and the X1, X2 extensions. */
const SPEC_IDS = [
  ...range('A', 8),
  ...range('B', 6),
  ...range('C', 7),
  ...range('D', 12),
  ...range('E', 13),
  ...range('F', 6),
  ...range('G', 8),
  'X1',
  'X2',
];

describe('endpoint table', () => {
  it('holds every spec id exactly once', () => {
    const ids = ENDPOINTS.flatMap(specIds);
    expect([...ids].sort()).toEqual([...SPEC_IDS].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves C1 and C2 from the people and company search entries', () => {
    const byId = (id: string) => ENDPOINTS.find((e) => specIds(e).includes(id));
    expect(byId('C1')).toBe(byId('G4'));
    expect(byId('C1')?.path).toBe('/search/people');
    expect(byId('C2')).toBe(byId('G2'));
    expect(byId('C2')?.path).toBe('/search/companies');
  });

  it('has unique snake_case verb_object tool names', () => {
    const tools = ENDPOINTS.map((e) => e.tool);
    expect(new Set(tools).size).toBe(tools.length);
    for (const t of tools) expect(t).toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
  });

  it('mounts no (method, path) twice, aliases included', () => {
    // {a} and {b} in the same place are the same route.
    const keys = ENDPOINTS.flatMap(routes).map((r) => `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every path parameter (of the path and of each alias) a field in the input', () => {
    for (const e of ENDPOINTS) {
      for (const r of routes(e)) {
        for (const p of pathParams(r.path)) expect(Object.keys(e.input.shape), `${e.id} ${p}`).toContain(p);
      }
    }
  });

  it('keeps GET inputs flat, so they fit a query string', () => {
    for (const e of ENDPOINTS.filter((x) => x.method === 'GET')) {
      const schema = z.toJSONSchema(e.input, { io: 'input' }) as { properties: Record<string, { type?: string }> };
      for (const [k, p] of Object.entries(schema.properties)) expect(p.type, `${e.id}.${k}`).not.toBe('object');
    }
  });

  it('converts every input and output to a JSON Schema of type object', () => {
    for (const e of ENDPOINTS) {
      expect(z.toJSONSchema(e.input, { io: 'input' }), e.id).toMatchObject({ type: 'object' });
      expect(z.toJSONSchema(e.output, { io: 'output' }), e.id).toMatchObject({ type: 'object' });
    }
  });

  it('uses known groups, toolsets and quota features', () => {
    for (const e of ENDPOINTS) {
      expect(LIMIT_GROUPS, e.id).toContain(e.group);
      expect(TOOLSETS, e.id).toContain(e.toolset);
      for (const f of e.quota ?? []) expect(QUOTA_FEATURES, `${e.id} ${f}`).toContain(f);
    }
  });

  it('ends each description with the cost sentence derived from the entry (group, quotas, requirement)', () => {
    for (const e of ENDPOINTS) expect(e.description.endsWith(` ${costSentence(e)}`), e.id).toBe(true);
    const byTool = (tool: string) => ENDPOINTS.find((x) => x.tool === tool)!;
    expect(costSentence(byTool('send_connection_request'))).toBe('Cost: write 15/min; quota CONNECT 25/day, 100/week.');
    expect(costSentence(byTool('search_people'))).toBe(
      'Cost: search 30/min; quota SEARCH_PEOPLE 100/day or SALES_NAV_SEARCH (counted, not capped); a /sales/ url needs a sales-navigation seat.',
    );
    expect(costSentence(byTool('send_message'))).toBe('Cost: write 15/min; quota MESSAGE 150/day; inMail=true needs a premium plan.');
    expect(costSentence(byTool('get_ssi'))).toBe('Cost: account 10/min; needs a sales-navigation seat.');
    expect(costSentence(byTool('list_conversations'))).toBe('Cost: inbox, unlimited.');
    expect(costSentence(byTool('search_posts'))).toBe('Cost: search 30/min; quota SEARCH_POSTS_V2 300/month.');
  });

  it('states in each description the per-minute group and every quota feature it may spend', () => {
    for (const e of ENDPOINTS) {
      const limit = PER_MINUTE_LIMITS[e.group];
      expect(e.description, e.id).toContain(limit === null ? `Cost: ${e.group}, unlimited` : `Cost: ${e.group} ${limit}/min`);
      for (const f of e.quota ?? []) expect(e.description, e.id).toContain(f);
      if (!e.quota) expect(e.description, e.id).not.toMatch(/quota [A-Z]/);
    }
  });

  it('marks reads read-only and never destructive, and every write as a write', () => {
    for (const e of ENDPOINTS) {
      if (e.annotations.readOnlyHint) expect(e.annotations.destructiveHint, e.id).toBe(false);
      if (e.quota?.some((f) => ['CONNECT', 'MESSAGE', 'COMMENT', 'REACT', 'REPOST', 'FOLLOW'].includes(f))) {
        expect(e.annotations.readOnlyHint, e.id).toBe(false);
      }
    }
    const destructive = ENDPOINTS.filter((e) => e.annotations.destructiveHint).map((e) => e.id);
    expect(destructive).toEqual(['B1']);
  });

  it('puts the spec-listed paths into the spec-listed per-minute groups (section 8)', () => {
    const groupOf = (path: string) => ENDPOINTS.find((e) => routes(e).some((r) => r.path === path))?.group;
    expect(groupOf('/search/people')).toBe('search');
    expect(groupOf('/posts/search')).toBe('search');
    expect(groupOf('/profile')).toBe('profile');
    expect(groupOf('/relationship/{profileId}')).toBe('profile');
    expect(groupOf('/posts/latest')).toBe('content');
    expect(groupOf('/groups/members')).toBe('content');
    for (const p of ['/connect', '/messaging/send', '/posts/comment', '/posts/react']) expect(groupOf(p), p).toBe('write');
    expect(groupOf('/account/{accountId}/quota')).toBe('account');
    expect(groupOf('/conversations')).toBe('inbox');
    expect(groupOf('/messaging/recent-messages')).toBe('inbox');
    for (const e of ENDPOINTS.filter((x) => x.path.startsWith('/account/'))) expect(e.group, e.id).toBe('account');
  });

  it('marks the GET /accounts and POST /groups/join extensions and only them', () => {
    expect(ENDPOINTS.filter((e) => e.extension).map((e) => [e.id, e.tool, e.method, e.path])).toEqual([
      ['X1', 'list_accounts', 'GET', '/accounts'],
      ['X2', 'join_group', 'POST', '/groups/join'],
    ]);
  });
});
