import type { IndexStats } from '@filaha/shared';

/**
 * Statistics of the valid source pixels inside the parcel (never of the resampled output image): the one
 * declaration is the zod schema of `@filaha/shared` (statistics.ts), which the database rows and the API answers
 * derive from too.
 */
export type { IndexStats };

/** Percentile with linear interpolation between closest ranks (numpy's default). */
export function percentile(sorted: Float64Array | Float32Array, q: number): number {
  const position = q * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const a = sorted[lower]!;
  return a + (sorted[upper]! - a) * (position - lower);
}

/**
 * Moves the `k`-th smallest of a[lo..hi] to a[k], the smaller ones before it and the larger after it (Hoare's
 * selection, middle pivot): the statistics need six ranks, not the whole order, and a sort was their main cost in
 * the tile pass (bench:national).
 */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The percentiles `qs` of `values` (linear interpolation between closest ranks, as `percentile` on the sorted values),
 * by selecting their ranks in increasing order: each selection leaves the smaller values before its rank, so the next
 * one searches only what follows. Reorders `values`.
 */
function selectPercentiles(values: Float64Array, qs: ReadonlyArray<number>): number[] {
  const n = values.length;
  const ranks = [...new Set(qs.flatMap((q) => [Math.floor(q * (n - 1)), Math.ceil(q * (n - 1))]))].sort(
    (a, b) => a - b,
  );
  const at = new Map<number, number>();
  let lo = 0;
  for (const rank of ranks) {
    select(values, rank, lo, n - 1);
    at.set(rank, values[rank]!);
    lo = rank;
  }
  return qs.map((q) => {
    const position = q * (n - 1);
    const lower = Math.floor(position);
    const a = at.get(lower)!;
    return a + (at.get(Math.ceil(position))! - a) * (position - lower);
  });
}

export function computeStats(values: Float32Array, inParcel: Uint8Array, resolution: number): IndexStats {
  let parcelPixels = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (!inParcel[i]) continue;
    parcelPixels++;
    if (!Number.isNaN(values[i]!)) count++;
  }
  const picked = new Float64Array(count);
  let k = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (!inParcel[i] || Number.isNaN(values[i]!)) continue;
    const v = values[i]!;
    picked[k++] = v;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const validFraction = parcelPixels === 0 ? 0 : count / parcelPixels;
  if (count === 0) {
    return {
      min: null,
      max: null,
      mean: null,
      std: null,
      median: null,
      p25: null,
      p75: null,
      count,
      validFraction,
      resolution,
    };
  }
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < count; i++) squares += (picked[i]! - mean) ** 2;
  const [p25, median, p75] = selectPercentiles(picked, [0.25, 0.5, 0.75]);
  return {
    min,
    max,
    mean,
    std: Math.sqrt(squares / count),
    median: median!,
    p25: p25!,
    p75: p75!,
    count,
    validFraction,
    resolution,
  };
}
