import { z } from 'zod';

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
  /** Quota features one successful call spends (one unit each). */
  quota?: readonly string[];
  toolset: Toolset;
  requires?: Requirement;
  annotations: ToolAnnotations;
  /** Written for an AI agent: what it does, when to use it, what it costs. */
  description: string;
  input: I;
  output: O;
  /** Not in the spec: an extension this project documents. */
  extension?: boolean;
}

export type AnyEndpoint = EndpointSpec<InputSchema, z.ZodType>;

export function endpoint<I extends InputSchema, O extends z.ZodType>(spec: EndpointSpec<I, O>): EndpointSpec<I, O> {
  return spec;
}

/** Names of the `{param}` segments of a path template, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string);
}

/** True when the endpoint changes something (drives idempotency, confirmation, audit). */
export function isWrite(e: AnyEndpoint): boolean {
  return !e.annotations.readOnlyHint;
}

export type EndpointInput<E> = E extends EndpointSpec<infer I, z.ZodType> ? z.input<I> : never;
export type EndpointParsedInput<E> = E extends EndpointSpec<infer I, z.ZodType> ? z.output<I> : never;
export type EndpointOutput<E> = E extends EndpointSpec<InputSchema, infer O> ? z.output<O> : never;
