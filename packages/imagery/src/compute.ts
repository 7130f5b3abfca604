import type { CogReader } from './cog/reader.ts';
import { AllCloudyError } from './errors.ts';
import { assertParcelGeometry, type ParcelGeometry } from './geo/geometry.ts';
import { getIndex, type IndexDefinition } from './indices.ts';
import type { LegendInterval } from './output/legend.ts';
import { encodePng, encodeValuesGeoTiff, renderIndexMap } from './output/render.ts';
import type { ValuesGrid } from './output/values-grid.ts';
import { readBandStack, type BandStack } from './raster/band-stack.ts';
import { sclLookup } from './raster/masks.ts';
import { computeStats, type IndexStats } from './raster/stats.ts';
import { chooseScene, type SceneCandidate } from './scene.ts';
import type { Catalog } from './stac/catalog.ts';

export interface ComputeIndexMapOptions {
  catalog: Catalog;
  geometry: ParcelGeometry;
  /** An index code ('NDVI', 'Indice NDVI'…) or a definition of your own. */
  index: string | IndexDefinition;
  /** YYYY-MM-DD (inclusive) or ISO instants. */
  start: string;
  end: string;
  /** Colour classes; the index's default legend when omitted. */
  legend?: ReadonlyArray<LegendInterval>;
  /** Upper bounds of the PNG size (default and cap 2048). */
  width?: number;
  height?: number;
  /** Enlarge beyond the data's resolution to fill width/height (reported as `upscaled`). */
  allowUpscale?: boolean;
  /** SCL classes to mask (default 0, 1, 3, 8, 9, 10, 11; add 2 to mask dark areas). */
  maskClasses?: ReadonlyArray<number>;
  /** Below this valid fraction in the parcel the best scene counts as clouded (default 0.1). */
  minValidFraction?: number;
  /** Defaults to the catalog's reader. */
  reader?: CogReader;
}

export interface SceneInfo {
  id: string;
  datetime: string;
  /** Share of the parcel's pixels flagged cloud, cloud shadow or cirrus in SCL. */
  cloudFraction: number;
  /** Whole-tile eo:cloud_cover in percent, as published. */
  tileCloudCover: number | null;
  platform: string | null;
  epsg: number;
  /** DN offset subtracted before scaling (offset rule): 0 or 1000. */
  dnOffset: number;
}

export interface IndexMapResult {
  index: string;
  scene: SceneInfo;
  stats: IndexStats;
  /** [[minLat, minLon], [maxLat, maxLon]] of the PNG and the values grid. */
  bounds: [[number, number], [number, number]];
  png: Buffer;
  valuesGrid: ValuesGrid;
  /** Float32 GeoTIFF, EPSG:4326, nodata NaN. */
  geotiff: Buffer;
  width: number;
  height: number;
  scale: number;
  upscaled: boolean;
  /** Every acquisition considered, with its valid fraction over the parcel. */
  candidates: Array<{ id: string; datetime: string; validFraction: number; cloudFraction: number }>;
}

/** Applies the formula per pixel; masked (SCL, no-data) and undefined (zero denominator) pixels are NaN. */
export function computeIndexValues(
  index: IndexDefinition,
  stack: BandStack,
  maskClasses?: ReadonlyArray<number>,
): Float32Array {
  const masked = sclLookup(maskClasses);
  const bands = index.bands.map((key) => stack.bands[key]!);
  const n = stack.grid.width * stack.grid.height;
  const values = new Float32Array(n).fill(Number.NaN);
  const args = new Array<number>(bands.length);
  pixels: for (let i = 0; i < n; i++) {
    if (stack.scl && masked[stack.scl[i]!]) continue;
    for (let b = 0; b < bands.length; b++) {
      const v = bands[b]![i]!;
      if (Number.isNaN(v)) continue pixels;
      args[b] = v;
    }
    const value = index.formula(...args);
    if (Number.isFinite(value)) values[i] = value;
  }
  return values;
}

export type SelectSceneOptions = Pick<
  ComputeIndexMapOptions,
  'catalog' | 'geometry' | 'index' | 'start' | 'end' | 'maskClasses' | 'minValidFraction' | 'reader'
>;

