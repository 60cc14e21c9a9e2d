import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../src/client/errors.js';

/** How service error bodies become ClientErrors (pure mapping, no transport). */
const NOW = Date.parse('2026-01-05T10:00:00.000Z');

describe('service error bodies', () => {
  it('maps an account-health refusal (code ACCOUNT_UNAVAILABLE) with its retryAt, whatever the status', () => {
    for (const status of [403, 409, 423, 503]) {
      const err = errorFromResponse({ id: 'B3' }, status, {}, { success: false, error: 'Account is on a temporary hold', code: 'ACCOUNT_UNAVAILABLE', retryAt: '2026-01-05T11:30:00Z' }, NOW, true);
      expect(err.details).toEqual({
        kind: 'account_unavailable',
        status,
        message: 'Account is on a temporary hold',
        retryAfterMs: 90 * 60_000,
        endpointId: 'B3',
        mayHaveLanded: false,
      });
    }
    const noTime = errorFromResponse({ id: 'A1' }, 409, {}, { success: false, error: 'Account needs attention', code: 'ACCOUNT_UNAVAILABLE' }, NOW, false);
    expect(noTime.details).toEqual({ kind: 'account_unavailable', status: 409, message: 'Account needs attention', endpointId: 'A1' });
  });

  it('reads feature, used and limit from a quota 429', () => {
    const message = 'Daily quota exceeded for CONNECT: 25 of 25 used; resets at 2026-01-06T00:00:00.000Z';
    const err = errorFromResponse({ id: 'B3' }, 429, {}, { success: false, error: message }, NOW, true);
    expect(err.details).toMatchObject({ kind: 'quota', feature: 'CONNECT', used: 25, limit: 25, resetAt: '2026-01-06T00:00:00.000Z', retryAfterMs: 14 * 3_600_000 });
  });

  it('leaves other codes to the status mapping', () => {
    const err = errorFromResponse({ id: 'B3' }, 404, {}, { success: false, error: 'Post not found: x', code: 'SOMETHING_ELSE' }, NOW, true);
    expect(err.details.kind).toBe('not_found');
  });
});
