import type { CogReader } from './cog/reader.ts';
import { AllCloudyError } from './errors.ts';
import type { ParcelGeometry } from '@filaha/shared/geometry';
import { assertParcelGeometry } from './geo/geometry.ts';
import { getIndex, type IndexDefinition } from './indices.ts';
import type { LegendInterval } from './output/legend.ts';
import { encodeNativeGeoTiff, encodePng, renderIndexMap } from './output/render.ts';
import type { ValuesGrid } from '@filaha/shared/values-grid';
import { readBandStack, type BandStack } from './raster/band-stack.ts';
import { maskLookup } from './raster/masks.ts';
import { mosaicStacks } from './raster/mosaic.ts';
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
  /**
   * Buffer around masked clouds, cirrus and cloud shadows, in metres (default DEFAULT_CLOUD_BUFFER_M, one 20 m
   * SCL pixel; 0 turns it off): their edges are not classified and contaminate their neighbours.
   */
  cloudBufferM?: number;
  /** Below this valid fraction in the parcel the best scene counts as clouded (default DEFAULT_MIN_VALID_FRACTION). */
  minValidFraction?: number;
  /** Defaults to the catalog's reader. */
  reader?: CogReader;
  /** Where warnings go (an item skipped for a missing band asset…); default console.warn. */
  warn?: (message: string) => void;
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
  /** The tiles (item ids) the result is made of, primary first; more than one for a mosaic across a tile seam. */
  tiles: string[];
}

export interface IndexMapResult {
  index: string;
  scene: SceneInfo;
  stats: IndexStats;
  /** [[minLat, minLon], [maxLat, maxLon]] of the PNG and the values grid. */
  bounds: [[number, number], [number, number]];
  png: Buffer;
  valuesGrid: ValuesGrid;
  /**
   * Float32 GeoTIFF on the scene's native grid (UTM, 10 m, `scene.epsg`), nodata NaN: exactly the source
   * pixels the statistics counted, every other pixel NaN.
   */
  geotiff: Buffer;
  width: number;
  height: number;
  scale: number;
  upscaled: boolean;
  /** Every acquisition considered, with its valid fraction over the parcel. */
  candidates: Array<{ id: string; datetime: string; validFraction: number; cloudFraction: number }>;
}

/**
 * Surface reflectance outside (0, MAX_VALID_REFLECTANCE] is not a measurement: ≤ 0 comes from dark water or
 * shadow once the +1000 DN offset is removed (NDVI then reaches 5), above 1 from saturated or defective
 * detectors (DN 65535 → 6.55). Such a pixel is no-data for every index that uses the band.
 */
export const MAX_VALID_REFLECTANCE = 1;

/**
 * Applies the formula per pixel; masked (SCL, no-data), invalid (a band's reflectance ≤ 0 or
 * > MAX_VALID_REFLECTANCE) and undefined (zero denominator) pixels are NaN. With `only` (1 per pixel: the parcel's,
 * for its statistics alone), the other pixels are left NaN too.
 */
export function computeIndexValues(
  index: IndexDefinition,
  stack: BandStack,
  maskClasses?: ReadonlyArray<number>,
  only?: Uint8Array,
  out?: Float32Array,
): Float32Array {
  const masked = maskLookup(maskClasses);
  const bands = index.bands.map((key) => stack.bands[key]!);
  const n = stack.grid.width * stack.grid.height;
  const values = (out ?? new Float32Array(n)).fill(Number.NaN);
  if (bands.length === 2) {
    // The usual case (normalised differences): the same tests in the same order, the formula called with its two
    // reflectances directly — spreading an argument array per pixel was most of this function's cost (bench:national).
    const [a, b] = bands as [Float64Array, Float64Array];
    const formula = index.formula;
    const scl = stack.scl;
    for (let i = 0; i < n; i++) {
      if ((only && !only[i]) || (scl && masked[scl[i]!])) continue;
      const va = a[i]!;
      if (!(va > 0 && va <= MAX_VALID_REFLECTANCE)) continue;
      const vb = b[i]!;
      if (!(vb > 0 && vb <= MAX_VALID_REFLECTANCE)) continue;
      const value = formula(va, vb);
      if (Number.isFinite(value)) values[i] = value;
    }
    return values;
  }
  const args = new Array<number>(bands.length);
  pixels: for (let i = 0; i < n; i++) {
    if ((only && !only[i]) || (stack.scl && masked[stack.scl[i]!])) continue;
    for (let b = 0; b < bands.length; b++) {
      const v = bands[b]![i]!;
      // NaN fails both comparisons, so no-data is skipped here too.
      if (!(v > 0 && v <= MAX_VALID_REFLECTANCE)) continue pixels;
      args[b] = v;
    }
    const value = index.formula(...args);
    if (Number.isFinite(value)) values[i] = value;
  }
  return values;
}

