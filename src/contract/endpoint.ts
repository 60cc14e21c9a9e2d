import { z } from 'zod';
import { rulesFor } from './quotas.js';

/**
 * One endpoint of the service, written down once. The embedded service, the
 * governed client and the MCP server are all derived from these entries.
 */

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Per-minute limit groups of spec section 8. */
export const LIMIT_GROUPS = ['search', 'profile', 'content', 'write', 'account', 'inbox'] as const;
export type LimitGroup = (typeof LIMIT_GROUPS)[number];

/** Calls per minute per connected account; null = unlimited (spec section 8). */
export const PER_MINUTE_LIMITS: Record<LimitGroup, number | null> = {
  search: 30,
  profile: 30,
  content: 30,
  write: 15,
  account: 10,
  inbox: null,
};

/**
 * Hourly plan ceilings per user (spec section 8, second listing), enforced in
 * addition to the per-minute limits. The 429 names the hourly limit; the
 * X-RateLimit-* headers keep reporting the per-minute group.
 */
export const HOURLY_PLAN_LIMITS = { standard: 1000, enterprise: 10000 } as const;
export type Plan = keyof typeof HOURLY_PLAN_LIMITS;

export const TOOLSETS = [
  'account',
  'actions',
  'messaging',
  'posts',
  'search',
  'salesnav',
  'groups',
  'profiles',
] as const;
export type Toolset = (typeof TOOLSETS)[number];

export type Requirement = 'premium' | 'salesNavigator';

export interface RequirementWhen {
  requirement: Requirement;
  /** The condition in words, e.g. "inMail=true". */
  when: string;
  test: (input: Readonly<Record<string, unknown>>) => boolean;
}

const REQUIREMENT_WORDS: Record<Requirement, string> = { premium: 'a premium plan', salesNavigator: 'a sales-navigation seat' };

/** "a premium plan" / "a sales-navigation seat": how errors and descriptions name a requirement. */
export function requirementWords(r: Requirement): string {
  return REQUIREMENT_WORDS[r];
}

/**
 * The part an endpoint plays in the client's own bookkeeping, so the client
 * and the MCP resources find these entries by role, never by spec id.
 */
export type EndpointRole = 'quotaReport' | 'accountStatus' | 'accountsList';

/**
 * How the per-minute and quota limits apply: 'metered' (default) counts the
 * call in its group's window and spends its features; 'exempt' counts
 * nothing anywhere (the service admits it without limits, the client sends
 * it without queueing), for bookkeeping reads that touch no network.
 */
export type Metering = 'metered' | 'exempt';

