import { z } from 'zod';
import type { AnyEndpoint, ToolAnnotations } from '../contract/index.js';

/**
 * Compact JSON Schemas for tools/list. The SDK converts every zod schema on each
 * tools/list with a `$schema` line and the full output shape; with ~60 tools that
 * is most of an agent's context budget. These are generated once per endpoint and
 * keep what an agent needs: types, enums, bounds, descriptions of inputs.
 * Output schemas are deliberately looser than the contract (never stricter), so
 * every valid result still validates against them.
 */

export type JsonSchema = { [key: string]: unknown };

/**
 * Output schemas shrink until they fit this many bytes: first deep structure is
 * collapsed to bare types, then enums and formats go, and as a last resort only
 * the top-level field names stay. Inputs are never shrunk: they are what an
 * agent must get right.
 */
export const OUTPUT_SCHEMA_BUDGET = 320;

type Mode = 'input' | 'output';

interface Level {
  /** Nested containers deeper than this keep only their type. */
  depth: number;
  /** Keep enums and formats of output fields. */
  detail: boolean;
  /** Keep only the top-level field names (each `{}`, any value): the last resort. */
  namesOnly?: boolean;
}

const OUTPUT_LEVELS: readonly Level[] = [
  { depth: 2, detail: true },
  { depth: 1, detail: true },
  { depth: 1, detail: false },
  { depth: 0, detail: false },
  { depth: 0, detail: false, namesOnly: true },
];
const INPUT_LEVEL: Level = { depth: Infinity, detail: true };

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** {anyOf:[X,{type:null}]} with a simple X becomes X with type [t,"null"]. */
function foldNullable(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const nullIndex = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
  if (nullIndex < 0) return schema;
  const other = anyOf[1 - nullIndex];
  if (!isObject(other) || typeof other.type !== 'string' || 'const' in other) return schema;
  const { anyOf: _drop, ...rest } = schema;
  const folded: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
  // An enum must list null too, or a null value would fail it.
  if (Array.isArray(other.enum)) folded.enum = [...(other.enum as unknown[]), null];
  return folded;
}

function compact(node: unknown, mode: Mode, depth: number, level: Level): unknown {
  if (Array.isArray(node)) return node.map((n) => compact(n, mode, depth, level));
  if (!isObject(node)) return node;
  let schema = foldNullable(node);
  const out: JsonSchema = {};
  const type = schema.type;
  const isContainer = type === 'object' || type === 'array' || (Array.isArray(type) && (type.includes('object') || type.includes('array')));
  if (mode === 'output' && level.namesOnly && depth > 0) return {};
  if (mode === 'output' && isContainer && depth > level.depth) {
    // Deep structure: keep the type only; the tool description names the shape.
    return { type };
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'additionalProperties' && value === false) continue;
    // The date-time pattern zod adds is ~400 bytes; `format` says the same.
    if (key === 'pattern' && schema.format !== undefined) continue;
    if (mode === 'output' && ['description', 'required', 'default', 'pattern', 'title', 'examples'].includes(key)) continue;
    if (!level.detail && (key === 'enum' || key === 'format')) continue;
    if (key === 'properties' && isObject(value)) {
      const props: JsonSchema = {};
      for (const [name, prop] of Object.entries(value)) props[name] = compact(prop, mode, depth + 1, level);
      out[key] = props;
    } else if (key === 'items') {
      out[key] = compact(value, mode, depth + 1, level);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      out[key] = compact(value, mode, depth, level);
    } else {
      out[key] = value;
    }
  }
  schema = out;
  return schema;
}

/** True for zod schemas whose JSON Schema is a plain object (MCP output schemas must be objects). */
export function isObjectSchema(schema: z.ZodType): boolean {
  const def = (schema as unknown as { _zod?: { def?: { type?: string } } })._zod?.def;
  return def?.type === 'object';
}

/**
 * Write tools take an optional idempotencyKey (sent as the Idempotency-Key
 * header, never in the body) so an agent can make its own retries safe.
 */
