import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointById, fromRequestParts, toRequestParts, validate } from '../../src/contract/index.js';

describe('request mapping', () => {
  it('puts path params in the path and the rest in the query for GET', () => {
    const e = endpointById('A2');
    expect(e).toBeDefined();
    const parts = toRequestParts(e!, { accountId: 'a'.repeat(24) });
    expect(parts).toEqual({ path: `/account/${'a'.repeat(24)}/status`, query: {} });
  });

  it('reassembles input from params and query', () => {
    const e = endpointById('A2')!;
    expect(fromRequestParts(e, { accountId: 'abc' }, {}, undefined)).toEqual({ accountId: 'abc' });
  });
});

describe('validation wording', () => {
  it('reports a missing required field as Required with expected/received', () => {
    const r = validate(z.object({ keywords: z.string() }), {});
    expect(r).toEqual({
      success: false,
      issues: [{ code: 'invalid_type', expected: 'string', received: 'undefined', path: ['keywords'], message: 'Required' }],
    });
  });

  it('rejects a malformed account id with the spec text', () => {
    const r = validate(endpointById('A2')!.input, { accountId: 'nope' });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.issues[0]?.message).toBe('Invalid account ID format');
  });
});
