/**
 * Seeded generation of bad tool inputs from a tool's advertised JSON Schema:
 * wrong types, missing required fields, huge strings, control characters,
 * out-of-range numbers, extra fields, unicode, nulls, deep nesting.
 */

export interface FuzzCase {
  kind: string;
  args: unknown;
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
};

/** mulberry32: small, fast, reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const typeOf = (s: JsonSchema): string => {
  if (s.enum) return 'enum';
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  const first = s.anyOf?.find((x) => x.type !== 'null');
  return first ? typeOf(first) : 'string';
};

const hex = (rand: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');

/** A value of the right type (not necessarily meaningful to the service). */
export function plausible(name: string, s: JsonSchema, rand: () => number): unknown {
  if (name === 'accountId') return hex(rand, 24); // a well-formed id of no one's account
  switch (typeOf(s)) {
    case 'enum':
      return s.enum![0];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `fuzz-${hex(rand, 6)}`;
  }
}

function wrongType(s: JsonSchema): unknown {
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 'twelve';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return 12345;
  }
}

const CONTROL = '\u0000\u0007\u001b[2J\u001b]0;pwned\u0007\r\n\u202e\u0008';
const UNICODE = '🙂𝕏﷽ ñ̃̃ עברית \ud800 \uffff 中文 ٩(◕‿◕｡)۶';
const HUGE = 'A'.repeat(100_000);
const OUT_OF_RANGE = [1e20, -1, 2 ** 63, -(2 ** 63), 0.5, Number.MAX_VALUE, -1e308, 1e-300];

function deep(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

export function fuzzCases(schema: JsonSchema, seed: number, minimum = 16): FuzzCase[] {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const props = Object.entries(schema.properties ?? {});
  const names = props.map(([n]) => n);
  const required = schema.required ?? [];
  const base = (): Record<string, unknown> => Object.fromEntries(props.filter(([n]) => required.includes(n) || n === 'accountId').map(([n, s]) => [n, plausible(n, s, rand)]));
  const strings = props.filter(([, s]) => ['string', 'enum'].includes(typeOf(s))).map(([n]) => n);
  const numbers = props.filter(([, s]) => ['integer', 'number'].includes(typeOf(s))).map(([n]) => n);
  const field = (list: string[], fallback: string) => (list.length > 0 ? pick(list) : fallback);
  const withField = (name: string, value: unknown) => ({ ...base(), [name]: value });

  const cases: FuzzCase[] = [
    { kind: 'missing-all', args: {} },
    { kind: 'missing-required', args: (() => { const b = base(); if (required.length) delete b[pick(required)]; else b.unknownField = 1; return b; })() },
    { kind: 'wrong-type', args: (() => { const [n, s] = props.length ? pick(props) : ['x', {}]; return withField(n, wrongType(s)); })() },
    { kind: 'wrong-type-all', args: Object.fromEntries(props.map(([n, s]) => [n, wrongType(s)])) },
    { kind: 'huge-string', args: withField(field(strings, 'extraText'), HUGE) },
    { kind: 'control-characters', args: withField(field(strings, 'extraText'), CONTROL + 'x') },
    { kind: 'out-of-range-number', args: withField(field(numbers, 'extraNumber'), pick(OUT_OF_RANGE)) },
    { kind: 'max-number', args: withField(field(numbers, 'extraNumber'), Number.MAX_VALUE) },
    { kind: 'extra-fields', args: { ...base(), ...(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as object), extra: 'x' } },
    { kind: 'unicode', args: withField(field(strings, 'extraText'), UNICODE) },
    { kind: 'nulls', args: Object.fromEntries(names.map((n) => [n, null])) },
    { kind: 'deep-nesting', args: withField(names.length ? pick(names) : 'deep', deep(200)) },
    { kind: 'bad-enum-or-pattern', args: withField(field(strings, 'accountId'), "' OR 1=1; DROP TABLE accounts; --") },
    { kind: 'path-traversal-account', args: { ...base(), accountId: '../../../../etc/passwd' } },
    { kind: 'empty-strings', args: Object.fromEntries(strings.map((n) => [n, ''])) },
    { kind: 'array-for-scalar', args: withField(names.length ? pick(names) : 'x', [1, 'two', { three: 3 }]) },
    { kind: 'arguments-array', args: [1, 2, 3] },
  ];
  const mutations: Array<() => [string, unknown]> = [
    () => [field(strings, 'extraText'), pick([HUGE.slice(0, 5000 + Math.floor(rand() * 20000)), CONTROL.repeat(10), UNICODE.repeat(50), ''])],
    () => [field(numbers, 'extraNumber'), pick(OUT_OF_RANGE)],
    () => { const [n, s] = props.length ? pick(props) : ['x', {}]; return [n, wrongType(s)]; },
    () => [names.length ? pick(names) : 'x', pick([null, true, [], {}, -0, 'NaN'])],
  ];
  while (cases.length < minimum) {
    const args = base();
    for (let i = 0; i < 2; i++) {
      const [n, v] = pick(mutations)();
      args[n] = v;
    }
    cases.push({ kind: 'random-combination', args });
  }
  return cases;
}
