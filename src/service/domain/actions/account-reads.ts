import type { PremiumType } from '../../../contract/common.js';
import { getPremiumStatus, listProfileVisitors } from '../../../contract/endpoints/account.js';
import { getSocialSellingIndex } from '../../../contract/endpoints/salesnav.js';
import type { ProfileVisitor } from '../../../contract/resources/account.js';
import { findPerson } from '../../world/index.js';
import { DomainError, handle, type ActingAccount, type DomainDeps } from '../context.js';
import { sql } from './store.js';
import { fullName } from './targets.js';

/** A3 premium status, A8 profile visitors, C4 social selling index. */

const DAY_MS = 86_400_000;

/**
 * The plan as the network reports it: the sales-navigation license is
 * checked first, then feature access for the other premium types.
 */
export function premiumTypeOf(a: ActingAccount): PremiumType {
  if (a.hasSalesNavigator) return 'SALES_NAVIGATOR';
  if (a.hasRecruiter) return 'RECRUITER';
  if (a.hasAwayMessages || a.hasAdvertiseBadge) return 'BUSINESS_PREMIUM';
  if (a.isPremium) return a.premiumType === 'NON_PREMIUM' ? 'BUSINESS_PREMIUM' : a.premiumType;
  return 'NON_PREMIUM';
}

export const premiumStatus = handle(getPremiumStatus, (deps, { account }) => {
  const premiumType = premiumTypeOf(account);
  return {
    success: true,
    accountId: account.id,
    accountName: fullName(account),
    premiumType,
    isPremium: premiumType !== 'NON_PREMIUM',
    hasSalesNavigator: account.hasSalesNavigator,
    hasRecruiter: account.hasRecruiter,
    hasAwayMessages: account.hasAwayMessages,
    hasAdvertiseBadge: account.hasAdvertiseBadge,
    hasHiringManager: account.hasHiringManager,
  };
});

interface Visit {
  personId: string | null;
  anonymousLabel: string | null;
  atMs: number;
}

/** Every visit of the last `days` up to now: generated history plus overlay visits, newest first. */
export function visitsWithin(deps: DomainDeps, account: ActingAccount, days: number): Visit[] {
  const now = deps.clock.now();
  const since = now - days * DAY_MS;
  const fromWorld: Visit[] = deps
    .view(account)
    .profileVisitors.filter((v) => v.visitedAtMs >= since && v.visitedAtMs <= now)
    .map((v) => ({ personId: v.personId, anonymousLabel: v.anonymousLabel, atMs: v.visitedAtMs }));
  const fromOverlay: Visit[] = sql(deps.db)
    .visitsSince.all(account.id, since, now)
    .map((v) => ({ personId: v.person_id, anonymousLabel: v.anonymous_label, atMs: v.visited_at_ms }));
  // Overlay visits all postdate the world epoch, so the two lists concatenate in order.
  return [...fromOverlay, ...fromWorld].sort((a, b) => b.atMs - a.atMs);
}

export const profileVisitors = handle(listProfileVisitors, (deps, { account, input }) => {
  const all = visitsWithin(deps, account, input.days);
  const page = all.slice(input.start, input.start + input.count);
  const world = deps.world();
  const visitors: ProfileVisitor[] = page.map((v) => {
    const person = v.personId === null ? undefined : findPerson(world, v.personId);
    if (!person) {
      return {
        anonymous: true,
        name: v.anonymousLabel ?? 'Anonymous network member',
        headline: null,
        location: null,
        profileUrl: null,
        viewedAt: new Date(v.atMs).toISOString(),
      };
    }
    return {
      anonymous: false,
      name: fullName(person),
      headline: person.headline,
      location: person.location.name,
      profileUrl: person.profileUrl,
      viewedAt: new Date(v.atMs).toISOString(),
    };
  });
  return {
    success: true,
    accountId: account.id,
    visitors,
    start: input.start,
    hasMore: input.start + page.length < all.length,
  };
});

/** Refusal text when the account has no sales-navigation seat (spec 4.3, error rule 6). */
export const SSI_NEEDS_SEAT = 'The social selling index requires an active sales-navigation seat on this account';

export const socialSellingIndex = handle(getSocialSellingIndex, (deps, { account }) => {
  // The pipeline checks the entry's `requires` too; the handler never answers without a seat.
  if (!account.hasSalesNavigator) throw new DomainError(400, SSI_NEEDS_SEAT);
  const ssi = deps.view(account).ssi;
  return {
    success: true,
    accountId: account.id,
    score: ssi.score,
    pillars: {
      brand: ssi.pillars.establishBrand,
      findPeople: ssi.pillars.findRightPeople,
      engage: ssi.pillars.engageWithInsights,
      relationships: ssi.pillars.buildRelationships,
    },
    industryTopPercent: ssi.industryRank.topPercent,
    networkTopPercent: ssi.networkRank.topPercent,
  };
});
