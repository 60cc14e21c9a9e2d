import { TOOLSETS, type AnyEndpoint, type Toolset } from '../contract/index.js';

/**
 * Which tools a server exposes: a subset of toolsets and/or only read-only
 * tools, so a user can keep the tool list small and an agent harmless.
 */
export interface ToolSelection {
  /** undefined or empty = every toolset. */
  toolsets?: readonly Toolset[];
  readOnly?: boolean;
}

/** Parses "account, actions" into toolsets; unknown names are a startup error naming the valid ones. */
export function parseToolsets(text: string | undefined): Toolset[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  if (names.length === 0 || names.includes('all')) return undefined;
  const unknown = names.filter((n) => !(TOOLSETS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown toolset${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}. ` +
        `Valid toolsets: ${TOOLSETS.join(', ')} (or "all").`,
    );
  }
  return [...new Set(names)] as Toolset[];
}

/** Reads a boolean flag from an env value: 1/true/yes/on are true, 0/false/no/off/"" false. */
export function parseBooleanEnv(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  throw new Error(`${name} must be 1/true/yes/on or 0/false/no/off, got "${value}"`);
}

export function selectEndpoints(endpoints: readonly AnyEndpoint[], selection: ToolSelection = {}): AnyEndpoint[] {
  const sets = selection.toolsets && selection.toolsets.length > 0 ? new Set<string>(selection.toolsets) : undefined;
  return endpoints.filter(
    (e) => (!sets || sets.has(e.toolset)) && (!selection.readOnly || e.annotations.readOnlyHint),
  );
}
