import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, routes, specIds } from '../../src/contract/index.js';

/**
 * Every per-endpoint fact lives in its contract entry. The generic faces never
 * name an endpoint: no spec id ('A7') and no service path ('/account/…') as a
 * literal in src/mcp, src/client or src/service/limits.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GENERIC_FOLDERS = ['src/mcp', 'src/client', 'src/service/limits'];

const IDS = new Set(ENDPOINTS.flatMap(specIds));
/** The static part of every route before its first parameter, e.g. '/account/'. */
const PATH_PREFIXES = [...new Set(ENDPOINTS.flatMap(routes).map((r) => r.path.split('{')[0] as string))];

/** String literals of a TypeScript source, comments left out. */
export function stringLiterals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const segments = (path: string): string[] => path.split(/[?#]/)[0]!.split('/').filter(Boolean);
const ROUTE_PREFIXES = PATH_PREFIXES.map(segments).filter((s) => s.length > 0);

/** Whether `a` is `b` or begins it, segment by segment. */
const startsWithSegments = (a: string[], b: string[]): boolean => b.every((seg, i) => a[i] === seg);

/** Why a literal names an endpoint, if it does. */
export function endpointFact(literal: string): string | undefined {
  if (IDS.has(literal)) return `spec id ${literal}`;
  if (!literal.startsWith('/')) return undefined;
  const lit = segments(literal);
  if (lit.length === 0) return undefined;
  const hit = ROUTE_PREFIXES.some((route) => startsWithSegments(lit, route) || startsWithSegments(route, lit));
  return hit ? `service path ${literal}` : undefined;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

describe('endpoint facts stay in the contract', () => {
  it('src/mcp, src/client and src/service/limits name no spec id or service path', () => {
    const found: string[] = [];
    for (const folder of GENERIC_FOLDERS) {
      for (const file of files(join(ROOT, folder))) {
        for (const literal of stringLiterals(readFileSync(file, 'utf8'))) {
          const why = endpointFact(literal);
          if (why) found.push(`${relative(ROOT, file)}: ${why}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('recognises ids and paths, and leaves other strings alone', () => {
    expect(stringLiterals("const a = 'A7'; // 'B2' in a comment\nconst b = \"/account/x\"; /* '/feed' */")).toEqual(['A7', '/account/x']);
    expect(endpointFact('A7')).toBe('spec id A7');
    expect(endpointFact('/account/')).toBe('service path /account/');
    expect(endpointFact('/search/people')).toBe('service path /search/people');
    expect(endpointFact('/mcp')).toBeUndefined();
    expect(endpointFact('/sse')).toBeUndefined();
    expect(endpointFact('/messages')).toBeUndefined();
    expect(endpointFact('/account/${id}/quota')).toBe('service path /account/${id}/quota');
    expect(endpointFact('A77')).toBeUndefined();
    expect(endpointFact('account')).toBeUndefined();
  });
});
