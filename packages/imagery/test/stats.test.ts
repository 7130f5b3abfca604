import { describe, expect, it } from 'vitest';
import { computeStats, percentile } from '../src/raster/stats.ts';

/** A seeded generator (LCG), so a failure shows the same arrays again. */
function lcg(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

/** The statistics written here the plain way: every counted value sorted, numpy's linear percentiles. */
function reference(values: Float32Array, inParcel: Uint8Array) {
  const kept = Array.from(values).filter((v, i) => inParcel[i] && !Number.isNaN(v));
  const sorted = Float64Array.from(kept).sort();
  const mean = kept.reduce((a, b) => a + b, 0) / kept.length;
  const std = Math.sqrt(kept.reduce((a, v) => a + (v - mean) ** 2, 0) / kept.length);
  return {
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean,
    std,
    p25: percentile(sorted, 0.25),
    median: percentile(sorted, 0.5),
    p75: percentile(sorted, 0.75),
    count: kept.length,
  };
}

describe('parcel statistics (computeStats: ranks selected, not sorted)', () => {
  it('give the sorted values’ min, max and percentiles exactly, and their mean and std, on many shapes of data', () => {
    const random = lcg(29);
    for (let trial = 0; trial < 2_000; trial++) {
      const n = 1 + Math.floor(random() * (trial < 200 ? 12 : 900));
      // Some arrays of few distinct values (ties everywhere), some sorted or reversed, most at random.
      const distinct = trial % 5 === 0 ? 1 + Math.floor(random() * 4) : 0;
      const values = new Float32Array(n);
      const inParcel = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        values[i] = random() < 0.1 ? Number.NaN : distinct ? Math.floor(random() * distinct) / 4 : random() * 2 - 1;
        inParcel[i] = random() < 0.85 ? 1 : 0;
      }
      if (trial % 7 === 1) values.sort();
      if (trial % 7 === 2) values.sort().reverse();
      const expected = reference(values, inParcel);
      const stats = computeStats(values, inParcel, 10);
      expect(stats.count).toBe(expected.count);
      if (expected.count === 0) {
        expect(stats.median).toBeNull();
        continue;
      }
      expect([stats.min, stats.max, stats.p25, stats.median, stats.p75]).toEqual([
        expected.min,
        expected.max,
        expected.p25,
        expected.median,
        expected.p75,
      ]);
      expect(Math.abs(stats.mean! - expected.mean)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(stats.std! - expected.std)).toBeLessThanOrEqual(1e-12);
    }
  });

  it('counts a parcel whose every pixel is masked as no value, with its valid share', () => {
    const stats = computeStats(Float32Array.from([Number.NaN, Number.NaN, 0.5]), Uint8Array.from([1, 1, 0]), 10);
    expect(stats).toMatchObject({ count: 0, median: null, validFraction: 0 });
  });
});
