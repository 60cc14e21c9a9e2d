import type { AnyEndpoint } from './endpoint.js';
import { accountEndpoints } from './endpoints/account.js';

export * from './endpoint.js';
export * from './common.js';
export * from './validation.js';
export * from './http.js';
export * from './quotas.js';
export * from './resources/index.js';

/** The contract table: every endpoint of the spec, exactly once. */
export const ENDPOINTS: readonly AnyEndpoint[] = [...accountEndpoints];

export function endpointById(id: string): AnyEndpoint | undefined {
  return ENDPOINTS.find((e) => e.id === id);
}

export function endpointByTool(tool: string): AnyEndpoint | undefined {
  return ENDPOINTS.find((e) => e.tool === tool);
}
