import type { Company, Post } from '../../world/index.js';
import { findCompany, findPost } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { DomainError } from '../context.js';

/**
 * Finds a post the account can see by URL (tracking parameters allowed),
 * activity/share/ugcPost URN or numeric id; its own posts included.
 * Connections-only posts of people outside the 1st degree are invisible, so
 * they answer 404 like a post that does not exist.
 */
export function resolvePost(deps: DomainDeps, account: ActingAccount, ref: string): Post {
  const post = findPost(deps.world(), ref, deps.view(account));
  if (!post || !canSee(deps, account, post)) throw new DomainError(404, `Post not found: ${ref}`);
  return post;
}

export function canSee(deps: DomainDeps, account: ActingAccount, post: Post): boolean {
  if (post.visibility !== 'CONNECTIONS') return true;
  if (post.author.type === 'account') return post.author.accountId === account.id;
  if (post.author.type === 'person') return deps.network.degreeOf(account, post.author.personId) === 1;
  return true;
}

export function isOwnPost(account: ActingAccount, post: Post): boolean {
  return post.author.type === 'account' && post.author.accountId === account.id;
}

/**
 * The company page the account may act as. The world records no page
 * roles, so an account administers exactly one page: its current employer's.
 */
export function adminCompany(deps: DomainDeps, account: ActingAccount, ref: string): Company {
  const company = findCompany(deps.world(), ref);
  if (!company) throw new DomainError(404, `Company not found: ${ref}`);
  const employer = deps.view(account).profile.currentPosition.companyId;
  if (company.companyId !== employer) {
    throw new DomainError(403, `Not an admin of company page ${company.entityUrn}; you can act only as a page you administer`);
  }
  return company;
}
