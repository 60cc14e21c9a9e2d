import { z } from 'zod';
import type { AnyEndpoint } from './endpoint.js';

/**
 * The JSON Schemas an MCP server advertises for an entry (tools/list).
 *
 * Converted as the MCP SDK does (draft-07; input side of the input, output side
 * of the output), then compacted to fit the token budget (≤ 200 estimated
 * tokens per tool on average, test/contract/budget.test.ts):
 * - `$schema` is dropped from both (the draft marker tells an agent nothing);
 * - the output schema keeps types, enums and nullability but drops `required`,
 *   `additionalProperties: false`, the `type: "object"` that nested
 *   `properties` already imply, and the top-level `success` flag (always true
 *   in a 200 answer; failures reach an agent as tool errors, never as output).
 *   That only loosens it, so every answer the strict zod output schema accepts
 *   still conforms; the zod schema stays the check the client (schema drift)
 *   and the service tests use.
 */

export type JsonSchemaObject = Record<string, unknown>;

export interface ToolJsonSchemas {
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject;
}

interface CompactOptions {
  drop: ReadonlySet<string>;
  /** Drop `type: "object"` below the root where `properties` already says it. */
  impliedObjectType: boolean;
}

function compact(node: unknown, opts: CompactOptions, root = true): unknown {
  if (Array.isArray(node)) return node.map((n) => compact(n, opts, false));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  const hasProperties = 'properties' in node;
  for (const [key, value] of Object.entries(node)) {
    if (opts.drop.has(key)) continue;
    if (key === 'type' && value === 'object' && hasProperties && !root && opts.impliedObjectType) continue;
    // `properties` maps field names to schemas: its keys are names, never keywords to drop.
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v, opts, false)]))
        : compact(value, opts, false);
  }
  return out;
}

const INPUT: CompactOptions = { drop: new Set(['$schema']), impliedObjectType: false };
const OUTPUT: CompactOptions = { drop: new Set(['$schema', 'required', 'additionalProperties']), impliedObjectType: true };

/** JSON Schema of an input or output zod schema, as the SDK would produce it. */
export function rawJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchemaObject {
  return z.toJSONSchema(schema, { target: 'draft-07', io }) as JsonSchemaObject;
}

function withoutSuccessFlag(schema: JsonSchemaObject): JsonSchemaObject {
  const properties = schema['properties'];
  if (!properties || typeof properties !== 'object' || !('success' in properties)) return schema;
  const { success: _success, ...rest } = properties as Record<string, unknown>;
  return { ...schema, properties: rest };
}

/** The compact schemas to advertise for an entry. */
export function toolJsonSchemas(e: AnyEndpoint): ToolJsonSchemas {
  return {
    inputSchema: compact(rawJsonSchema(e.input, 'input'), INPUT) as JsonSchemaObject,
    outputSchema: withoutSuccessFlag(compact(rawJsonSchema(e.output, 'output'), OUTPUT) as JsonSchemaObject),
  };
}

/** Bytes one tool costs in tools/list: name, description and both advertised schemas, as JSON. */
export function toolListBytes(e: AnyEndpoint): number {
  const { inputSchema, outputSchema } = toolJsonSchemas(e);
  return e.tool.length + e.description.length + JSON.stringify(inputSchema).length + JSON.stringify(outputSchema).length;
}

/** Same, for the SDK's own unmodified conversion (McpServer.registerTool with zod schemas). */
export function rawToolListBytes(e: AnyEndpoint): number {
  return (
    e.tool.length +
    e.description.length +
    JSON.stringify(rawJsonSchema(e.input, 'input')).length +
    JSON.stringify(rawJsonSchema(e.output, 'output')).length
  );
}

/** The usual estimate: one token per four bytes. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
