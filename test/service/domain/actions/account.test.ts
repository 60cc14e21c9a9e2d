import { describe, expect, it } from 'vitest';
import { actionsModule } from '../../../../src/service/domain/actions/index.js';
import { SSI_NEEDS_SEAT } from '../../../../src/service/domain/actions/account-reads.js';
import type { ProfileVisitorsPage, PremiumStatusResponse } from '../../../../src/contract/resources/account.js';
import type { SocialSellingIndex } from '../../../../src/contract/resources/salesnav.js';
import { findPerson } from '../../../../src/service/world/index.js';
import { ACCOUNTS, testWorld } from '../harness.js';
import { DAY, actionsHarness, refusal } from './helpers.js';

const FLAGS_OFF = {
  isPremium: false,
  hasSalesNavigator: false,
  hasRecruiter: false,
  hasAwayMessages: false,
  hasAdvertiseBadge: false,
  hasHiringManager: false,
};

describe('A3 premium status', () => {
  const h = actionsHarness();
  const premium = (a: (typeof ACCOUNTS)[keyof typeof ACCOUNTS]) =>
    h.call<PremiumStatusResponse>(actionsModule, 'A3', a, { accountId: a.id });

  it('sales navigation', () => {
    expect(premium(ACCOUNTS.salesNav)).toEqual({
      success: true,
      accountId: ACCOUNTS.salesNav.id,
      accountName: 'Sally Seller',
      premiumType: 'SALES_NAVIGATOR',
      ...FLAGS_OFF,
      isPremium: true,
      hasSalesNavigator: true,
    });
  });

  it('business premium', () => {
    expect(premium(ACCOUNTS.business)).toEqual({
      success: true,
      accountId: ACCOUNTS.business.id,
      accountName: 'Bea Business',
      premiumType: 'BUSINESS_PREMIUM',
      ...FLAGS_OFF,
      isPremium: true,
      hasAwayMessages: true,
    });
  });

  it('recruiter', () => {
    expect(premium(ACCOUNTS.recruiter)).toEqual({
      success: true,
      accountId: ACCOUNTS.recruiter.id,
      accountName: 'Rick Recruiter',
      premiumType: 'RECRUITER',
      ...FLAGS_OFF,
      isPremium: true,
      hasRecruiter: true,
      hasHiringManager: true,
    });
  });

  it('free', () => {
    expect(premium(ACCOUNTS.free)).toEqual({
      success: true,
      accountId: ACCOUNTS.free.id,
      accountName: 'Fred Free',
      premiumType: 'NON_PREMIUM',
      ...FLAGS_OFF,
    });
  });

  it('checks the sales-navigation license before the other premium types', () => {
    const both = { ...ACCOUNTS.recruiter, hasSalesNavigator: true, premiumType: 'RECRUITER' as const };
    const out = premium(both);
    expect(out.premiumType).toBe('SALES_NAVIGATOR');
    expect(out.hasRecruiter).toBe(true);
    expect(out.hasSalesNavigator).toBe(true);
  });
});