export const IdempotencyKeyArg = z
  .string()
  .max(255)
  .refine((key) => /^[\x21-\x7e]+$/.test(key), 'idempotencyKey: 1-255 printable characters, no spaces')
  .optional()
  .describe('Same key: the write happens once');

// Built once per endpoint: a 2026 request builds a server per request, and new zod objects each time cost GC.
const inputZodCache = new WeakMap<AnyEndpoint, z.ZodObject<z.ZodRawShape>>();
const outputZodCache = new WeakMap<AnyEndpoint, z.ZodObject<z.ZodRawShape>>();

export function toolInputZod(e: AnyEndpoint): z.ZodObject<z.ZodRawShape> {
  let s = inputZodCache.get(e);
  if (!s) inputZodCache.set(e, (s = e.annotations.readOnlyHint ? e.input : e.input.extend({ idempotencyKey: IdempotencyKeyArg })));
  return s;
}

/** Non-object outputs are wrapped as { result: ... } so structuredContent is always an object. */
export function toolOutputZod(e: AnyEndpoint): z.ZodObject<z.ZodRawShape> {
  let s = outputZodCache.get(e);
  if (!s) outputZodCache.set(e, (s = isObjectSchema(e.output) ? (e.output as unknown as z.ZodObject<z.ZodRawShape>) : z.object({ result: e.output })));
  return s;
}

function asObject(schema: JsonSchema): JsonSchema {
  return schema.type === 'object' ? schema : { type: 'object', ...schema };
}

export function compactJsonSchema(schema: z.ZodType, mode: Mode): JsonSchema {
  const raw = z.toJSONSchema(schema, { io: mode, unrepresentable: 'any' }) as JsonSchema;
  if (mode === 'input') return asObject(compact(raw, mode, 0, INPUT_LEVEL) as JsonSchema);
  let out: JsonSchema = { type: 'object' };
  for (const level of OUTPUT_LEVELS) {
    out = asObject(compact(raw, mode, 0, level) as JsonSchema);
    if (JSON.stringify(out).length <= OUTPUT_SCHEMA_BUDGET) break;
  }
  return out;
}

const inputCache = new WeakMap<AnyEndpoint, JsonSchema>();
const outputCache = new WeakMap<AnyEndpoint, JsonSchema>();

export function toolInputJsonSchema(e: AnyEndpoint): JsonSchema {
  let s = inputCache.get(e);
  if (!s) inputCache.set(e, (s = compactJsonSchema(toolInputZod(e), 'input')));
  return s;
}

export function toolOutputJsonSchema(e: AnyEndpoint): JsonSchema {
  let s = outputCache.get(e);
  if (!s) outputCache.set(e, (s = compactJsonSchema(toolOutputZod(e), 'output')));
  return s;
}

/** MCP's defaults for absent tool annotations (spec: ToolAnnotations). */
const ANNOTATION_DEFAULTS: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

/**
 * The advertised annotations: only hints that differ from MCP's defaults, and
 * for a read-only tool not the two hints MCP defines for writes only
 * (destructive, idempotent). A client applying the defaults reads exactly the
 * entry's annotations; ~50 bytes less per tool (token budget).
 */
export function compactAnnotations(a: ToolAnnotations): Partial<ToolAnnotations> {
  const out: Partial<ToolAnnotations> = {};
  for (const key of Object.keys(ANNOTATION_DEFAULTS) as (keyof ToolAnnotations)[]) {
    if (a.readOnlyHint && (key === 'destructiveHint' || key === 'idempotentHint')) continue;
    if (a[key] !== ANNOTATION_DEFAULTS[key]) out[key] = a[key];
  }
  return out;
}

/** What a client reads from compact annotations once it applies MCP's defaults. */
export function withAnnotationDefaults(a: { readonly [K in keyof ToolAnnotations]?: boolean | undefined }): ToolAnnotations {
  // A client's parsed annotations may carry a hint as undefined: absent, so MCP's default applies.
  const full = { ...ANNOTATION_DEFAULTS };
  for (const key of Object.keys(full) as (keyof ToolAnnotations)[]) full[key] = a[key] ?? full[key];
  return full.readOnlyHint ? { ...full, destructiveHint: false, idempotentHint: true } : full;
}