/** The acquisition chosen for a parcel and index, before any index band is read. */
export interface SceneSelection {
  scene: SceneInfo;
  acquisition: SceneCandidate['acquisition'];
  candidates: IndexMapResult['candidates'];
  /** Valid fraction of the parcel in the chosen scene's SCL (20 m). */
  validFraction: number;
}

function describeCandidate(c: SceneCandidate) {
  return {
    id: c.acquisition.id,
    datetime: c.acquisition.datetime,
    validFraction: c.validFraction,
    cloudFraction: c.cloudFraction,
  };
}

/**
 * Step 1: search the window and pick the clearest acquisition over the parcel (reads SCL only). The API
 * can look up an already-produced image for (parcel, index, scene.id, legend) here, before paying for
 * the band reads. Throws NoSceneError, AllCloudyError, CatalogUnavailableError, CogUnavailableError.
 */
export async function selectScene(options: SelectSceneOptions): Promise<SceneSelection> {
  assertParcelGeometry(options.geometry);
  const index = typeof options.index === 'string' ? getIndex(options.index) : options.index;
  const { chosen, candidates } = await chooseScene({
    catalog: options.catalog,
    reader: options.reader ?? options.catalog.reader,
    geometry: options.geometry,
    start: options.start,
    end: options.end,
    bands: index.bands,
    maskClasses: options.maskClasses,
    minValidFraction: options.minValidFraction ?? 0.1,
  });
  const acquisition = chosen.acquisition;
  return {
    scene: {
      id: acquisition.id,
      datetime: acquisition.datetime,
      cloudFraction: chosen.cloudFraction,
      tileCloudCover: acquisition.cloudCover,
      platform: acquisition.platform,
      epsg: acquisition.epsg ?? 0,
      dnOffset: acquisition.dnOffset,
    },
    acquisition,
    candidates: candidates.map(describeCandidate),
    validFraction: chosen.validFraction,
  };
}

export type RenderSceneOptions = Omit<ComputeIndexMapOptions, 'start' | 'end' | 'minValidFraction'> & {
  minValidFraction?: number;
};

/**
 * Step 2: read the index bands of the selected acquisition over the parcel and produce statistics, PNG,
 * values grid and GeoTIFF.
 */
export async function computeSceneIndexMap(
  selection: SceneSelection,
  options: RenderSceneOptions,
): Promise<IndexMapResult> {
  assertParcelGeometry(options.geometry);
  const index = typeof options.index === 'string' ? getIndex(options.index) : options.index;
  const reader = options.reader ?? options.catalog.reader;
  const { acquisition } = selection;
  const stack = await readBandStack(reader, acquisition, index.bands, options.geometry, { scl: true });
  const values = computeIndexValues(index, stack, options.maskClasses);
  const stats = computeStats(values, stack.inParcel, stack.grid.resX);
  if (stats.count === 0) throw new AllCloudyError(0, acquisition.id, options.minValidFraction ?? 0.1);
  const rendered = renderIndexMap({
    values,
    grid: stack.grid,
    epsg: stack.grid.epsg,
    geometry: options.geometry,
    legend: options.legend ?? index.legend,
    range: index.range,
    maxWidth: options.width,
    maxHeight: options.height,
    allowUpscale: options.allowUpscale,
  });
  rendered.values.meta = { index: index.code, sceneId: acquisition.id, datetime: acquisition.datetime };
  const png = await encodePng(rendered.rgba, rendered.width, rendered.height);
  return {
    index: index.code,
    scene: { ...selection.scene, epsg: stack.grid.epsg },
    stats,
    bounds: rendered.bounds,
    png,
    valuesGrid: rendered.values,
    geotiff: encodeValuesGeoTiff(rendered.values),
    width: rendered.width,
    height: rendered.height,
    scale: rendered.scale,
    upscaled: rendered.upscaled,
    candidates: selection.candidates,
  };
}

/**
 * The whole path for one parcel: search the window, pick the clearest acquisition over the parcel (SCL
 * only), read the index bands of that one, compute values, statistics, PNG, values grid and GeoTIFF.
 * Throws NoSceneError, AllCloudyError, CatalogUnavailableError or CogUnavailableError.
 */
export async function computeIndexMap(options: ComputeIndexMapOptions): Promise<IndexMapResult> {
  return computeSceneIndexMap(await selectScene(options), options);
}