describe('A8 profile visitors', () => {
  const visitors = (h: ReturnType<typeof actionsHarness>, input: Record<string, unknown>) =>
    h.call<ProfileVisitorsPage>(actionsModule, 'A8', ACCOUNTS.free, { accountId: ACCOUNTS.free.id, ...input });

  it('lists the generated visitors of the last 90 days, newest first, named and anonymous', () => {
    const h = actionsHarness();
    const now = h.clock.now();
    const expected = h.deps.view(ACCOUNTS.free).profileVisitors.filter((v) => v.visitedAtMs >= now - 90 * DAY);
    const all = visitors(h, { count: 100 });
    expect(all.success).toBe(true);
    expect(all.accountId).toBe(ACCOUNTS.free.id);
    expect(all.visitors).toHaveLength(Math.min(100, expected.length));
    expect(all.hasMore).toBe(expected.length > 100);
    all.visitors.forEach((v, i) => {
      const source = expected[i]!;
      expect(v.viewedAt).toBe(new Date(source.visitedAtMs).toISOString());
      if (source.personId === null) {
        expect(v).toEqual({ anonymous: true, name: source.anonymousLabel, headline: null, location: null, profileUrl: null, viewedAt: v.viewedAt });
      } else {
        const p = findPerson(testWorld(), source.personId)!;
        expect(v).toEqual({
          anonymous: false,
          name: `${p.firstName} ${p.lastName}`,
          headline: p.headline,
          location: p.location.name,
          profileUrl: p.profileUrl,
          viewedAt: v.viewedAt,
        });
      }
    });
    expect(all.visitors.some((v) => v.anonymous)).toBe(true);
    expect(all.visitors.some((v) => !v.anonymous)).toBe(true);
  });

  it('pages exactly with start/count and hasMore', () => {
    const h = actionsHarness();
    const all = visitors(h, { count: 100 }).visitors;
    expect(all.length).toBeGreaterThan(7);
    const pages: ProfileVisitorsPage[] = [];
    for (let start = 0; ; start += 7) {
      const page = visitors(h, { start, count: 7 });
      pages.push(page);
      expect(page.start).toBe(start);
      if (!page.hasMore) break;
      expect(page.visitors).toHaveLength(7);
    }
    expect(pages.flatMap((p) => p.visitors)).toEqual(all);
    // A page ending exactly at the last visitor has nothing more.
    const exact = visitors(h, { start: all.length - 3, count: 3 });
    expect(exact.visitors).toEqual(all.slice(-3));
    expect(exact.hasMore).toBe(false);
    expect(visitors(h, { start: all.length, count: 5 })).toMatchObject({ visitors: [], hasMore: false });
  });

  it('narrows to the time range and lets old visits fall out as time passes', () => {
    const h = actionsHarness();
    const now = h.clock.now();
    const week = visitors(h, { days: 7, count: 100 }).visitors;
    const quarter = visitors(h, { days: 90, count: 100 }).visitors;
    const inWeek = h.deps.view(ACCOUNTS.free).profileVisitors.filter((v) => v.visitedAtMs >= now - 7 * DAY).length;
    expect(week).toHaveLength(inWeek);
    expect(week.every((v) => Date.parse(v.viewedAt) >= now - 7 * DAY)).toBe(true);
    expect(quarter.slice(0, week.length)).toEqual(week);
    // Thirty days later without new visits (no runDue), the 7-day window is empty.
    h.clock.advance(30 * DAY);
    expect(visitors(h, { days: 7 }).visitors).toEqual([]);
  });

  it('refuses a time range the network does not offer', () => {
    const h = actionsHarness();
    expect(() => visitors(h, { days: 10 })).toThrow(/invalid input for A8: days/);
  });
});

describe('C4 social selling index', () => {
  it('answers the view\'s score, pillars and ranks for a sales-navigation account', () => {
    const h = actionsHarness();
    const ssi = h.deps.view(ACCOUNTS.salesNav).ssi;
    const out = h.call<SocialSellingIndex>(actionsModule, 'C4', ACCOUNTS.salesNav, {});
    expect(out).toEqual({
      success: true,
      accountId: ACCOUNTS.salesNav.id,
      score: ssi.score,
      pillars: {
        brand: ssi.pillars.establishBrand,
        findPeople: ssi.pillars.findRightPeople,
        engage: ssi.pillars.engageWithInsights,
        relationships: ssi.pillars.buildRelationships,
      },
      industryTopPercent: ssi.industryRank.topPercent,
      networkTopPercent: ssi.networkRank.topPercent,
    });
    expect(out.score).toBeGreaterThan(0);
    expect(out.score).toBeLessThanOrEqual(100);
    const sum = out.pillars.brand + out.pillars.findPeople + out.pillars.engage + out.pillars.relationships;
    expect(out.score).toBeCloseTo(sum, 1);
  });

  it.each([ACCOUNTS.free, ACCOUNTS.business, ACCOUNTS.recruiter])('refuses $premiumType without a seat: 400', (account) => {
    const h = actionsHarness();
    const err = refusal(() => h.call(actionsModule, 'C4', account, {}));
    expect(err.status).toBe(400);
    expect(err.message).toBe(SSI_NEEDS_SEAT);
  });
});
