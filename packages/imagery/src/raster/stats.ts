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
 * selection, middle pivot): the statistics need three ranks and the value above each, not the whole order; a sort was
 * their main cost in
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

/** The smallest of values[from..to]. */
function minOf(values: Float64Array, from: number, to: number): number {
  let min = values[from]!;
  for (let i = from + 1; i <= to; i++) if (values[i]! < min) min = values[i]!;
  return min;
}

/**
 * The q-th percentile of values[0..n-1] (linear interpolation between closest ranks, as `percentile` on the sorted
 * values), by selection from `lo`, before which the smaller values already lie (a lower percentile's selection leaves
 * them there: call in increasing q, passing the rank each returns). Reorders the values.
 */
function selectPercentile(values: Float64Array, n: number, q: number, lo: number): { value: number; rank: number } {
  const position = q * (n - 1);
  const lower = Math.floor(position);
  select(values, lower, lo, n - 1);
  const a = values[lower]!;
  if (position === lower) return { value: a, rank: lower };
  // The next rank up is the smallest of what follows the selected one.
  return { value: a + (minOf(values, lower + 1, n - 1) - a) * (position - lower), rank: lower };
}

/** The counted values of a parcel, reused from one call to the next (the tile pass computes 200,000 in a row). */
let scratch = new Float64Array(4096);
/** Windows larger than this (8 MiB of values) get a buffer of their own, not kept. */
const SCRATCH_MAX = 1 << 20;

export function computeStats(values: Float32Array, inParcel: Uint8Array, resolution: number): IndexStats {
  // One pass: the parcel's pixels counted, its valid values copied out (the buffer holds a whole window at most).
  if (scratch.length < values.length && values.length <= SCRATCH_MAX)
    scratch = new Float64Array(Math.min(SCRATCH_MAX, Math.max(values.length, 2 * scratch.length)));
  const picked = values.length <= scratch.length ? scratch : new Float64Array(values.length);
  let parcelPixels = 0;
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (!inParcel[i]) continue;
    parcelPixels++;
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    picked[count++] = v;
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
  const p25 = selectPercentile(picked, count, 0.25, 0);
  const median = selectPercentile(picked, count, 0.5, p25.rank);
  const p75 = selectPercentile(picked, count, 0.75, median.rank);
  return {
    min,
    max,
    mean,
    std: Math.sqrt(squares / count),
    median: median.value,
    p25: p25.value,
    p75: p75.value,
    count,
    validFraction,
    resolution,
  };
}
