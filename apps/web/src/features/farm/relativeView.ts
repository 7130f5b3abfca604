import type { ValuesGrid } from './valuesGrid.ts';

/**
 * The "relative" view of a result: a continuous colour ramp stretched over the parcel's own 2nd–98th
 * percentile, so that in-field variation shows even when the whole field falls in one absolute class. Computed
 * in the browser from the values grid the API already returns; the values themselves are never changed.
 */
export interface RelativeRange {
  /** 2nd percentile of the valid values. */
  low: number;
  /** 98th percentile of the valid values. */
  high: number;
}

/** Red (lower) → yellow → green (higher): ColorBrewer's RdYlGn stops, read as "weaker" to "stronger". */
export const RAMP_STOPS: ReadonlyArray<readonly [number, number, number]> = [
  [215, 48, 39],
  [252, 141, 89],
  [254, 224, 139],
  [145, 207, 96],
  [26, 152, 80],
];

/** Linear-interpolated percentile (0–100) of sorted values. */
export function percentileOf(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const rank = (p / 100) * (n - 1);
  const below = Math.floor(rank);
  const above = Math.min(n - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

/** p2–p98 of the grid's valid (non-NaN) values; null without any. */
export function relativeRange(data: ArrayLike<number>): RelativeRange | null {
  const values: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (Number.isFinite(v)) values.push(v);
  }
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return { low: percentileOf(sorted, 2), high: percentileOf(sorted, 98) };
}

/** The ramp's colour at t ∈ [0, 1] (clamped). */
export function rampColor(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (RAMP_STOPS.length - 1);
  const i = Math.min(RAMP_STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = RAMP_STOPS[i]!;
  const b = RAMP_STOPS[i + 1]!;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as [number, number, number];
}

/** Where a value sits on the ramp: 0 at p2 and below, 1 at p98 and above (0.5 for a flat field). */
export function rampPosition(value: number, range: RelativeRange): number {
  const span = range.high - range.low;
  if (!(span > 0)) return 0.5;
  return Math.min(1, Math.max(0, (value - range.low) / span));
}

export const cssColor = ([r, g, b]: readonly [number, number, number]) => `rgb(${r}, ${g}, ${b})`;

/** The CSS gradient of the relative legend, from its start edge (p2) to its end edge (p98). */
export function rampGradient(direction: 'to right' | 'to left'): string {
  const stops = RAMP_STOPS.map((c, i) => `${cssColor(c)} ${(i / (RAMP_STOPS.length - 1)) * 100}%`);
  return `linear-gradient(${direction}, ${stops.join(', ')})`;
}

/** RGBA pixels of the relative image, the grid's size and orientation; masked pixels transparent. */
export function relativePixels(grid: ValuesGrid, range: RelativeRange): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(new ArrayBuffer(grid.width * grid.height * 4));
  for (let i = 0; i < grid.data.length; i++) {
    const v = grid.data[i]!;
    if (!Number.isFinite(v)) continue;
    const [r, g, b] = rampColor(rampPosition(v, range));
    out[i * 4] = r;
    out[i * 4 + 1] = g;
    out[i * 4 + 2] = b;
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** The relative image as a PNG data URL for the map overlay; null where the browser has no 2D canvas. */
export function renderRelative(grid: ValuesGrid, range: RelativeRange): string | null {
  if (typeof document === 'undefined' || typeof ImageData === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = grid.width;
  canvas.height = grid.height;
  let context: CanvasRenderingContext2D | null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;
  context.putImageData(new ImageData(relativePixels(grid, range), grid.width, grid.height), 0, 0);
  return canvas.toDataURL('image/png');
}
