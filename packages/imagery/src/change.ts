import {
  computeIndexValues,
  countedValues,
  DEFAULT_MIN_VALID_FRACTION,
  selectScene,
  type RenderSceneOptions,
  type SceneInfo,
  type SceneSelection,
} from './compute.ts';
import { AllCloudyError, ImageryError } from './errors.ts';
import { assertParcelGeometry } from './geo/geometry.ts';
import { getIndex, type IndexDefinition } from './indices.ts';
import type { LegendInterval } from './output/legend.ts';
import { encodeNativeGeoTiff, encodePng, renderIndexMap } from './output/render.ts';
import type { ValuesGrid } from '@filaha/shared/values-grid';
import { readBandStack, type BandStack, type StackGrid } from './raster/band-stack.ts';
import { mosaicStacks } from './raster/mosaic.ts';
import { computeStats, type IndexStats } from './raster/stats.ts';

/** Default threshold of "fell by more than": 0.10 index units (absolute), the usual NDVI drop worth a look. */
export const DEFAULT_CHANGE_THRESHOLD = 0.1;

/**
 * Diverging legend of a difference (later − earlier), centred on 0: reds where the index fell, a pale neutral
 * class for |Δ| < 0.05 (noise between two clear acquisitions), greens where it rose. Symmetric classes.
 */
export const CHANGE_LEGEND: ReadonlyArray<LegendInterval> = [
  { start: -2, end: -0.3, color: 'rgb(103, 0, 13)', label: { fr: '< −0,3', ar: '< −0,3' } },
  { start: -0.3, end: -0.2, color: 'rgb(203, 24, 29)', label: { fr: '−0,3 à −0,2', ar: '−0,3 إلى −0,2' } },
  { start: -0.2, end: -0.1, color: 'rgb(251, 106, 74)', label: { fr: '−0,2 à −0,1', ar: '−0,2 إلى −0,1' } },
  { start: -0.1, end: -0.05, color: 'rgb(252, 187, 161)', label: { fr: '−0,1 à −0,05', ar: '−0,1 إلى −0,05' } },
  { start: -0.05, end: 0.05, color: 'rgb(247, 247, 247)', label: { fr: '−0,05 à 0,05', ar: '−0,05 إلى 0,05' } },
  { start: 0.05, end: 0.1, color: 'rgb(199, 233, 192)', label: { fr: '0,05 à 0,1', ar: '0,05 إلى 0,1' } },
  { start: 0.1, end: 0.2, color: 'rgb(116, 196, 118)', label: { fr: '0,1 à 0,2', ar: '0,1 إلى 0,2' } },
  { start: 0.2, end: 0.3, color: 'rgb(35, 139, 69)', label: { fr: '0,2 à 0,3', ar: '0,2 إلى 0,3' } },
  { start: 0.3, end: 2, color: 'rgb(0, 68, 27)', label: { fr: '> 0,3', ar: '> 0,3' } },
];

/** Colour range of a difference of two values in [−1, 1]. */
const CHANGE_RANGE = [-2, 2] as const;

/** Statistics of the difference over the pixels valid on both dates inside the parcel. */
export interface ChangeStats extends IndexStats {
  /** `count` / pixels inside the parcel (on the earlier acquisition's grid). */
  validFraction: number;
}

/** One date of a change: its acquisition and the index statistics of that date alone (as an image request). */
export interface ChangeDate {
  scene: SceneInfo;
  stats: IndexStats;
}

export interface ChangeMapResult {
  index: string;
  earlier: ChangeDate;
  later: ChangeDate;
  /**
   * How the later date was put on the earlier one's grid: 'native' (same tile, same 10 m UTM pixels) or
   * 'resampled' (nearest neighbour through the mosaic code, reprojected across UTM zones when they differ).
   */
  alignment: 'native' | 'resampled';
  /** Statistics of later − earlier on the pixels valid on both dates. */
  stats: ChangeStats;
  /** The drop threshold (positive, index units). */
  threshold: number;
  /** Pixels whose difference is below −threshold. */
  fellCount: number;
  /** fellCount / stats.count: the share of the parcel's commonly visible pixels that fell by more than the threshold. */
  fellFraction: number;
  /** The difference's legend (diverging, centred on 0). */
  legend: ReadonlyArray<LegendInterval>;
  /** later − earlier per pixel of the common grid (the earlier's), NaN where not valid on both or outside. */
  difference: Float32Array;
  /** Present unless `images: false`: the overlays and the download. */
  map?: ChangeMapImages;
}

