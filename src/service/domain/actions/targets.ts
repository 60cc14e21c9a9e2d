import { findCompany, findPerson, type Company, type Person, type World } from '../../world/index.js';
import { DomainError, type ActingAccount } from '../context.js';

/** Resolving the profiles and companies an action names, with the refusals the service gives. */

/** True when `ref` names the acting account's own profile (slug or profile URL). */
export function isOwnProfile(account: ActingAccount, ref: string): boolean {
  const r = ref.trim().toLowerCase();
  const own = account.publicId.toLowerCase();
  const slug = /\/in\/([^/?#]+)/.exec(r)?.[1] ?? r;
  return slug === own;
}

/** A world person by any identifier; 404 "Profile not found: <ref>" otherwise. */
export function personOrThrow(world: World, ref: string): Person {
  const person = findPerson(world, ref);
  if (!person) throw new DomainError(404, `Profile not found: ${ref}`);
  return person;
}

/** A world company by any identifier; 404 "Company not found: <ref>" otherwise. */
export function companyOrThrow(world: World, ref: string): Company {
  const company = findCompany(world, ref);
  if (!company) throw new DomainError(404, `Company not found: ${ref}`);
  return company;
}

/** Company references that name a company whatever profileType says (organization URN, company URL). */
export function looksLikeCompany(ref: string): boolean {
  return /^urn:li:(?:organization|company|fsd_company|fs_normalized_company):/.test(ref.trim()) || /\/company\//i.test(ref);
}

export function fullName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`;
}

/** A person as event data carries it. */
export function eventPerson(p: Person): { profileId: string; fullName: string; headline: string } {
  return { profileId: p.profileId, fullName: fullName(p), headline: p.headline };
}
