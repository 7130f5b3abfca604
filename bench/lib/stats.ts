/** Summary of a series of timings (ms) or counts. Percentiles by nearest rank, as load-testing tools report. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

export function percentile(values: ReadonlyArray<number>, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (values: ReadonlyArray<number>) => percentile(values, 50);

export function summarize(values: ReadonlyArray<number>): Summary {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    min: Math.min(...values),
    max: Math.max(...values),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

/** Milliseconds with 0.1 ms precision (JSON and tables). */
export const ms = (v: number) => Math.round(v * 10) / 10;

export const elapsed = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
export const now = () => process.hrtime.bigint();
