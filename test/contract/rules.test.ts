import { describe, expect, it } from 'vitest';
import {
  InMailPremiumType,
  PremiumType,
  ReactionType,
  endpointById,
  fromRequestParts,
  quotaFeaturesFor,
  requirementFor,
  toRequestParts,
  validate,
  type AnyEndpoint,
} from '../../src/contract/index.js';

const ACCOUNT = '5f1a2b3c4d5e6f7a8b9c0d1e';
const entry = (id: string): AnyEndpoint => {
  const e = endpointById(id);
  if (!e) throw new Error(`no entry ${id}`);
  return e;
};
const parse = (id: string, input: unknown) => validate(entry(id).input, input);
const issues = (id: string, input: unknown) => {
  const r = parse(id, input);
  return r.success ? [] : r.issues;
};

describe('account id (spec error rule 1)', () => {
  it('rejects a malformed path id with "Invalid account ID format"', () => {
    for (const id of ['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']) {
      expect(issues(id, { accountId: 'abc' }), id).toEqual([
        expect.objectContaining({ path: ['accountId'], message: 'Invalid account ID format' }),
      ]);
      expect(issues(id, { accountId: `${ACCOUNT}0` }), id).toHaveLength(1);
      expect(parse(id, { accountId: ACCOUNT.toUpperCase() }).success, id).toBe(true);
    }
  });

  it('rejects a malformed optional accountId the same way and accepts its absence', () => {
    expect(issues('B3', { accountId: 'zz', profileId: 'ana' })).toEqual([
      expect.objectContaining({ path: ['accountId'], message: 'Invalid account ID format' }),
    ]);
    expect(parse('B3', { profileId: 'ana' }).success).toBe(true);
    expect(parse('A1', {}).success).toBe(true);
  });
});

describe('connection request (B3)', () => {
  it('accepts a note of 300 characters and rejects 301', () => {
    expect(parse('B3', { profileId: 'ana', message: 'x'.repeat(300) }).success).toBe(true);
    expect(issues('B3', { profileId: 'ana', message: 'x'.repeat(301) })).toEqual([
      expect.objectContaining({ code: 'too_big', path: ['message'], message: 'Connection message must be at most 300 characters' }),
    ]);
  });

  it('requires profileId', () => {
    expect(issues('B3', {})).toEqual([
      { code: 'invalid_type', expected: 'string', received: 'undefined', path: ['profileId'], message: 'Required' },
    ]);
  });
});

describe('history paging (A5, A6)', () => {
  it('defaults count to 20 and start to 0', () => {
    for (const id of ['A5', 'A6']) {
      expect(parse(id, { accountId: ACCOUNT })).toEqual({ success: true, data: { accountId: ACCOUNT, count: 20, start: 0 } });
    }
  });

  it('accepts count 1..100 and start >= 0 only', () => {
    expect(parse('A5', { accountId: ACCOUNT, count: 1 }).success).toBe(true);
    expect(parse('A5', { accountId: ACCOUNT, count: 100, start: 500 }).success).toBe(true);
    expect(issues('A5', { accountId: ACCOUNT, count: 0 })).toEqual([expect.objectContaining({ code: 'too_small', path: ['count'] })]);
    expect(issues('A5', { accountId: ACCOUNT, count: 101 })).toEqual([expect.objectContaining({ code: 'too_big', path: ['count'] })]);
    expect(issues('A6', { accountId: ACCOUNT, start: -1 })).toEqual([expect.objectContaining({ code: 'too_small', path: ['start'] })]);
    expect(issues('A6', { accountId: ACCOUNT, count: 2.5 })).toEqual([
      expect.objectContaining({ path: ['count'], message: 'Expected an integer' }),
    ]);
  });

  it('reads count and start from query strings', () => {
    const e = entry('A5');
    const input = fromRequestParts(e, { accountId: ACCOUNT }, { count: '50', start: '10', paginationToken: 'tok' }, undefined);
    expect(validate(e.input, input)).toEqual({
      success: true,
      data: { accountId: ACCOUNT, count: 50, start: 10, paginationToken: 'tok' },
    });
    expect(issues('A5', fromRequestParts(e, { accountId: ACCOUNT }, { count: 'abc' }, undefined))).toEqual([
      expect.objectContaining({ path: ['count'], code: 'invalid_type' }),
    ]);
  });
});

