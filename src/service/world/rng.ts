import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
// The English instance only: the package index loads every locale (~0.2 s of start-up).
import { faker as english } from '@faker-js/faker/locale/en';
import { Mersenne32 } from './mersenne.js';

/** Faker's class and the merged [en, base] definitions, taken from the English instance. */
const FakerClass = english.constructor as new (options: { locale: Faker['rawDefinitions']; randomizer: Mersenne32 }) => Faker;

/**
 * Seeded randomness. Each part of the world (people, posts, one account's
 * view, …) gets its own Faker instance seeded from (seed, part), so two worlds
 * never share state and changing one generator leaves the others' output alone.
 */
export class Rand {
  readonly faker: Faker;
  /** Shared with the Faker instance; read directly where millions of draws are made. */
  private readonly randomizer: Mersenne32;

  constructor(...seedParts: string[]) {
    this.randomizer = new Mersenne32(seedWords(seedParts));
    this.faker = new FakerClass({ locale: english.rawDefinitions, randomizer: this.randomizer });
  }

  /** Float in [0, 1). */
  next(): number {
    return this.randomizer.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.randomizer.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  /** n distinct items (fewer when the list is shorter), in pick order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const want = Math.min(n, items.length);
    if (want * 3 > items.length) return this.shuffle(items).slice(0, want);
    const seen = new Set<number>();
    const out: T[] = [];
    while (out.length < want) {
      const i = this.int(0, items.length - 1);
      if (seen.has(i)) continue;
      seen.add(i);
      out.push(items[i] as T);
    }
    return out;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [a[i], a[j]] = [a[j] as T, a[i] as T];
    }
    return a;
  }

  /** Log-normal count, clamped: most values near `median`, a long tail up. */
  logNormal(median: number, spread: number, min: number, max: number): number {
    const u1 = Math.max(this.next(), 1e-9);
    const u2 = this.next();
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    const v = Math.round(median * Math.exp(spread * z));
    return Math.min(max, Math.max(min, v));
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }

  /** Digits-only id of the given length, no leading zero. */
  digits(length: number): string {
    let s = String(this.int(1, 9));
    for (let i = 1; i < length; i++) s += String(this.int(0, 9));
    return s;
  }
}

/** A fixed weighted list drawn from many times: cumulative weights, binary search. */
export class WeightedTable<T> {
  private readonly items: T[];
  private readonly cumulative: number[];

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new Error('empty weighted table');
    this.items = entries.map(([item]) => item);
    let sum = 0;
    this.cumulative = entries.map(([, w]) => (sum += w));
  }

  draw(rand: Rand): T {
    const total = this.cumulative[this.cumulative.length - 1] as number;
    const r = rand.next() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}

/** Turns seed parts into the 32-bit words Faker's Mersenne Twister takes. */
function seedWords(parts: readonly string[]): number[] {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  const words: number[] = [];
  for (let i = 0; i < digest.length; i += 4) words.push(digest.readUInt32BE(i));
  return words;
}

/** Draws values until one is not in `taken`, then records it. */
export function uniqueValue(taken: Set<string>, draw: () => string): string {
  for (let i = 0; i < 1000; i++) {
    const v = draw();
    if (!taken.has(v)) {
      taken.add(v);
      return v;
    }
  }
  throw new Error('could not draw a unique value');
}
