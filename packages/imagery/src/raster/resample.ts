import type { PixelGrid } from '../geo/rasterize.ts';
import type { SampleArray } from '../cog/reader.ts';

/** A window of source pixels with its grid (top-left corner, resolution) in the target's CRS. */
export interface SourceWindow {
  data: SampleArray;
  grid: PixelGrid;
}

/** Continuous source-pixel coordinate (centre-based) of the centre of target pixel `i` along one axis. */
function coord(
  i: number,
  targetStart: number,
  targetRes: number,
  sourceStart: number,
  sourceRes: number,
  sign: 1 | -1,
): number {
  const centre = targetStart + sign * (i + 0.5) * targetRes;
  return (sign * (centre - sourceStart)) / sourceRes - 0.5;
}

/**
 * Per-column tables of the resamplings, reused from one call to the next (they run synchronously, once or twice a
 * parcel in the tile pass: a new set of small typed arrays each time was a good part of its allocations).
 */
let columns = {
  left: new Int32Array(1024),
  right: new Int32Array(1024),
  wLeft: new Float64Array(1024),
  wRight: new Float64Array(1024),
};

function columnTables(width: number) {
  if (columns.left.length < width) {
    const n = Math.max(width, 2 * columns.left.length);
    columns = {
      left: new Int32Array(n),
      right: new Int32Array(n),
      wLeft: new Float64Array(n),
      wRight: new Float64Array(n),
    };
  }
  return columns;
}

export const isNoData = (v: number, nodata: number) => v === nodata || v === 0 || Number.isNaN(v);

/**
 * Bilinear resampling of digital numbers onto the target grid (20 m bands → 10 m). Neighbours that are
 * no-data, or flagged in `excluded` (1 per source pixel: masked in SCL — a cloud, its buffer — so a cloud's
 * reflectance never bleeds into a valid pixel), are left out and the weights renormalised; a pixel with no
 * usable neighbour becomes NaN. With `only` (1 per target pixel), the other target pixels are left NaN. Each value is
 * then `(value − scale.offset) / scale.divisor` (digital numbers to reflectance in the same pass).
 */
export function resampleBilinear(
  source: SourceWindow,
  target: PixelGrid,
  nodata: number,
  excluded?: Uint8Array,
  only?: Uint8Array,
  out: Float64Array = new Float64Array(target.width * target.height),
  scale: { offset: number; divisor: number } = { offset: 0, divisor: 1 },
): Float64Array {
  const { offset, divisor } = scale;
  const { data, grid } = source;
  const sw = grid.width;
  // Each target column's two source columns (clamped to the window) and weights, computed once rather than per
  // pixel; the sums below add the same products in the same order (row j0 then j0 + 1, column i0 then i0 + 1).
  const { left, right, wLeft, wRight } = columnTables(target.width);
  for (let c = 0; c < target.width; c++) {
    const u = coord(c, target.x0, target.resX, grid.x0, grid.resX, 1);
    const i0 = Math.floor(u);
    const fx = u - i0;
    wLeft[c] = 1 - fx;
    wRight[c] = fx;
    left[c] = Math.min(sw - 1, Math.max(0, i0));
    right[c] = Math.min(sw - 1, Math.max(0, i0 + 1));
  }
  for (let r = 0; r < target.height; r++) {
    const v = coord(r, target.y0, target.resY, grid.y0, grid.resY, -1);
    const j0 = Math.floor(v);
    const fy = v - j0;
    const wTop = 1 - fy;
    const wBottom = fy;
    const top = Math.min(grid.height - 1, Math.max(0, j0)) * sw;
    const bottom = Math.min(grid.height - 1, Math.max(0, j0 + 1)) * sw;
    const row = r * target.width;
    for (let c = 0; c < target.width; c++) {
      if (only && !only[row + c]) {
        out[row + c] = Number.NaN;
        continue;
      }
      const wx0 = wLeft[c]!;
      const wx1 = wRight[c]!;
      let sum = 0;
      let weight = 0;
      for (let dj = 0; dj < 2; dj++) {
        const wy = dj === 0 ? wTop : wBottom;
        if (wy === 0) continue;
        const base = dj === 0 ? top : bottom;
        if (wx0 !== 0) {
          const k = base + left[c]!;
          const value = data[k]!;
          if (!(isNoData(value, nodata) || excluded?.[k])) {
            sum += wx0 * wy * value;
            weight += wx0 * wy;
          }
        }
        if (wx1 !== 0) {
          const k = base + right[c]!;
          const value = data[k]!;
          if (!(isNoData(value, nodata) || excluded?.[k])) {
            sum += wx1 * wy * value;
            weight += wx1 * wy;
          }
        }
      }
      out[row + c] = weight > 1e-9 ? (sum / weight - offset) / divisor : Number.NaN;
    }
  }
  return out;
}

/** Nearest neighbour (the source pixel containing each target centre); used for SCL classes. */
export function resampleNearest(source: SourceWindow, target: PixelGrid, out?: Uint8Array): Uint8Array {
  const { data, grid } = source;
  out = out ? out.fill(0) : new Uint8Array(target.width * target.height);
  // Each target column's source column, or -1 outside the window.
  const { left: column } = columnTables(target.width);
  for (let c = 0; c < target.width; c++) {
    const i = Math.floor(coord(c, target.x0, target.resX, grid.x0, grid.resX, 1) + 0.5);
    column[c] = i >= 0 && i < grid.width ? i : -1;
  }
  for (let r = 0; r < target.height; r++) {
    const j = Math.floor(coord(r, target.y0, target.resY, grid.y0, grid.resY, -1) + 0.5);
    if (j < 0 || j >= grid.height) continue;
    const row = j * grid.width;
    const base = r * target.width;
    for (let c = 0; c < target.width; c++) {
      const i = column[c]!;
      if (i >= 0) out[base + c] = data[row + i]!;
    }
  }
  return out;
}