describe('posts search v2 (E12)', () => {
  it('answers a missing keywords field with a "Required" issue', () => {
    expect(issues('E12', { count: 10 })).toEqual([
      { code: 'invalid_type', expected: 'string', received: 'undefined', path: ['keywords'], message: 'Required' },
    ]);
  });

  it('caps count at 50 and defaults it to 10', () => {
    expect(parse('E12', { keywords: 'ai', count: 50 }).success).toBe(true);
    expect(issues('E12', { keywords: 'ai', count: 51 })).toEqual([expect.objectContaining({ code: 'too_big', path: ['count'] })]);
    const r = parse('E12', { keywords: 'ai' });
    expect(r.success && r.data).toMatchObject({ count: 10, start: 0 });
  });

  it('accepts the filter arrays of the spec', () => {
    const filters = {
      sortBy: 'date_posted',
      datePosted: ['past-week'],
      contentType: ['videos'],
      postedBy: ['first'],
      fromMember: ['ACoAA1'],
      fromOrganization: ['1035'],
      mentionsMember: [],
      mentionsOrganization: [],
      authorCompany: ['1441'],
      authorIndustry: ['4'],
      authorJobTitle: ['CTO'],
    };
    expect(parse('E12', { keywords: 'ai', filters }).success).toBe(true);
    expect(issues('E12', { keywords: 'ai', filters: { datePosted: 'past-week' } })).toEqual([
      expect.objectContaining({ path: ['filters', 'datePosted'], code: 'invalid_type' }),
    ]);
  });

  it('spends the monthly SEARCH_POSTS_V2 quota', () => {
    expect(quotaFeaturesFor(entry('E12'), { keywords: 'ai' })).toEqual(['SEARCH_POSTS_V2']);
  });
});

describe('enumerations', () => {
  it('has exactly the six reaction types of spec 2.5', () => {
    expect(ReactionType.options).toEqual(['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT']);
    expect(parse('E3', { postUrn: 'urn:li:activity:1', reactionType: 'PRAISE' }).success).toBe(true);
    expect(issues('E3', { postUrn: 'urn:li:activity:1', reactionType: 'CELEBRATE' })).toEqual([
      expect.objectContaining({ code: 'invalid_value', path: ['reactionType'] }),
    ]);
  });

  it('has the premium types of spec 2.1 and 2.22', () => {
    expect(PremiumType.options).toEqual(['SALES_NAVIGATOR', 'RECRUITER', 'BUSINESS_PREMIUM', 'NON_PREMIUM']);
    expect([...InMailPremiumType.options].sort()).toEqual(['BUSINESS_PREMIUM', 'FREE', 'RECRUITER', 'SALES_NAVIGATOR', 'UNKNOWN']);
  });
});

describe('either-or inputs', () => {
  it('follow (B1) needs profileId or profileUrn and defaults to follow a user', () => {
    expect(issues('B1', {})).toEqual([
      expect.objectContaining({ path: ['profileId'], message: 'profileId or profileUrn is required' }),
    ]);
    const r = parse('B1', { profileUrn: 'urn:li:fsd_profile:ACoAA1' });
    expect(r.success && r.data).toMatchObject({ profileType: 'user', action: 'follow' });
    expect(parse('B1', { profileId: 'acme', profileType: 'company', action: 'unfollow' }).success).toBe(true);
  });

  it('message (B2) takes exactly one of recipientProfileId or conversationId; InMail needs premium', () => {
    const e = entry('B2');
    expect(parse('B2', { recipientProfileId: 'ana', message: 'hi' }).success).toBe(true);
    expect(parse('B2', { conversationId: 'c1', message: 'hi', withTypingIndicator: true }).success).toBe(true);
    expect(issues('B2', { recipientProfileId: 'ana', conversationId: 'c1', message: 'hi' })).toHaveLength(1);
    expect(issues('B2', { message: 'hi' })).toHaveLength(1);
    expect(issues('B2', { recipientProfileId: 'ana', message: '   ' })).toEqual([
      expect.objectContaining({ path: ['message'], message: 'Must not be blank' }),
    ]);
    expect(requirementFor(e, { inMail: true })).toBe('premium');
    expect(requirementFor(e, { inMail: false })).toBeUndefined();
  });
});

