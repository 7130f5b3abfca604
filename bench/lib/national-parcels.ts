// The parcels of `bench:national` (issue 29 §4): many generated fields in the 29RKH tile, deterministic (seeded),
// as farm parcels are drawn — convex fields of any aspect and orientation, and concave ones (dented outlines, L
// shapes) — with a log-normal area (median 3 ha, clamped to 0.3–50 ha). Most lie anywhere in the tile (the real
// SCL's clouds fall on some of them); a share straddles the tile's edge, partly outside the only tile there is.
import { projector, type PolygonGeometry } from '@filaha/imagery';
import { prng } from './prng.ts';

/** The 29RKH tile: UTM 29N, 10980 × 10980 px of 10 m from (199980, 2800020). */
export const TILE = { epsg: 32629, x0: 199_980, y0: 2_800_020, size: 109_800, pixel: 10 } as const;

export const AREA_HA = { min: 0.3, max: 50, median: 3, sigma: 1 } as const;

export type ParcelKind = 'convex' | 'concave' | 'edge';

export interface BenchParcel {
  id: number;
  kind: ParcelKind;
  /** Area of the drawn polygon (UTM), hectares. */
  hectares: number;
  /** Row (10 m pixel of the tile) of the parcel's northernmost vertex: the north/south split of the workers. */
  topRow: number;
  geometry: PolygonGeometry;
}

type Point = [number, number];

function ringArea(ring: ReadonlyArray<Point>): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

/** Standard normal draw (Box–Muller) from the seeded generator. */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** An outline around the origin (metres) of one of the kinds, before scaling to its area. */
function outline(random: () => number, concave: boolean): Point[] {
  if (concave && random() < 0.4) {
    // An L: a rectangle with one corner taken out.
    const w = 1 + random();
    const h = 1 + random();
    const cw = w * (0.3 + 0.4 * random());
    const ch = h * (0.3 + 0.4 * random());
    return [
      [0, 0],
      [w, 0],
      [w, h - ch],
      [w - cw, h - ch],
      [w - cw, h],
      [0, h],
    ].map(([x, y]) => [x! - w / 2, y! - h / 2]);
  }
  // A polygon on an ellipse (convex), or with every other vertex pulled in (concave).
  const n = concave ? 2 * (3 + Math.floor(random() * 4)) : 4 + Math.floor(random() * 7);
  const aspect = 1 + random() * 2;
  const dent = 0.35 + random() * 0.3;
  const turn = random() * 2 * Math.PI;
  return Array.from({ length: n }, (_, k) => {
    const angle = turn + (2 * Math.PI * k) / n;
    const r = concave && k % 2 === 1 ? 1 - dent : 1;
    return [r * Math.cos(angle) * aspect, r * Math.sin(angle)] as Point;
  });
}

/** Rotates, scales to `hectares` and moves an outline to (cx, cy). */
function place(shape: Point[], hectares: number, cx: number, cy: number, rotation: number): Point[] {
  const scale = Math.sqrt((hectares * 10_000) / ringArea(shape));
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  return shape.map(([x, y]) => [cx + scale * (x * cos - y * sin), cy + scale * (x * sin + y * cos)]);
}

/**
 * `count` parcels, `edgeShare` of them centred on the tile's outer edge (a random side): on this bench's single
 * tile such a parcel is partly outside any imagery, and gets what the per-parcel engine gives it there.
 */
export function generateParcels(count: number, seed = 29, edgeShare = 0.01): BenchParcel[] {
  const random = prng(seed);
  const p = projector(TILE.epsg);
  const parcels: BenchParcel[] = [];
  for (let id = 1; id <= count; id++) {
    const hectares = Math.min(
      AREA_HA.max,
      Math.max(AREA_HA.min, AREA_HA.median * Math.exp(AREA_HA.sigma * gaussian(random))),
    );
    const edge = random() < edgeShare;
    const concave = random() < 0.35;
    const kind: ParcelKind = edge ? 'edge' : concave ? 'concave' : 'convex';
    let cx: number;
    let cy: number;
    if (edge) {
      const along = random() * TILE.size;
      const side = Math.floor(random() * 4);
      cx = side === 0 ? TILE.x0 : side === 1 ? TILE.x0 + TILE.size : TILE.x0 + along;
      cy = side === 2 ? TILE.y0 : side === 3 ? TILE.y0 - TILE.size : TILE.y0 - along;
    } else {
      // Centred 1.5 km or more inside the tile's edges: the largest fields (50 ha, elongated or dented) reach
      // about 1 km from their centre, so these lie whole in the tile.
      const margin = 1_500;
      cx = TILE.x0 + margin + random() * (TILE.size - 2 * margin);
      cy = TILE.y0 - margin - random() * (TILE.size - 2 * margin);
    }
    const ring = place(outline(random, concave), hectares, cx, cy, random() * Math.PI);
    const top = Math.max(...ring.map(([, y]) => y));
    const lonLat = ring.map(([x, y]) => p.inverse(x, y) as Point);
    parcels.push({
      id,
      kind,
      hectares: Math.round(ringArea(ring) / 100) / 100,
      topRow: Math.floor((TILE.y0 - top) / TILE.pixel),
      geometry: { type: 'Polygon', coordinates: [[...lonLat, lonLat[0]!]] },
    });
  }
  return parcels;
}
