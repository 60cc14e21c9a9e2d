import type { AccountView } from '../world/index.js';
import type { ActingAccount, NetworkState } from './context.js';

/** Relationships from the world alone (no overlays): the base the actions module builds on. */
export function worldNetwork(view: (account: ActingAccount) => AccountView): NetworkState {
  return {
    degreeOf: (a, personId) => view(a).degreeOf(personId),
    connectionIds: (a) => new Set(view(a).connections.map((c) => c.personId)),
    isFollowing: (a, id) => {
      const v = view(a);
      return v.following.people.some((f) => f.personId === id) || v.following.companies.some((f) => f.companyId === id);
    },
  };
}
