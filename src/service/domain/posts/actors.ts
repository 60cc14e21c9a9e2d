import type { Company, Person } from '../../world/index.js';
import { findPerson } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';

/** Who wrote, reacted or liked, as reads display them. */
export interface ActorCard {
  /** Public id (vanity slug) of a member, universal name of a company page. */
  profileId: string;
  name: string;
  headline: string;
  profileUrl: string;
}

export function personCard(p: Person): ActorCard {
  return { profileId: p.profileId, name: `${p.firstName} ${p.lastName}`, headline: p.headline, profileUrl: p.profileUrl };
}

export function companyCard(c: Company): ActorCard {
  return { profileId: c.universalName, name: c.name, headline: c.headline, profileUrl: c.companyUrl };
}

/** The acting account as other people see it. */
export function selfCard(deps: DomainDeps, account: ActingAccount): ActorCard {
  const view = deps.view(account);
  return {
    profileId: account.publicId,
    name: fullName(account),
    headline: view.profile.headline,
    profileUrl: view.profile.profileUrl,
  };
}

export function fullName(account: Pick<ActingAccount, 'firstName' | 'lastName'>): string {
  return `${account.firstName} ${account.lastName}`;
}

/** Card of a world person by id; a person missing from the world is a bug in the world, not the caller's. */
export function worldPersonCard(deps: DomainDeps, personId: string): ActorCard {
  const p = findPerson(deps.world(), personId);
  if (!p) throw new Error(`world is inconsistent: unknown person ${personId}`);
  return personCard(p);
}
