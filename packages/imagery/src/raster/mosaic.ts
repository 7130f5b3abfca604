import { projector } from '../geo/project.ts';
import type { BandStack } from './band-stack.ts';

/** Where a ground point (in the primary grid's CRS) falls in another stack: its pixel index, or -1. */
function locator(primaryEpsg: number, other: BandStack): (x: number, y: number) => number {
  const { grid } = other;
  const index = (x: number, y: number) => {
    const c = Math.floor((x - grid.x0) / grid.resX);
    const r = Math.floor((grid.y0 - y) / grid.resY);
    return c < 0 || r < 0 || c >= grid.width || r >= grid.height ? -1 : r * grid.width + c;
  };
  if (grid.epsg === primaryEpsg) return index;
  const from = projector(primaryEpsg);
  const to = projector(grid.epsg);
  return (x, y) => {
    const [lon, lat] = from.inverse(x, y);
    const [ox, oy] = to.forward(lon, lat);
    return index(ox, oy);
  };
}

/**
 * Mosaics the tiles of one acquisition onto the primary tile's grid (its UTM zone, 10 m): every primary
 * pixel without data (SCL 0, outside that tile's data) takes, from the first other tile that has data there,
 * the pixel containing its centre (nearest neighbour, reprojected across UTM zones where the tiles differ).
 * Each ground point is thus one pixel of one tile, counted once; `inParcel` stays the primary's.
 * Returns the mosaic and how many pixels each other tile gave.
 */
export function mosaicStacks(
  primary: BandStack,
  others: ReadonlyArray<BandStack>,
): { stack: BandStack; contributed: number[] } {
  const contributed = others.map(() => 0);
  if (!primary.scl || others.length === 0) return { stack: primary, contributed };
  const { grid } = primary;
  const scl = Uint8Array.from(primary.scl);
  const keys = Object.keys(primary.bands);
  const bands: Record<string, Float64Array> = {};
  for (const key of keys) bands[key] = Float64Array.from(primary.bands[key]!);
  const locate = others.map((o) => locator(grid.epsg, o));
  for (let r = 0; r < grid.height; r++) {
    const y = grid.y0 - (r + 0.5) * grid.resY;
    for (let c = 0; c < grid.width; c++) {
      const p = r * grid.width + c;
      if (scl[p] !== 0) continue;
      const x = grid.x0 + (c + 0.5) * grid.resX;
      for (let t = 0; t < others.length; t++) {
        const other = others[t]!;
        const q = locate[t]!(x, y);
        if (q < 0 || !other.scl || other.scl[q] === 0) continue;
        scl[p] = other.scl[q]!;
        for (const key of keys) bands[key]![p] = other.bands[key]?.[q] ?? Number.NaN;
        contributed[t]!++;
        break;
      }
    }
  }
  return { stack: { grid, bands, scl, inParcel: primary.inParcel }, contributed };
}