describe('sales-navigation url mode (C1, C2)', () => {
  const salesPeople = 'https://www.network.com/sales/search/people?query=(keywords:cto)';
  const salesCompany = 'https://www.network.com/sales/search/company?query=(keywords:saas)';

  it('spends SALES_NAV_SEARCH (counted, not capped) instead of the search quota and needs a seat', () => {
    const people = entry('C1');
    expect(quotaFeaturesFor(people, { url: salesPeople })).toEqual(['SALES_NAV_SEARCH']);
    expect(quotaFeaturesFor(people, { keywords: 'cto' })).toEqual(['SEARCH_PEOPLE']);
    expect(requirementFor(people, { url: salesPeople })).toBe('salesNavigator');
    expect(requirementFor(people, { keywords: 'cto' })).toBeUndefined();
    const companies = entry('C2');
    expect(quotaFeaturesFor(companies, { url: salesCompany })).toEqual(['SALES_NAV_SEARCH']);
    expect(quotaFeaturesFor(companies, { keywords: 'saas' })).toEqual(['SEARCH_COMPANIES']);
    expect(requirementFor(companies, { url: salesCompany })).toBe('salesNavigator');
  });

  it('stops a sales-navigation people search at 1000 results', () => {
    expect(parse('C1', { url: salesPeople, start: 990, count: 10 }).success).toBe(true);
    expect(issues('C1', { url: salesPeople, start: 991, count: 10 })).toEqual([
      expect.objectContaining({ path: ['start'], message: 'Sales-navigation searches return at most 1000 results (start + count)' }),
    ]);
    expect(parse('G4', { keywords: 'cto', start: 2000 }).success).toBe(true);
  });
});

describe('second listings', () => {
  it('D2 reads conversationId from the query on its path and from the path on its alias', () => {
    const e = entry('D2');
    expect(e.aliases).toEqual([{ method: 'GET', path: '/messaging/conversation/{conversationId}' }]);
    expect(fromRequestParts(e, {}, { conversationId: 'c1' }, undefined)).toEqual({ conversationId: 'c1' });
    expect(fromRequestParts(e, { conversationId: 'c2' }, {}, undefined)).toEqual({ conversationId: 'c2' });
    expect(toRequestParts(e, { conversationId: 'c1', count: 5 })).toEqual({
      path: '/messaging/conversation-details',
      query: { conversationId: 'c1', count: '5' },
    });
  });

  it('D1 answers on /messaging/recent too, with limit (default 20) and unreadOnly', () => {
    const e = entry('D1');
    expect(e.aliases).toEqual([{ method: 'GET', path: '/messaging/recent' }]);
    const input = fromRequestParts(e, {}, { unreadOnly: 'true', limit: '5' }, undefined);
    expect(validate(e.input, input)).toEqual({ success: true, data: { unreadOnly: true, limit: 5, start: 0 } });
    expect(validate(e.input, {})).toMatchObject({ success: true, data: { limit: 20, unreadOnly: false } });
  });

  it('POST bodies carry every non-path field', () => {
    expect(toRequestParts(entry('B3'), { profileId: 'ana', message: 'hi' })).toEqual({
      path: '/connect',
      query: {},
      body: { profileId: 'ana', message: 'hi' },
    });
  });

  it('event attendees (F6) take no page size: it is fixed at 10', () => {
    expect(Object.keys(entry('F6').input.shape)).not.toContain('count');
  });
});
