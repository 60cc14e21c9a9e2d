import type { AnyEndpoint } from './endpoint.js';
import { accountEndpoints } from './endpoints/account.js';
import { actionEndpoints } from './endpoints/actions.js';
import { salesNavEndpoints } from './endpoints/salesnav.js';
import { messagingEndpoints } from './endpoints/messaging.js';
import { postEndpoints } from './endpoints/posts.js';
import { groupEndpoints } from './endpoints/groups.js';
import { searchEndpoints } from './endpoints/search.js';

export * from './endpoint.js';
export * from './common.js';
export * from './validation.js';
export * from './http.js';
export * from './quotas.js';
export * from './targets.js';
export * from './resources/index.js';
export * from './webhooks.js';

/** The contract table: every endpoint of the spec, exactly once. */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  ...accountEndpoints,
  ...actionEndpoints,
  ...salesNavEndpoints,
  ...messagingEndpoints,
  ...postEndpoints,
  ...groupEndpoints,
  ...searchEndpoints,
];

/** The entry for a spec id, including ids an entry shares (C1 -> the G4 entry). */
export function endpointById(id: string): AnyEndpoint | undefined {
  return ENDPOINTS.find((e) => e.id === id || e.sharedIds?.includes(id));
}

/** The entry playing a bookkeeping role; throws when the table has none (a contract defect). */
export function endpointByRole(role: import('./endpoint.js').EndpointRole): AnyEndpoint {
  const found = ENDPOINTS.find((e) => e.role === role);
  if (!found) throw new Error(`the contract table has no ${role} endpoint`);
  return found;
}

export function endpointByTool(tool: string): AnyEndpoint | undefined {
  return ENDPOINTS.find((e) => e.tool === tool);
}
