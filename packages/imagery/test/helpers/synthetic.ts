import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import proj4 from 'proj4';
import { downsample2, writeGeoTiff } from '../../src/output/geotiff-writer.ts';

/**
 * Small synthetic Sentinel-2-like scenes written with real COG layout (64² tiles, DEFLATE + predictor),
 * so tests know every digital number and can compute expected results independently.
 */
export const TEN_M_BANDS = ['blue', 'green', 'red', 'nir'] as const;
const FILE: Record<string, string> = {
  blue: 'B02.tif',
  green: 'B03.tif',
  red: 'B04.tif',
  nir: 'B08.tif',
  rededge1: 'B05.tif',
  nir08: 'B8A.tif',
  swir16: 'B11.tif',
  scl: 'SCL.tif',
};

export interface SceneGrid {
  epsg: number;
  /** Top-left corner of the 10 m grid. */
  x0: number;
  y0: number;
  /** 10 m pixels (even). */
  width: number;
  height: number;
}

export const GRID: SceneGrid = { epsg: 32631, x0: 600_000, y0: 4_000_020, width: 128, height: 128 };

export interface SceneSpec {
  id: string;
  datetime: string;
  platform?: string;
  grid?: SceneGrid;
  /** DN per band at its native resolution (10 m: width×height, 20 m: half). Missing bands are not written. */
  dn: Partial<Record<string, Uint16Array>>;
  /** SCL at 20 m. */
  scl: Uint8Array;
  offsetApplied: boolean | null;
  baseline: string;
  cloudCover?: number;
  /** Footprint in lon/lat; defaults to the raster extent. */
  footprint?: number[][];
  collection?: string;
  /** How asset hrefs are written: relative to the item, absolute paths, or URLs built by the function. */
  hrefs?: 'relative' | 'absolute' | ((file: string) => string);
}

export function lonLatOf(grid: SceneGrid, x: number, y: number): [number, number] {
  const [lon, lat] = proj4(`EPSG:${grid.epsg}`, 'EPSG:4326', [x, y]);
  return [lon!, lat!];
}

/** A lon/lat polygon from UTM vertices (test parcels are defined in metres, then projected). */
export function polygonFromUtm(
  grid: SceneGrid,
  vertices: Array<[number, number]>,
): { type: 'Polygon'; coordinates: number[][][] } {
  const ring = vertices.map(([x, y]) => lonLatOf(grid, x, y));
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

export function extentFootprint(grid: SceneGrid): number[][] {
  const x1 = grid.x0 + grid.width * 10;
  const y1 = grid.y0 - grid.height * 10;
  const ring = [
    lonLatOf(grid, grid.x0, y1),
    lonLatOf(grid, x1, y1),
    lonLatOf(grid, x1, grid.y0),
    lonLatOf(grid, grid.x0, grid.y0),
  ];
  return [...ring, ring[0]!];
}

/** DN fields with structure: gradients plus a checker so formulas see varied, known values. */
export function patternDn(
  width: number,
  height: number,
  base: number,
  dx: number,
  dy: number,
  checker = 0,
): Uint16Array {
  const dn = new Uint16Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) dn[r * width + c] = base + dx * c + dy * r + (((r >> 2) + (c >> 2)) % 2) * checker;
  }
  return dn;
}

/** Writes the scene's COGs and item JSON under dir/<id>/ and returns the item location and JSON. */
export async function writeScene(
  dir: string,
  spec: SceneSpec,
): Promise<{ itemPath: string; item: Record<string, unknown> }> {
  const grid = spec.grid ?? GRID;
  const folder = path.join(dir, spec.id);
  await mkdir(folder, { recursive: true });
  const assets: Record<string, unknown> = {};
  const entries: Array<[string, Uint16Array | Uint8Array]> = [['scl', spec.scl]];
  for (const [key, data] of Object.entries(spec.dn)) if (data) entries.push([key, data]);
  for (const [key, data] of entries) {
    const res = (TEN_M_BANDS as readonly string[]).includes(key) ? 10 : 20;
    const width = grid.width / (res / 10);
    const height = grid.height / (res / 10);
    if (data.length !== width * height) throw new Error(`${key}: ${data.length} values for ${width}×${height}`);
    const isScl = key === 'scl';
    const level = { width, height, data };
    const bytes = writeGeoTiff({
      type: isScl ? 'uint8' : 'uint16',
      levels: [level, downsample2(level, isScl ? 'nearest' : 'average', 0)],
      geo: { epsg: grid.epsg, originX: grid.x0, originY: grid.y0, resX: res, resY: res },
      tileSize: 64,
      predictor: 2,
      nodata: 0,
    });
    const file = path.join(folder, FILE[key]!);
    await writeFile(file, bytes);
    const href =
      spec.hrefs === 'absolute'
        ? file
        : typeof spec.hrefs === 'function'
          ? spec.hrefs(`${spec.id}/${FILE[key]}`)
          : `./${FILE[key]}`;
    assets[key] = { href, 'proj:shape': [height, width], 'proj:transform': [res, 0, grid.x0, 0, -res, grid.y0] };
  }
  const properties: Record<string, unknown> = {
    datetime: spec.datetime,
    platform: spec.platform ?? 'sentinel-2a',
    'eo:cloud_cover': spec.cloudCover ?? 0,
    'proj:epsg': grid.epsg,
    's2:processing_baseline': spec.baseline,
  };
  if (spec.offsetApplied !== null) properties['earthsearch:boa_offset_applied'] = spec.offsetApplied;
  const item = {
    type: 'Feature',
    stac_version: '1.0.0',
    id: spec.id,
    collection: spec.collection ?? 'sentinel-2-l2a',
    geometry: { type: 'Polygon', coordinates: [spec.footprint ?? extentFootprint(grid)] },
    properties,
    links: [],
    assets,
  };
  const itemPath = path.join(folder, `${spec.id}.json`);
  await writeFile(itemPath, JSON.stringify(item, null, 2));
  return { itemPath, item };
}
