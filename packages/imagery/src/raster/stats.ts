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
  for (let i = 0; i < values.length; i++) {
    if (!inParcel[i] || Number.isNaN(values[i]!)) continue;
    picked[k++] = values[i]!;
    sum += values[i]!;
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
  picked.sort();
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < count; i++) squares += (picked[i]! - mean) ** 2;
  return {
    min: picked[0]!,
    max: picked[count - 1]!,
    mean,
    std: Math.sqrt(squares / count),
    median: percentile(picked, 0.5),
    p25: percentile(picked, 0.25),
    p75: percentile(picked, 0.75),
    count,
    validFraction,
    resolution,
  };
}
