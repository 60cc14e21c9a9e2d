import { z } from 'zod';
import { pathParams, type AnyEndpoint } from './endpoint.js';

/**
 * How an endpoint's one input object maps onto an HTTP request, used by both
 * the client (to build requests) and the service (to reassemble them).
 */

export interface HttpRequestParts {
  path: string;
  query: Record<string, string | string[]>;
  body?: Record<string, unknown>;
}

function hasBody(e: AnyEndpoint): boolean {
  return e.method === 'POST';
}

/** Splits a (raw or parsed) input object into path, query and body. */
export function toRequestParts(e: AnyEndpoint, input: Record<string, unknown>): HttpRequestParts {
  const params = new Set(pathParams(e.path));
  let path = e.path;
  for (const name of params) {
    const value = input[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const query: Record<string, string | string[]> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (params.has(key) || value === undefined) continue;
    if (hasBody(e)) body[key] = value;
    else query[key] = Array.isArray(value) ? value.map(String) : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  }
  return hasBody(e) ? { path, query, body } : { path, query };
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null' | undefined;

const fieldTypesCache = new WeakMap<AnyEndpoint, Map<string, JsonType>>();

/** JSON types of the top-level input fields, for coercing query strings. */
function fieldTypes(e: AnyEndpoint): Map<string, JsonType> {
  let types = fieldTypesCache.get(e);
  if (!types) {
    types = new Map();
    const schema = z.toJSONSchema(e.input, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { type?: JsonType; anyOf?: { type?: JsonType }[] }>;
    };
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      types.set(key, prop.type ?? prop.anyOf?.find((p) => p.type && p.type !== 'null')?.type);
    }
    fieldTypesCache.set(e, types);
  }
  return types;
}

function coerce(type: JsonType, raw: string | string[]): unknown {
  const one = Array.isArray(raw) ? raw[raw.length - 1] ?? '' : raw;
  switch (type) {
    case 'number':
    case 'integer':
      return one.trim() === '' ? one : Number(one);
    case 'boolean':
      return one === 'true' ? true : one === 'false' ? false : one;
    case 'array':
      return Array.isArray(raw) ? raw : raw.split(',').filter((s) => s !== '');
    case 'object':
      try {
        return JSON.parse(one) as unknown;
      } catch {
        return one;
      }
    default:
      return one;
  }
}

/**
 * Reassembles the input object from an HTTP request: path params, query
 * strings coerced by the schema's field types, and the JSON body (body wins).
 */
export function fromRequestParts(
  e: AnyEndpoint,
  params: Record<string, string>,
  query: Record<string, string | string[] | undefined>,
  body: unknown,
): Record<string, unknown> {
  const types = fieldTypes(e);
  const input: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    input[key] = coerce(types.get(key), raw);
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(input, body);
  // Route params win; an alias may carry as a path param what the main path takes as query (D2).
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) input[name] = value;
  }
  return input;
}

/** Express-style route path for a template: /account/{accountId}/status -> /account/:accountId/status */
export function routePath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}
