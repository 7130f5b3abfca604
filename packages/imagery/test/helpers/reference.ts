import proj4 from 'proj4';
import type { SceneGrid } from './synthetic.ts';

/**
 * Independent reference computations for the tests — written from the definitions (pixel centres,
 * bilinear weights, even-odd rule, proj4 per pixel), deliberately not sharing code with src/.
 */

/** Reflectance of a 20 m band at the centre of 10 m pixel (col, row): bilinear from the 20 m pixel centres. */
export function bilinear20at10(dn20: Uint16Array, width20: number, height20: number, col: number, row: number): number {
  const u = (col + 0.5) / 2 - 0.5;
  const v = (row + 0.5) / 2 - 0.5;
  const i0 = Math.floor(u);
  const j0 = Math.floor(v);
  const fx = u - i0;
  const fy = v - j0;
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
