// What every bench prints its figures with: percentiles, and how a figure compares with its goal
// (bench/README.md lists the goals). Benches print the comparison; they never assert it.

/** The p-th percentile of values sorted ascending (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The p-th percentile of values in any order. */
export function percentileOf(values: readonly number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** "goal ≤ 10 ms: met" (or "MISSED"). */
export function atMost(value: number, goal: number, unit = ''): string {
  return `goal ≤ ${goal}${unit && ` ${unit}`}: ${value <= goal ? 'met' : 'MISSED'}`;
}

/** "goal ≥ 100 MB/s: met" (or "MISSED"). */
export function atLeast(value: number, goal: number, unit = ''): string {
  return `goal ≥ ${goal}${unit && ` ${unit}`}: ${value >= goal ? 'met' : 'MISSED'}`;
}
