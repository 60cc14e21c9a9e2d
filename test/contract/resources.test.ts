import { describe, expect, it } from 'vitest';
import {
  AccountStatus,
  AnyErrorBody,
  CodedErrorBody,
  IsoDateTime,
  QuotaReport,
  SearchPagination,
  JobSearchPagination,
  ValidationErrorBodySchema,
  validate,
  validationErrorBody,
  endpointById,
} from '../../src/contract/index.js';

describe('resource schemas', () => {
  it('accepts an AccountStatus with and without networkPlan', () => {
    const base = {
      id: '5f1a2b3c4d5e6f7a8b9c0d1e',
      firstName: 'Ana',
      lastName: 'Lima',
      publicId: 'ana-lima',
      platform: 'network',
      status: 'AVAILABLE',
      enabled: true,
      lastUsed: '2025-03-01T10:00:00Z',
      hasTokens: true,
    };
    expect(AccountStatus.safeParse(base).success).toBe(true);
    expect(AccountStatus.safeParse({ ...base, networkPlan: null }).success).toBe(true);
    expect(AccountStatus.safeParse({ ...base, status: 'BUSY' }).success).toBe(false);
  });

  it('checks ISO date-times without advertising a regex', () => {
    expect(IsoDateTime.safeParse('2025-03-01T10:00:00.000+02:00').success).toBe(true);
    expect(IsoDateTime.safeParse('yesterday').success).toBe(false);
  });

  it('allows the monthly window in the quota report', () => {
    const item = {
      feature: 'SEARCH_POSTS_V2',
      window: 'monthly',
      used: 3,
      limit: 300,
      networkLimit: 300,
      remaining: 297,
      limitReached: false,
      limitReachedAt: null,
      resetAt: '2025-04-01T00:00:00Z',
    };
    expect(QuotaReport.safeParse({ accountId: 'a', quotas: [item] }).success).toBe(true);
    expect(QuotaReport.safeParse({ accountId: 'a', quotas: [{ ...item, used: 1.5 }] }).success).toBe(false);
  });

  it('keeps total optional in people/company pagination and absent from job pagination', () => {
    expect(SearchPagination.safeParse({ count: 10, start: 0, hasMore: true }).success).toBe(true);
    expect(SearchPagination.safeParse({ count: 10, start: 0, total: 1000, hasMore: true }).success).toBe(true);
    expect(SearchPagination.safeParse({ count: 10, start: 0 }).success).toBe(false);
    expect(Object.keys(JobSearchPagination.shape)).toEqual(['count', 'start', 'hasMore']);
  });
});

describe('error bodies (section 7)', () => {
  it('the validation body produced by validationErrorBody() matches its schema', () => {
    const r = validate(endpointById('E12')!.input, {});
    expect(r.success).toBe(false);
    if (!r.success) expect(ValidationErrorBodySchema.safeParse(validationErrorBody(r.issues)).success).toBe(true);
  });

  it('reads every error shape a client may meet', () => {
    expect(AnyErrorBody.safeParse({ error: 'Invalid account ID format', success: false }).success).toBe(true);
    expect(AnyErrorBody.safeParse({ error: 'Unauthorized' }).success).toBe(true);
    const coded = { error: { code: 'INVALID_PARAMETER', message: 'bad', details: { field: 'count', reason: 'too big' } } };
    expect(CodedErrorBody.safeParse(coded).success).toBe(true);
    expect(AnyErrorBody.safeParse(coded).success).toBe(true);
  });
});
