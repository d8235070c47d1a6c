// A seeded random source (mulberry32): the same seed gives the same sample, byte for byte.

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a key of `weights` with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const { entries, total } = weightTable(weights);
    let draw = this.next() * total;
    for (const [key, weight] of entries) {
      draw -= weight;
      if (draw < 0) return key;
    }
    return entries[entries.length - 1][0];
  }

  /** A normally distributed value (Box-Muller), never farther than MAX_NORMAL_DEVIATIONS deviations from the mean. */
  normal(mean: number, deviation: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/**
 * The farthest `normal` can land from its mean, in deviations: 1 − next() is at least 2^−32, so
 * √(−2 ln u) is at most √(64 ln 2) ≈ 6.66, and the cosine at most 1.
 */
export const MAX_NORMAL_DEVIATIONS = Math.sqrt(-2 * Math.log(2 ** -32));

/** A weights object's entries and their sum, computed once per object (the sample draws millions). */
const weightTables = new WeakMap<object, { entries: Array<[string, number]>; total: number }>();

function weightTable<K extends string>(weights: Readonly<Record<K, number>>): { entries: Array<[K, number]>; total: number } {
  let table = weightTables.get(weights);
  if (!table) {
    const entries = Object.entries(weights) as Array<[string, number]>;
    table = { entries, total: entries.reduce((sum, [, weight]) => sum + weight, 0) };
    weightTables.set(weights, table);
  }
  return table as { entries: Array<[K, number]>; total: number };
}

const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of a date `YYYY-MM-DD`. */
function dayNumber(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) dayNumbers.set(date, (day = Date.parse(`${date}T00:00:00Z`) / 86_400_000));
  return day;
}

/** A date `YYYY-MM-DD` uniformly between two dates. */
export function randomDate(random: Random, from: string, to: string): string {
  const start = dayNumber(from);
  return dateOfDay(start + Math.floor(random.next() * (dayNumber(to) - start + 1)));
}

const dateTexts = new Map<number, string>();

/** `YYYY-MM-DD` of a day counted from 1970-01-01 (a sample draws a few thousand distinct days, millions of times). */
function dateOfDay(day: number): string {
  let text = dateTexts.get(day);
  if (text === undefined) dateTexts.set(day, (text = new Date(day * 86_400_000).toISOString().slice(0, 10)));
  return text;
}
