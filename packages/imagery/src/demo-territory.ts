import { DEMO_AREA, DEMO_FIELDS, type Crop } from '@filaha/shared';
import { flatRingsBBox, projectRings, projector } from './geo/project.ts';
import type { PixelGrid } from './geo/rasterize.ts';

/**
 * The demo area's background, shared by the demo catalog's painter (scripts/demo/paint.ts) and the demo
 * cooperative's generated parcels (issue 30 §5): the painter lays a patchwork of blocks separated by bare tracks
 * over the area and paints each block as an orchard, a cereal or bare ground; the cooperative's parcels are those
 * blocks (cut into parts of about 1.2 ha), each with the crop its block is painted as. So the territory view's conditions are
 * computed by the engine from the demo imagery, like any parcel's, and mean what they say.
 */

/** The demo catalog's projection (UTM 31N). */
export const DEMO_EPSG = 32631;

/** Deterministic randomness for the demo: the same numbers on every run (never Math.random). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The 10 m grid over DEMO_AREA (+100 m), snapped to 60 m like the real Sentinel-2 tile grids. */
export function demoGrid(): PixelGrid {
  const rings = projectRings(
    [
      [
        [DEMO_AREA.west, DEMO_AREA.south],
        [DEMO_AREA.east, DEMO_AREA.south],
        [DEMO_AREA.east, DEMO_AREA.north],
        [DEMO_AREA.west, DEMO_AREA.north],
        [DEMO_AREA.west, DEMO_AREA.south],
      ],
    ],
    DEMO_EPSG,
  );
  const [minX, minY, maxX, maxY] = flatRingsBBox(rings);
  const x0 = Math.floor((minX - 100) / 60) * 60;
  const y0 = Math.ceil((maxY + 100) / 60) * 60;
  const width = Math.ceil((maxX + 100 - x0) / 60) * 6;
  const height = Math.ceil((y0 - (minY - 100)) / 60) * 6;
  return { x0, y0, resX: 10, resY: 10, width, height };
}

/** August NDVI of the background's block kinds. */
export const BACKGROUND_NDVI = [0.55, 0.18, 0.1, 0.45, 0.14, 0.3];
/** What the background's blocks grow, by BACKGROUND_NDVI entry: orchards and gardens, or a cereal in spring. */
export const BACKGROUND_KIND: ReadonlyArray<'perennial' | 'cereal' | 'bare'> = [
  'perennial',
  'cereal',
  'bare',
  'perennial',
  'cereal',
  'perennial',
];

/** One block of the background: its first row and column (its bare track) and its size in pixels, unclipped. */
export interface DemoBlock {
  row: number;
  col: number;
  height: number;
  width: number;
  /** Index into BACKGROUND_NDVI / BACKGROUND_KIND. */
  kind: number;
  /** Its August NDVI. */
  ndvi: number;
  /** Days by which its cereal is ahead (+) or behind (−) the background cereal curve. */
  phase: number;
}

/**
 * The background's blocks, row by row, drawing from `random` exactly what the first demo catalog drew (heights,
 * widths, kinds, levels) and the phases from `seasonRandom`: the painter passes its own streams and goes on
 * drawing from them.
 */
export function layoutDemoBlocks(
  grid: Pick<PixelGrid, 'width' | 'height'>,
  random: () => number,
  seasonRandom: () => number,
): DemoBlock[] {
  const blocks: DemoBlock[] = [];
  for (let row = 0; row < grid.height;) {
    const height = 15 + Math.floor(random() * 16);
    for (let col = 0; col < grid.width;) {
      const width = 15 + Math.floor(random() * 26);
      const kind = Math.floor(random() * BACKGROUND_NDVI.length);
      const ndvi = BACKGROUND_NDVI[kind]! + (random() - 0.5) * 0.08;
      const phase = Math.round((seasonRandom() - 0.5) * 24);
      blocks.push({ row, col, height, width, kind, ndvi, phase });
      col += width;
    }
    row += height;
  }
  return blocks;
}

/** The painter's seeds: the first catalog's stream and the season's own. */
export const DEMO_RANDOM_SEED = 20250814;
export const DEMO_SEASON_SEED = 20250201;

/** One parcel of the demo cooperative (issue 30 §5). */
export interface DemoTerritoryParcel {
  /** A code, the same in both languages: block and part (MTJ-0412-2). */
  name: string;
  /** GeoJSON ring, [longitude, latitude], closed. */
  ring: Array<[number, number]>;
  /** Its crop in the seasons 2024–25 and 2025–26 (the demo imagery's). */
  crop: Crop;
  sowingDate: { 2024: string | null; 2025: string | null };
  irrigated: boolean;
  irrigationSystem: 'drip' | 'sprinkler' | null;
  flowRateM3h: number | null;
  farmerContact: string;
}

