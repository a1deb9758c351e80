// Seeded randomness for the demo data. Every record draws from its own generator, derived from
// (seed, record index, stream), so record i comes out the same whatever the total size and
// whichever table is being written.
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** Which part of a record a generator serves; one record's streams are independent. */
export const Stream = {
  contractorCore: 1,
  contractorProfile: 2,
  reviews: 3,
  specialty: 4,
  post: 5,
  equipment: 6,
} as const;
export type Stream = (typeof Stream)[keyof typeof Stream];

// murmur3's 32-bit finaliser: a bijection on 32-bit integers that spreads every input bit.
function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** The value at `index`, which the caller knows exists (arrays here are non-empty constants). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

export class Rng {
  private constructor(private readonly gen: RandomGenerator) {}

  /**
   * The generator for one record. The first state word is an injective function of the index
   * (an odd multiplier and fmix32 are both bijections), so two records never share a state.
   */
  static for(seed: number, index: number, stream: Stream): Rng {
    const base = fmix32(seed ^ Math.imul(stream, 0x9e3779b9));
    const words = [0, 1, 2, 3].map((k) => fmix32(base + Math.imul(index + 1, 0x27d4eb2f) + Math.imul(k, 0x165667b1)));
    // xoroshiro's all-zero state is a fixed point; fmix32 makes it practically impossible, but be sure.
    if (words.reduce((acc, w) => acc | w, 0) === 0) words[0] = 1;
    const gen = xoroshiro128plusFromState(words);
    // A few warm-up draws spread the seeding into all of the state.
    for (let k = 0; k < 4; k++) gen.next();
    return new Rng(gen);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.gen, min, max);
  }

  /** Float in [0, 1) with 32 bits of randomness (plenty for demo data). */
  float(): number {
    return (this.gen.next() >>> 0) / 0x1_0000_0000;
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, this.int(0, items.length - 1));
  }

  /** `count` distinct items in random order (partial Fisher-Yates on a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const n = Math.min(count, pool.length);
    for (let k = 0; k < n; k++) {
      const j = this.int(k, pool.length - 1);
      const tmp = at(pool, k);
      pool[k] = at(pool, j);
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }

  /** Standard normal deviate (Box-Muller; the log argument is kept above zero). */
  gaussian(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A version-4-shaped UUID from 16 random bytes. */
  uuid(): string {
    const b: number[] = [];
    for (let k = 0; k < 4; k++) {
      const w = this.gen.next();
      b.push((w >>> 24) & 0xff, (w >>> 16) & 0xff, (w >>> 8) & 0xff, w & 0xff);
    }
    b[6] = (at(b, 6) & 0x0f) | 0x40; // version 4
    b[8] = (at(b, 8) & 0x3f) | 0x80; // RFC 4122 variant
    const h = b.map((x) => at(HEX, x));
    return (
      h.slice(0, 4).join('') +
      '-' +
      h.slice(4, 6).join('') +
      '-' +
      h.slice(6, 8).join('') +
      '-' +
      h.slice(8, 10).join('') +
      '-' +
      h.slice(10, 16).join('')
    );
  }

  /** Letters and digits as in a video id. */
  token(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let out = '';
    for (let k = 0; k < length; k++) out += alphabet.charAt(this.int(0, alphabet.length - 1));
    return out;
  }
}

/** Picks items in proportion to their weights (binary search over cumulative weights). */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weightOf: (item: T) => number,
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((item, k) => {
      sum += weightOf(item);
      this.cumulative[k] = sum;
    });
    this.total = sum;
  }

  /** Index of a weighted pick. */
  pickIndex(rng: Rng): number {
    const target = rng.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  pick(rng: Rng): T {
    return at(this.items, this.pickIndex(rng));
  }
}