export interface ChangeMapImages {
  /** [[minLat, minLon], [maxLat, maxLon]] of every PNG and the values grid (the same for the three). */
  bounds: [[number, number], [number, number]];
  /** The difference, coloured with `legend`. */
  png: Buffer;
  /** The difference per output cell (values under the cursor), NaN where not counted. */
  valuesGrid: ValuesGrid;
  /** Float32 GeoTIFF of the difference on the common grid (earlier's UTM, 10 m), nodata NaN. */
  geotiff: Buffer;
  /** The two dates' index maps (index legend) on the same bounds, for a before/after swipe. */
  earlierPng: Buffer;
  laterPng: Buffer;
  width: number;
  height: number;
  scale: number;
  upscaled: boolean;
}

export type ChangeMapOptions = Omit<RenderSceneOptions, 'legend' | 'allowUpscale'> & {
  /** Legend of the two dates' own maps (the index's default when omitted). */
  legend?: ReadonlyArray<LegendInterval>;
  /** Drop threshold, positive (default DEFAULT_CHANGE_THRESHOLD). */
  threshold?: number;
  /** false: statistics and shares only (no PNG, values grid or GeoTIFF) — e.g. an alert rule. Default true. */
  images?: boolean;
};

export interface ComputeChangeOptions extends ChangeMapOptions {
  /** The two windows (YYYY-MM-DD inclusive), each resolved to its clearest acquisition like an image request. */
  earlier: { start: string; end: string };
  later: { start: string; end: string };
}

/** One date's bands over the parcel, mosaicked across tiles exactly like computeSceneIndexMap. */
async function readDateStack(selection: SceneSelection, index: IndexDefinition, options: ChangeMapOptions) {
  const reader = options.reader ?? options.catalog.reader;
  const tiles = selection.tiles?.length ? selection.tiles : [selection.acquisition];
  const masks = { scl: true, maskClasses: options.maskClasses, cloudBufferM: options.cloudBufferM };
  const stacks = await Promise.all(tiles.map((t) => readBandStack(reader, t, index.bands, options.geometry, masks)));
  return stacks.length > 1 ? mosaicStacks(stacks[0]!, stacks.slice(1)).stack : stacks[0]!;
}

const sameGrid = (a: StackGrid, b: StackGrid) =>
  a.epsg === b.epsg &&
  a.width === b.width &&
  a.height === b.height &&
  Math.abs(a.x0 - b.x0) < 1e-6 &&
  Math.abs(a.y0 - b.y0) < 1e-6 &&
  Math.abs(a.resX - b.resX) < 1e-9 &&
  Math.abs(a.resY - b.resY) < 1e-9;

/**
 * The later stack on the earlier stack's grid. Same grid (both acquisitions on one tile): as is. Otherwise the
 * mosaic code fills an empty stack of the earlier grid from the later one (nearest neighbour at each pixel
 * centre, reprojected across UTM zones), so both dates are compared pixel by pixel.
 */
export function alignStack(reference: BandStack, other: BandStack): { stack: BandStack; resampled: boolean } {
  if (sameGrid(reference.grid, other.grid)) return { stack: other, resampled: false };
  const n = reference.grid.width * reference.grid.height;
  const bands: Record<string, Float64Array> = {};
  for (const key of Object.keys(other.bands)) bands[key] = new Float64Array(n).fill(Number.NaN);
  const empty: BandStack = { grid: reference.grid, bands, scl: new Uint8Array(n), inParcel: reference.inParcel };
  return { stack: mosaicStacks(empty, [other]).stack, resampled: true };
}

/**
 * The difference later − earlier where both values are valid and inside the parcel (NaN elsewhere), its
 * statistics and how many pixels fell below −threshold. Pure: both value arrays on one grid.
 */
export function differenceOf(
  earlier: Float32Array,
  later: Float32Array,
  inParcel: Uint8Array,
  resolution: number,
  threshold: number,
): { values: Float32Array; stats: ChangeStats; fellCount: number; fellFraction: number } {
  const values = new Float32Array(earlier.length).fill(Number.NaN);
  let fellCount = 0;
  for (let i = 0; i < earlier.length; i++) {
    if (!inParcel[i]) continue;
    const a = earlier[i]!;
    const b = later[i]!;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    // Float32 like the per-date GeoTIFFs, so the difference is exactly theirs.
    const d = Math.fround(b - a);
    values[i] = d;
    if (d < -threshold) fellCount++;
  }
  const stats = computeStats(values, inParcel, resolution);
  return { values, stats, fellCount, fellFraction: stats.count === 0 ? 0 : fellCount / stats.count };
}

function checkThreshold(threshold: number): number {
  if (!Number.isFinite(threshold) || threshold <= 0 || threshold > 2)
    throw new ImageryError('INVALID_INPUT', `change threshold must be in (0, 2], got ${threshold}`);
  return threshold;
}