/** Crops of the background's kinds (BACKGROUND_NDVI order). */
const KIND_CROP: ReadonlyArray<Crop> = ['citrus', 'durum_wheat', 'fallow', 'olive', 'barley', 'vine'];

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The demo cooperative's parcels: every background block wholly inside the grid, away from the demo fields and the
 * road, cut along pixel edges into parts of about 1.2 ha, each part inset 2 m so no pixel centre
 * sits on its outline. Deterministic: the same parcels on every run. About 2,000.
 */
export function demoTerritoryParcels(): DemoTerritoryParcel[] {
  const grid = demoGrid();
  const blocks = layoutDemoBlocks(grid, mulberry32(DEMO_RANDOM_SEED), mulberry32(DEMO_SEASON_SEED));
  const proj = projector(DEMO_EPSG);
  // The demo fields' and the road's extents in grid pixels, 3 pixels wider: a part touching them is left out.
  const avoid = DEMO_FIELDS.map((f) => {
    const [minX, minY, maxX, maxY] = flatRingsBBox(projectRings([f.ring], DEMO_EPSG));
    return [minX - 30, minY - 30, maxX + 30, maxY + 30] as const;
  });
  const [, roadY] = proj.forward(3.0, 36.6039);
  avoid.push([-Infinity, roadY - 40, Infinity, roadY + 40]);
  const details = mulberry32(20261129);
  const out: DemoTerritoryParcel[] = [];
  blocks.forEach((block, b) => {
    // The block's own pixels (its first row and column are the track), wholly inside the grid with a pixel to spare.
    const c0 = block.col + 1;
    const r0 = block.row + 1;
    const c1 = block.col + block.width;
    const r1 = block.row + block.height;
    if (c1 >= grid.width || r1 >= grid.height) return;
    const w = c1 - c0;
    const h = r1 - r0;
    // Parts of about 11 × 11 pixels (about 1.2 ha), cut along pixel edges.
    const cuts = (from: number, size: number) => {
      const n = Math.max(1, Math.round(size / 11));
      return Array.from({ length: n + 1 }, (_, k) => from + Math.round((k * size) / n));
    };
    const cols = cuts(c0, w);
    const rows = cuts(r0, h);
    const kind = block.kind;
    const crop = KIND_CROP[kind]!;
    let part = 0;
    for (let i = 0; i + 1 < rows.length; i++) {
      for (let j = 0; j + 1 < cols.length; j++) {
        part++;
        const x0 = grid.x0 + cols[j]! * 10 + 2;
        const x1 = grid.x0 + cols[j + 1]! * 10 - 2;
        const y0 = grid.y0 - rows[i + 1]! * 10 + 2;
        const y1 = grid.y0 - rows[i]! * 10 - 2;
        // Drawn for every part, kept or not, so one part's fate never changes another's details.
        const draw = { irrigated: details(), flow: details(), contact: details() };
        if (avoid.some(([ax0, ay0, ax1, ay1]) => x0 < ax1 && x1 > ax0 && y0 < ay1 && y1 > ay0)) continue;
        const corners: Array<[number, number]> = [
          [x0, y0],
          [x1, y0],
          [x1, y1],
          [x0, y1],
        ];
        const ring = corners.map(([x, y]) => {
          const [lon, lat] = proj.inverse(x, y);
          return [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7] as [number, number];
        });
        ring.push(ring[0]!);
        const irrigated = crop === 'citrus' || (crop === 'olive' && draw.irrigated < 0.3);
        // Cereals are sown about 25 November, earlier for a block ahead of the curve; the other crops are perennial
        // or fallow (no sowing date).
        const sowing = (season: 2024 | 2025) =>
          BACKGROUND_KIND[kind] === 'cereal' ? ymd(Date.parse(`${season}-11-25`) - block.phase * DAY_MS) : null;
        out.push({
          name: `MTJ-${String(b + 1).padStart(4, '0')}-${part}`,
          ring,
          crop,
          sowingDate: { 2024: sowing(2024), 2025: sowing(2025) },
          irrigated,
          irrigationSystem: irrigated ? (crop === 'citrus' ? 'drip' : 'sprinkler') : null,
          flowRateM3h: irrigated ? Math.round(8 + draw.flow * 22) : null,
          farmerContact: `fellah.${String(Math.floor(draw.contact * 900) + 100)}@demo.filaha.dz`,
        });
      }
    }
  });
  return out;
}