/** How long the client may reuse a successful answer. */
export interface CachePolicy {
  /** 0 = never cached. */
  ttlMs: number;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Input object: path params come from `{name}` segments of the path; the rest
 *  is query (GET/DELETE) or JSON body (POST). */
export type InputSchema = z.ZodObject<z.ZodRawShape>;

export interface EndpointSpec<I extends InputSchema = InputSchema, O extends z.ZodType = z.ZodType> {
  /** Spec id (A1, B3, ...) or an X-prefixed id for documented extensions. */
  id: string;
  /** Further spec ids served by this same entry (the spec lists C1/G4 and C2/G2 twice). */
  sharedIds?: readonly string[];
  /** MCP tool name, snake_case verb_object. */
  tool: string;
  /** Human title for the MCP tool. */
  title: string;
  method: HttpMethod;
  /** Path relative to the base URL; `{name}` marks a path parameter. */
  path: string;
  /** Other paths the spec lists for the same endpoint (second listings); served too. */
  aliases?: readonly { method: HttpMethod; path: string }[];
  group: LimitGroup;
  /** Every quota feature a call of this endpoint may spend (one unit each). */
  quota?: readonly string[];
  /** When the features spent depend on the input (e.g. a sales-navigation url): the subset of `quota` this call spends. */
  quotaFor?: (input: Readonly<Record<string, unknown>>) => readonly string[];
  toolset: Toolset;
  /** Requirement of every call. */
  requires?: Requirement;
  /**
   * Requirement that depends on the input (e.g. InMail needs premium): `when`
   * says in words what `test` checks, for the cost sentence; wins over `requires`.
   */
  requiresWhen?: RequirementWhen;
  annotations: ToolAnnotations;
  /** Error text of a 500 when the network read fails, e.g. on the account's credentials (spec 7 rules 3, 4). */
  failureText?: string;
  /**
   * Written for an AI agent: what it does and when to use it. `endpoint()`
   * appends the cost sentence derived from group, quota and requirement.
   */
  description: string;
  input: I;
  output: O;
  /** Not in the spec: an extension this project documents. */
  extension?: boolean;
  /**
   * A write that reaches another person or undoes a relationship: under the default
   * `--confirm sends` the user is asked first. 'send' always; a function decides by input.
   */
  confirm?: 'send' | ((input: Readonly<Record<string, unknown>>) => boolean);
  /** The client's bookkeeping role of this entry, if any. */
  role?: EndpointRole;
  /** Default 'metered'. */
  metering?: Metering;
  /** Client cache lifetime of answers; absent = the client's default for safe reads. */
  cache?: CachePolicy;
}

export type AnyEndpoint = EndpointSpec<InputSchema, z.ZodType>;

export function endpoint<I extends InputSchema, O extends z.ZodType>(spec: EndpointSpec<I, O>): EndpointSpec<I, O> {
  return { ...spec, description: `${spec.description} ${costSentence(spec)}` };
}

const WINDOW_UNIT = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** "CONNECT 25/day, 100/week" or "SALES_NAV_SEARCH (counted, not capped)", from the quota rules. */
function quotaWords(feature: string): string {
  const rules = rulesFor(feature);
  if (rules.length > 0 && rules.every((r) => !r.capped)) return `${feature} (counted, not capped)`;
  const limits = rules.filter((r) => r.capped).map((r) => `${r.limit}/${WINDOW_UNIT[r.window]}`);
  return limits.length ? `${feature} ${limits.join(', ')}` : feature;
}

/**
 * The cost sentence every description ends with, derived from the entry's
 * fields so it cannot disagree with them: "Cost: write 15/min; quota CONNECT
 * 25/day, 100/week." Several features with quotaFor: the call spends one of them.
 */
export function costSentence(e: Pick<AnyEndpoint, 'group' | 'quota' | 'quotaFor' | 'requires' | 'requiresWhen'>): string {
  const perMinute = PER_MINUTE_LIMITS[e.group];
  const parts = [perMinute === null ? `${e.group}, unlimited` : `${e.group} ${perMinute}/min`];
  if (e.quota && e.quota.length > 0) parts.push(`quota ${e.quota.map(quotaWords).join(e.quotaFor ? ' or ' : ' + ')}`);
  if (e.requires) parts.push(`needs ${requirementWords(e.requires)}`);
  if (e.requiresWhen) parts.push(`${e.requiresWhen.when} needs ${requirementWords(e.requiresWhen.requirement)}`);
  return `Cost: ${parts.join('; ')}.`;
}

/** Names of the `{param}` segments of a path template, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string);
}

/** Quota features one successful call with this (parsed) input spends. */
export function quotaFeaturesFor(e: AnyEndpoint, input: Readonly<Record<string, unknown>>): readonly string[] {
  return e.quotaFor ? e.quotaFor(input) : (e.quota ?? []);
}

/** What the chosen account must have for this call ('premium' | 'salesNavigator'), if anything. */
export function requirementFor(e: AnyEndpoint, input: Readonly<Record<string, unknown>>): Requirement | undefined {
  if (e.requiresWhen?.test(input)) return e.requiresWhen.requirement;
  return e.requires;
}

/** Every spec id an entry answers for: its id and its sharedIds. */
export function specIds(e: AnyEndpoint): string[] {
  return [e.id, ...(e.sharedIds ?? [])];
}

/** Every (method, path) an entry is served at: its own and its aliases. */
export function routes(e: AnyEndpoint): { method: HttpMethod; path: string }[] {
  return [{ method: e.method, path: e.path }, ...(e.aliases ?? [])];
}

/** True when this call reaches another person or undoes a relationship (see `confirm`). */
export function isSend(e: AnyEndpoint, input: Readonly<Record<string, unknown>>): boolean {
  return typeof e.confirm === 'function' ? e.confirm(input) : e.confirm === 'send';
}

/** True when no per-minute limit or quota applies to the endpoint (service and client alike). */
export function isExempt(e: AnyEndpoint): boolean {
  return e.metering === 'exempt';
}

/** True when the endpoint changes something (drives idempotency, confirmation, audit). */
export function isWrite(e: AnyEndpoint): boolean {
  return !e.annotations.readOnlyHint;
}

