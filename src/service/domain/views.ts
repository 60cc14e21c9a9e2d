import { accountView, type AccountView, type World } from '../world/index.js';
import type { ActingAccount } from './context.js';

/** Each account's slice of the world, built once per account (it takes ~0.1 s) and kept. */
export function accountViews(world: () => World): (account: ActingAccount) => AccountView {
  const views = new Map<string, AccountView>();
  return (a) => {
    let v = views.get(a.id);
    if (!v) {
      v = accountView(world(), a.id, {
        firstName: a.firstName,
        lastName: a.lastName,
        publicId: a.publicId,
        premium: a.isPremium,
        salesNavigator: a.hasSalesNavigator,
      });
      views.set(a.id, v);
    }
    return v;
  };
}
