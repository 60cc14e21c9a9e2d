import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, routes, specIds } from '../../src/contract/index.js';

/**
 * Every per-endpoint fact lives in its contract entry: the client and the
 * service's limits find entries by role or field, never by spec id or path.
 */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

const ids = new Set(ENDPOINTS.flatMap((e) => specIds(e)));
const paths = new Set(ENDPOINTS.flatMap((e) => routes(e).map((r) => r.path)));

describe('no endpoint facts outside the contract', () => {
  for (const dir of ['src/client', 'src/service/limits']) {
    it(`${dir} names no spec id and no endpoint path`, () => {
      const found: string[] = [];
      for (const file of sources(dir)) {
        // Comments may cite the spec; code may not look entries up by id or path.
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        for (const m of code.matchAll(/(['"`])([^'"`\n]*)\1/g)) {
          const literal = m[2]!;
          if (ids.has(literal) || paths.has(literal)) found.push(`${file}: ${m[0]}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
