import proj4 from 'proj4';
import type { SceneGrid } from './synthetic.ts';

/**
 * Independent reference computations for the tests — written from the definitions (pixel centres,
 * bilinear weights, even-odd rule, proj4 per pixel), deliberately not sharing code with src/.
 */

/**
 * The 20 m pixel centres around the centre of 10 m pixel (col, row): the top-left one (i0, j0) and the
 * centre's fractional distance from it (fx, fy) — the bilinear weights' inputs.
 */
function cellAround(col: number, row: number): { i0: number; j0: number; fx: number; fy: number } {
  const u = (col + 0.5) / 2 - 0.5;
  const v = (row + 0.5) / 2 - 0.5;
  const i0 = Math.floor(u);
  const j0 = Math.floor(v);
  return { i0, j0, fx: u - i0, fy: v - j0 };
}

/** Reflectance of a 20 m band at the centre of 10 m pixel (col, row): bilinear from the 20 m pixel centres. */
export function bilinear20at10(dn20: Uint16Array, width20: number, height20: number, col: number, row: number): number {
  const { i0, j0, fx, fy } = cellAround(col, row);
  const at = (i: number, j: number) =>
    dn20[Math.min(height20 - 1, Math.max(0, j)) * width20 + Math.min(width20 - 1, Math.max(0, i))]!;
  return (
    at(i0, j0) * (1 - fx) * (1 - fy) +
    at(i0 + 1, j0) * fx * (1 - fy) +
    at(i0, j0 + 1) * (1 - fx) * fy +
    at(i0 + 1, j0 + 1) * fx * fy
  );
}

export function pointInPolygon(x: number, y: number, ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}

/** Pixels of the grid (10 m unless `res`) whose centre, projected to lon/lat with proj4, falls in the ring. */
export function pixelsInParcel(grid: SceneGrid & { res?: number }, ring: number[][]): Array<[number, number]> {
  const toLonLat = proj4(`EPSG:${grid.epsg}`, 'EPSG:4326');
  const res = grid.res ?? 10;
  const pixels: Array<[number, number]> = [];
  for (let row = 0; row < grid.height; row++) {
    for (let col = 0; col < grid.width; col++) {
      const [lon, lat] = toLonLat.forward([grid.x0 + (col + 0.5) * res, grid.y0 - (row + 0.5) * res]);
      if (pointInPolygon(lon!, lat!, ring)) pixels.push([col, row]);
    }
  }
  return pixels;
}

export function referenceStats(values: number[]): {
  min: number;
  max: number;
  mean: number;
  std: number;
  median: number;
  p25: number;
  p75: number;
} {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = sorted.reduce((s, v) => s + v, 0) / n;
  const q = (p: number) => {
    const h = (n - 1) * p;
    const lo = Math.floor(h);
    return sorted[lo]! + (h - lo) * (sorted[Math.min(n - 1, lo + 1)]! - sorted[lo]!);
  };
  return {
    min: sorted[0]!,
    max: sorted[n - 1]!,
    mean,
    std: Math.sqrt(sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / n),
    median: q(0.5),
    p25: q(0.25),
    p75: q(0.75),
  };
}

/**
 * The bilinear interpolation above with some 20 m pixels left out (`excluded(i, j)`: a masked SCL pixel)
 * and the remaining weights renormalised; NaN when all four are left out.
 */
export function bilinear20at10Masked(
  dn20: ArrayLike<number>,
  width20: number,
  height20: number,
  col: number,
  row: number,
  excluded: (i: number, j: number) => boolean,
): number {
  const { i0, j0, fx, fy } = cellAround(col, row);
  let sum = 0;
  let weight = 0;
  for (const [di, dj, w] of [
    [0, 0, (1 - fx) * (1 - fy)],
    [1, 0, fx * (1 - fy)],
    [0, 1, (1 - fx) * fy],
    [1, 1, fx * fy],
  ] as const) {
    const i = Math.min(width20 - 1, Math.max(0, i0 + di));
    const j = Math.min(height20 - 1, Math.max(0, j0 + dj));
    if (w === 0 || excluded(i, j)) continue;
    sum += w * dn20[j * width20 + i]!;
    weight += w;
  }
  return weight > 0 ? sum / weight : Number.NaN;
}

/**
 * SCL pixels hidden by the cloud buffer, from the rule's words: an unmasked pixel whose centre lies within
 * `bufferM` metres of the square of a masked cloud-shadow (3), cloud (8, 9) or cirrus (10) pixel.
 */
export function bufferedPixels(
  scl: ArrayLike<number>,
  width: number,
  height: number,
  res: number,
  bufferM: number,
  masked: ReadonlySet<number>,
): Set<number> {
  const out = new Set<number>();
  const clouds: Array<[number, number]> = [];
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) {
      const c = scl[j * width + i]!;
      if ([3, 8, 9, 10].includes(c) && masked.has(c)) clouds.push([i, j]);
    }
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) {
      if (masked.has(scl[j * width + i]!)) continue;
      const cx = (i + 0.5) * res;
      const cy = (j + 0.5) * res;
      for (const [ci, cj] of clouds) {
        const dx = Math.max(ci * res - cx, 0, cx - (ci + 1) * res);
        const dy = Math.max(cj * res - cy, 0, cy - (cj + 1) * res);
        if (Math.hypot(dx, dy) <= bufferM) {
          out.add(j * width + i);
          break;
        }
      }
    }
  return out;
}
