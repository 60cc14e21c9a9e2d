import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folders speak only downward (docs/architecture.md):
 * cli → mcp → client → contract; service → contract; util is shared below all.
 * The contract depends on zod and Node built-ins only, so any face can load it.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

type Layer = 'cli' | 'mcp' | 'client' | 'service' | 'contract' | 'util';

const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  cli: ['cli', 'mcp', 'client', 'service', 'contract', 'util'],
  mcp: ['mcp', 'client', 'contract', 'util'],
  client: ['client', 'contract', 'util'],
  service: ['service', 'contract', 'util'],
  contract: ['contract'],
  util: ['util'],
};

/** Packages a layer must never load: the protocol stays in mcp, storage and HTTP serving in service. */
const FORBIDDEN_PACKAGES: Partial<Record<Layer, RegExp>> = {
  client: /^(@modelcontextprotocol\/|express$|better-sqlite3$|node:sqlite$)/,
  service: /^(@modelcontextprotocol\/|bottleneck$|ioredis$)/,
};

/** The contract may use zod and Node's built-ins, nothing else. */
const CONTRACT_PACKAGES = /^(zod(\/.*)?|node:[a-z_/]+)$/;

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

function layerOf(pathInSrc: string): Layer {
  const top = pathInSrc.split(sep)[0] ?? '';
  if (top === 'cli.ts') return 'cli';
  const layer = top as Layer;
  if (!(layer in MAY_IMPORT)) throw new Error(`src/${top} belongs to no layer: add it to MAY_IMPORT`);
  return layer;
}

/** Every module specifier a source file loads: static imports, re-exports and dynamic imports. */
export function specifiersOf(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]/gms,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1] as string);
  return [...found];
}

/** The rule a file (path relative to src) breaks by loading `specifier`, if any. */
export function checkImport(fileInSrc: string, specifier: string): string | undefined {
  const from = layerOf(fileInSrc);
  if (specifier.startsWith('.')) {
    const target = relative(SRC, resolve(SRC, dirname(fileInSrc), specifier));
    if (target.startsWith('..')) return `${from} reaches outside src`;
    const to = layerOf(target);
    return MAY_IMPORT[from].includes(to) ? undefined : `${from} may not import ${to}`;
  }
  if (from === 'contract' && !CONTRACT_PACKAGES.test(specifier)) return 'contract may load only zod and node: built-ins';
  if (FORBIDDEN_PACKAGES[from]?.test(specifier)) return `${from} may not load ${specifier}`;
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

function violations(): Violation[] {
  const out: Violation[] = [];
  for (const file of sourceFiles(SRC)) {
    const inSrc = relative(SRC, file);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const rule = checkImport(inSrc, specifier);
      if (rule) out.push({ file: `src/${inSrc}`, specifier, rule });
    }
  }
  return out;
}

describe('layering', () => {
  it('every import in src/ goes downward', () => {
    expect(violations()).toEqual([]);
  });

  it('finds every import form and flags each kind of violation', () => {
    const source = [
      "import { a } from '../client/x.js';",
      "import type {\n  B,\n} from '../mcp/y.js';",
      "export * from './z.js';",
      "import 'side-effect';",
      "const m = await import('lru-cache');",
    ].join('\n');
    expect(specifiersOf(source).sort()).toEqual(['../client/x.js', '../mcp/y.js', './z.js', 'lru-cache', 'side-effect'].sort());
    expect(checkImport(join('service', 'core.ts'), '../client/types.js')).toBe('service may not import client');
    expect(checkImport(join('client', 'a.ts'), '../mcp/tools.js')).toBe('client may not import mcp');
    expect(checkImport(join('contract', 'a.ts'), '../util/clock.js')).toBe('contract may not import util');
    expect(checkImport(join('contract', 'a.ts'), 'lru-cache')).toBe('contract may load only zod and node: built-ins');
    expect(checkImport(join('client', 'a.ts'), 'better-sqlite3')).toBe('client may not load better-sqlite3');
    expect(checkImport(join('service', 'a.ts'), '@modelcontextprotocol/server')).toBe('service may not load @modelcontextprotocol/server');
    expect(checkImport(join('mcp', 'a.ts'), '../client/types.js')).toBeUndefined();
    expect(checkImport('cli.ts', './service/index.js')).toBeUndefined();
    expect(checkImport(join('contract', 'a.ts'), 'node:crypto')).toBeUndefined();
  });
});
