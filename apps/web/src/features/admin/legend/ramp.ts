export interface Interval {
  intervalDeb: number;
  intervalFin: number;
}

/** Intervals are half-open, [start, end) (apps/api README): touching ends do not overlap. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.intervalDeb < b.intervalFin && b.intervalDeb < a.intervalFin;
}

export interface RampSegment<T extends Interval> {
  item: T;
  /** Offset and width in percent of the ramp's whole span. */
  start: number;
  width: number;
}

/** Places each interval on one bar spanning from the smallest start to the largest end. */
export function layoutRamp<T extends Interval>(
  items: readonly T[],
): { min: number; max: number; segments: RampSegment<T>[] } {
  const valid = items.filter(
    (i) => Number.isFinite(i.intervalDeb) && Number.isFinite(i.intervalFin) && i.intervalDeb < i.intervalFin,
  );
  if (valid.length === 0) return { min: 0, max: 0, segments: [] };
  const min = Math.min(...valid.map((i) => i.intervalDeb));
  const max = Math.max(...valid.map((i) => i.intervalFin));
  const span = max - min || 1;
  const segments = [...valid]
    .sort((a, b) => a.intervalDeb - b.intervalDeb)
    .map((item) => ({
      item,
      start: ((item.intervalDeb - min) / span) * 100,
      width: ((item.intervalFin - item.intervalDeb) / span) * 100,
    }));
  return { min, max, segments };
}
