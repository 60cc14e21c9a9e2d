import { connectionDegree, type ConnectionDegree } from '../../world/index.js';
import type { ActingAccount, DomainDeps, NetworkState } from '../context.js';
import { networkToken, sql } from './store.js';

/** What createNetworkState needs: everything of DomainDeps but the network itself. */
export type NetworkDeps = Omit<DomainDeps, 'network'>;

interface Relationships {
  token: string;
  /** World connections plus accepted invitations. */
  firstDegree: Set<string>;
  /** Followed person and company ids, overlays applied. */
  following: Set<string>;
}

/**
 * Relationships as they stand now: the world's graph merged with this
 * module's overlays (accepted invitations are 1st degree, which makes their
 * world connections 2nd degree; follows and unfollows override the world).
 *
 * Each account's merged sets are cached and checked against a token that
 * every overlay write replaces (touchNetwork), so one indexed read per call
 * keeps the cache exact, also across instances sharing a database.
 */
export function createNetworkState(deps: NetworkDeps): NetworkState {
  const cache = new Map<string, Relationships>();

  const relationships = (account: ActingAccount): Relationships => {
    const token = networkToken(deps.db, account.id);
    const cached = cache.get(account.id);
    if (cached && cached.token === token) return cached;
    const view = deps.view(account);
    const s = sql(deps.db);
    const firstDegree = new Set(view.connections.map((c) => c.personId));
    for (const r of s.acceptedPeople.all(account.id)) firstDegree.add(r.person_id);
    const following = new Set<string>([
      ...view.following.people.map((f) => f.personId),
      ...view.following.companies.map((f) => f.companyId),
    ]);
    for (const f of s.follows.all(account.id)) {
      if (f.following === 1) following.add(f.target_id);
      else following.delete(f.target_id);
    }
    const fresh = { token, firstDegree, following };
    cache.set(account.id, fresh);
    return fresh;
  };

  return {
    degreeOf(account: ActingAccount, personId: string): ConnectionDegree {
      return connectionDegree(deps.world(), relationships(account).firstDegree, personId);
    },
    connectionIds(account: ActingAccount): ReadonlySet<string> {
      return relationships(account).firstDegree;
    },
    isFollowing(account: ActingAccount, targetId: string): boolean {
      return relationships(account).following.has(targetId);
    },
  };
}