/**
 * The change of an index over a parcel between two selected acquisitions (see selectScene): both dates'
 * bands are read (SCL masks, mosaics across tiles, as for an image), each date must reach the minimum valid
 * fraction on its own (else AllCloudyError naming that date's scene, as an image request would), then the
 * later date is put on the earlier one's grid (`alignStack`) and the difference later − earlier is taken on
 * the pixels valid on both. Without images (`images: false`) only band reads and arithmetic are done.
 * Throws AllCloudyError (a date too clouded, or no pixel valid on both), CogUnavailableError, ImageryError.
 */
export async function computeChangeMap(
  earlierSelection: SceneSelection,
  laterSelection: SceneSelection,
  options: ChangeMapOptions,
): Promise<ChangeMapResult> {
  assertParcelGeometry(options.geometry);
  const index = typeof options.index === 'string' ? getIndex(options.index) : options.index;
  const threshold = checkThreshold(options.threshold ?? DEFAULT_CHANGE_THRESHOLD);
  const minValid = options.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION;
  const [earlierStack, laterNative] = await Promise.all([
    readDateStack(earlierSelection, index, options),
    readDateStack(laterSelection, index, options),
  ]);

  const dates = [
    { selection: earlierSelection, stack: earlierStack },
    { selection: laterSelection, stack: laterNative },
  ].map(({ selection, stack }) => {
    const values = computeIndexValues(index, stack, options.maskClasses);
    const stats = computeStats(values, stack.inParcel, stack.grid.resX);
    if (stats.count === 0 || stats.validFraction < minValid)
      throw new AllCloudyError(stats.validFraction, selection.acquisition.id, minValid);
    return { values, stats, scene: { ...selection.scene, epsg: stack.grid.epsg } };
  });
  const [first, second] = dates as [(typeof dates)[0], (typeof dates)[0]];

  const { stack: laterStack, resampled } = alignStack(earlierStack, laterNative);
  const grid = earlierStack.grid;
  const inParcel = earlierStack.inParcel;
  const laterValues = resampled ? computeIndexValues(index, laterStack, options.maskClasses) : second.values;
  const diff = differenceOf(first.values, laterValues, inParcel, grid.resX, threshold);
  if (diff.stats.count === 0) throw new AllCloudyError(0, laterSelection.acquisition.id, minValid);

  const result: ChangeMapResult = {
    index: index.code,
    earlier: { scene: first.scene, stats: first.stats },
    later: { scene: second.scene, stats: second.stats },
    alignment: resampled ? 'resampled' : 'native',
    stats: diff.stats,
    threshold,
    fellCount: diff.fellCount,
    fellFraction: diff.fellFraction,
    legend: CHANGE_LEGEND,
    difference: diff.values,
  };
  if (options.images === false) return result;

  const render = (values: Float32Array, legend: ReadonlyArray<LegendInterval>, range: readonly [number, number]) =>
    renderIndexMap({
      values,
      inParcel,
      grid,
      epsg: grid.epsg,
      geometry: options.geometry,
      legend,
      range,
      maxWidth: options.width,
      maxHeight: options.height,
    });
  const rendered = render(diff.values, CHANGE_LEGEND, CHANGE_RANGE);
  rendered.values.meta = {
    index: index.code,
    kind: 'change',
    earlierSceneId: first.scene.id,
    laterSceneId: second.scene.id,
  };
  const legend = options.legend ?? index.legend;
  const before = render(countedValues(first.values, inParcel), legend, index.range);
  const after = render(countedValues(laterValues, inParcel), legend, index.range);
  const [png, earlierPng, laterPng] = await Promise.all([
    encodePng(rendered.rgba, rendered.width, rendered.height),
    encodePng(before.rgba, before.width, before.height),
    encodePng(after.rgba, after.width, after.height),
  ]);
  result.map = {
    bounds: rendered.bounds,
    png,
    valuesGrid: rendered.values,
    geotiff: encodeNativeGeoTiff(diff.values, grid),
    earlierPng,
    laterPng,
    width: rendered.width,
    height: rendered.height,
    scale: rendered.scale,
    upscaled: rendered.upscaled,
  };
  return result;
}

/**
 * The whole path: each window resolved to its clearest acquisition (selectScene, as an image request), then
 * computeChangeMap. Throws NoSceneError, AllCloudyError, CatalogUnavailableError, CogUnavailableError.
 */
export async function computeChange(options: ComputeChangeOptions): Promise<ChangeMapResult> {
  const { earlier, later, ...rest } = options;
  const [a, b] = await Promise.all([
    selectScene({ ...rest, start: earlier.start, end: earlier.end }),
    selectScene({ ...rest, start: later.start, end: later.end }),
  ]);
  return computeChangeMap(a, b, rest);
}
