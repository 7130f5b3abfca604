import type { FlatRing } from './geometry.ts';

/**
 * A north-up pixel grid: pixel (col, row) spans x ∈ [x0 + col·resX, x0 + (col+1)·resX) and
 * y ∈ (y0 − (row+1)·resY, y0 − row·resY]. Used for UTM source windows and for the lon/lat output grid.
 */
export interface PixelGrid {
  x0: number;
  y0: number;
  resX: number;
  resY: number;
  width: number;
  height: number;
}

/**
 * Marks the pixels whose CENTRE lies inside the rings (even-odd rule, so holes and multi-parts work).
 * Scanline: per row, intersect every edge with the horizontal through the pixel centres and fill between
 * pairs — O(rows × edges) instead of a point-in-polygon test per pixel. Into `out` (width × height) when given.
 */
export function rasterizeRings(rings: ReadonlyArray<FlatRing>, grid: PixelGrid, out?: Uint8Array): Uint8Array {
  const { x0, y0, resX, resY, width, height } = grid;
  const mask = out ? out.fill(0) : new Uint8Array(width * height);
  const crossings: number[] = [];
  for (let row = 0; row < height; row++) {
    const y = y0 - (row + 0.5) * resY;
    crossings.length = 0;
    for (const { xs, ys } of rings) {
      const n = xs.length;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const yi = ys[i]!;
        const yj = ys[j]!;
        // Half-open rule: a vertex exactly on the scanline is counted once.
        if (yi > y !== yj > y) {
          const xi = xs[i]!;
          const xj = xs[j]!;
          crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
        }
      }
    }
    if (crossings.length < 2) continue;
    // A convex row crosses twice: two values need no sort.
    if (crossings.length === 2) {
      if (crossings[0]! > crossings[1]!) crossings.reverse();
    } else crossings.sort((a, b) => a - b);
    const base = row * width;
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Column coordinate of a centre is col + 0.5; fill cols with xa <= centre < xb.
      const from = Math.max(0, Math.ceil((crossings[k]! - x0) / resX - 0.5));
      const to = Math.min(width, Math.ceil((crossings[k + 1]! - x0) / resX - 0.5));
      for (let col = from; col < to; col++) mask[base + col] = 1;
    }
  }
  return mask;
}

/** Counts set bytes; small helper used by masks and statistics. */
export function countSet(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return n;
}