/** The values the statistics count: NaN outside the parcel (and where masked). */
export function countedValues(values: Float32Array, inParcel: Uint8Array): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = inParcel[i] ? values[i]! : Number.NaN;
  return out;
}

/**
 * The default minimum share of the parcel that must be visible (pixels not masked in SCL: no cloud, cirrus,
 * cloud shadow, snow, saturated or no-data) in the chosen scene before its statistics are delivered as the
 * parcel's value.
 *
 * Why 0.6: the answer is read as "the NDVI (NDMI…) of this parcel", so most of the parcel has to be behind it.
 * Clouds and their shadows hide contiguous blocks, not a random sample, and fields are not uniform (headlands,
 * an irrigation gradient, a wet corner): a mean over a small visible strip can describe another part of the
 * field than the one the farmer worries about. With at least 60 % seen, a clear majority of the field is
 * measured and a hidden patch can shift the mean only so far; below that, an agronomist would rather ask for
 * another date. A deployment can set its own level (MIN_VALID_FRACTION in the API); below it the engine
 * answers ALL_CLOUDY with the nearest clearer dates and nothing is charged.
 */
export const DEFAULT_MIN_VALID_FRACTION = 0.6;

export type SelectSceneOptions = Pick<
  ComputeIndexMapOptions,
  | 'catalog'
  | 'geometry'
  | 'index'
  | 'start'
  | 'end'
  | 'maskClasses'
  | 'cloudBufferM'
  | 'minValidFraction'
  | 'reader'
  | 'warn'
>;

/** The acquisition chosen for a parcel and index, before any index band is read. */
export interface SceneSelection {
  scene: SceneInfo;
  acquisition: SceneCandidate['acquisition'];
  /** The tiles to read, primary (= acquisition) first; several when they are mosaicked. */
  tiles: SceneCandidate['tiles'];
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
    cloudBufferM: options.cloudBufferM,
    minValidFraction: options.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION,
    warn: options.warn,
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
      tiles: chosen.tiles.map((t) => t.id),
    },
    acquisition,
    tiles: chosen.tiles,
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
  const tiles = selection.tiles?.length ? selection.tiles : [acquisition];
  const masks = { scl: true, maskClasses: options.maskClasses, cloudBufferM: options.cloudBufferM };
  const stacks = await Promise.all(tiles.map((t) => readBandStack(reader, t, index.bands, options.geometry, masks)));
  const stack = stacks.length > 1 ? mosaicStacks(stacks[0]!, stacks.slice(1)).stack : stacks[0]!;
  const values = computeIndexValues(index, stack, options.maskClasses);
  const stats = computeStats(values, stack.inParcel, stack.grid.resX);
  // The scene was chosen on its 20 m SCL share; what the farmer reads is the share of 10 m pixels counted.
  // That share decides too, so a delivered result never says "visible 58 % (min. 60 %)".
  const minValid = options.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION;
  if (stats.count === 0 || stats.validFraction < minValid)
    throw new AllCloudyError(stats.validFraction, acquisition.id, minValid);
  // From here on a value is shown exactly where it was counted: outside-parcel pixels become NaN.
  const counted = countedValues(values, stack.inParcel);
  const rendered = renderIndexMap({
    values: counted,
    inParcel: stack.inParcel,
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
    geotiff: encodeNativeGeoTiff(counted, stack.grid),
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
