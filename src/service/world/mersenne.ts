import type { Randomizer } from '@faker-js/faker';

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER = 0x80000000;
const LOWER = 0x7fffffff;

/**
 * MT19937 seeded by an array of 32-bit words (init_by_array), yielding floats
 * in [0, 1) with 32 bits of resolution: the same sequence as Faker's
 * generateMersenne32Randomizer, so worlds stay what they were. Ours keeps the
 * state in an Int32Array, and lets the world import only Faker's English
 * locale instead of Faker's index (which loads every locale: ~0.2 s of start-up).
 */
export class Mersenne32 implements Randomizer {
  private readonly mt = new Int32Array(N);
  private index = N;

  constructor(seedWords: number[]) {
    this.seed(seedWords);
  }

  seed(seed: number | number[]): void {
    if (typeof seed === 'number') this.initGenrand(seed);
    else this.initByArray(seed);
    this.twist();
  }

  /** An own property, not a method: Faker calls it unbound. */
  readonly next = (): number => {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return (y >>> 0) * 2.3283064365386963e-10;
  };

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s;
    for (let i = 1; i < N; i++) {
      const p = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = Math.imul(1812433253, p) + i;
    }
  }

  private initByArray(key: readonly number[]): void {
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const p = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (mt[i]! ^ Math.imul(p, 1664525)) + key[j]! + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const p = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (mt[i]! ^ Math.imul(p, 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = UPPER;
  }

  private twist(): void {
    const mt = this.mt;
    let k = 0;
    for (; k < N - M; k++) {
      const y = (mt[k]! & UPPER) | (mt[k + 1]! & LOWER);
      mt[k] = mt[k + M]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    for (; k < N - 1; k++) {
      const y = (mt[k]! & UPPER) | (mt[k + 1]! & LOWER);
      mt[k] = mt[k + M - N]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    const y = (mt[N - 1]! & UPPER) | (mt[0]! & LOWER);
    mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    this.index = 0;
  }
}
