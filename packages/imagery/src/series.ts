import type { CogReader } from './cog/reader.ts';
import { computeIndexValues, DEFAULT_MIN_VALID_FRACTION } from './compute.ts';
import type { ParcelGeometry } from '@filaha/shared/geometry';
import { assertParcelGeometry } from './geo/geometry.ts';
import { getIndex, type IndexDefinition } from './indices.ts';
import { readBandStack, withBandStack } from './raster/band-stack.ts';
import { mosaicStacks } from './raster/mosaic.ts';
import { computeStats, type IndexStats } from './raster/stats.ts';
import { assessAcquisition, groupAcquisitions, type MaskOptions } from './scene.ts';
import type { Catalog } from './stac/catalog.ts';
import type { Acquisition } from './stac/item.ts';

/** One acquisition of the season curve: the statistics of its valid pixels inside the parcel. */
export interface SeriesPoint {
  /** UTC day of the acquisition, YYYY-MM-DD. */
  date: string;
  datetime: string;
  /** The primary tile's item id (the key a point is stored under). */
  sceneId: string;
  /** The tiles read, primary first (several on a tile seam). */
  tiles: string[];
  stats: IndexStats;
}

export type SeriesSkipReason = 'CLOUDY' | 'OUTSIDE_COVERAGE' | 'MISSING_BAND';

/** An acquisition left out of the curve, and why. */
export interface SeriesSkip {
  date: string;
  sceneId: string;
  reason: SeriesSkipReason;
  /** The valid share of the parcel, for CLOUDY. */
  validFraction?: number;
  /** The band assets the item lacks, for MISSING_BAND. */
  missing?: string[];
}

export interface SeriesOptions {
  catalog: Catalog;
  geometry: ParcelGeometry;
  index: string | IndexDefinition;
  /** Inclusive days, YYYY-MM-DD. */
  from: string;
  to: string;
  minValidFraction?: number;
  maskClasses?: ReadonlyArray<number>;
  cloudBufferM?: number;
  reader?: CogReader;
  /**
   * Scene ids already known (stored points and skips): not read again. The caller merges them with the
   * answer, so a repeated request reads nothing but the catalog search.
   */
  known?: ReadonlySet<string>;
  /** Acquisitions processed at once (default 3): bounds memory and the load on the COG host. */
  concurrency?: number;
}

export interface SeriesResult {
  /** Oldest first. */
  points: SeriesPoint[];
  skipped: SeriesSkip[];
}

/**
 * The season curve of one parcel for one index: every acquisition in [from, to] over the parcel, each assessed
 * on its SCL band first (20 m, cheap); only those whose valid share reaches `minValidFraction` have their index
 * bands read. Tiles of one acquisition are mosaicked as for an image, so a point is exactly the statistics an
 * image of that date would show.
 */
export async function computeSeries(options: SeriesOptions): Promise<SeriesResult> {
  assertParcelGeometry(options.geometry);
  const index = typeof options.index === 'string' ? getIndex(options.index) : options.index;
  const reader = options.reader ?? options.catalog.reader;
  const minValidFraction = options.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION;
  const masks = { maskClasses: options.maskClasses, cloudBufferM: options.cloudBufferM };
  const required = ['scl', ...index.bands.filter((b) => b !== 'scl')];
  const skipped: SeriesSkip[] = [];
  const incomplete = new Map<string, { item: Acquisition; missing: string[] }>();
  const found = await options.catalog.search({
    geometry: options.geometry,
    start: options.from,
    end: options.to,
    requiredAssets: required,
    onIncomplete: (item, missing) => incomplete.set(item.id, { item, missing }),
  });
  const complete = found.filter((a) => {
    const missing = required.filter((b) => a.assets[b] === undefined);
    if (missing.length > 0) incomplete.set(a.id, { item: a, missing });
    return missing.length === 0;
  });
  const groups = groupAcquisitions(complete);
  const covered = new Set(groups.map((g) => `${g[0]!.platform}|${g[0]!.date}`));
  for (const { item, missing } of incomplete.values()) {
    // A defective copy of an acquisition that another tile provides completely is not a gap in the curve.
    if (covered.has(`${item.platform}|${item.date}`) || options.known?.has(item.id)) continue;
    skipped.push({ date: item.date, sceneId: item.id, reason: 'MISSING_BAND', missing });
  }

  const points: SeriesPoint[] = [];
  const todo = groups.filter((g) => !g.some((a) => options.known?.has(a.id)));
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const settings = { minValidFraction, ...masks };
  for (let i = 0; i < todo.length; i += concurrency) {
    const batch = todo.slice(i, i + concurrency);
    const done = await Promise.all(
      batch.map(
        async (group) => (await computeAcquisitionPoints(reader, group, options.geometry, [index], settings))[0]!,
      ),
    );
    for (const entry of done) {
      if ('stats' in entry) points.push(entry);
      else skipped.push(entry);
    }
  }
  points.sort((a, b) => a.datetime.localeCompare(b.datetime));
  skipped.sort((a, b) => a.date.localeCompare(b.date) || a.sceneId.localeCompare(b.sceneId));
  return { points, skipped };
}

/** The settings a season point is computed with (the same for the curve, the jobs and the tile pass). */
export interface PointSettings {
  minValidFraction: number;
  maskClasses?: ReadonlyArray<number>;
  cloudBufferM?: number;
  /** SCL buffered once for many parcels, with these maskClasses and cloudBufferM (the tile pass). */
  bufferedScl?: MaskOptions['bufferedScl'];
  /** Arrays of a caller computing one parcel at a time (a lane of the tile pass): see BandStackOptions.pool. */
  pool?: MaskOptions['pool'];
}

/** The finest band's grid of an index in one tile: indices on the same grid share one band stack. */
async function gridKey(reader: CogReader, tile: Acquisition, index: IndexDefinition): Promise<string> {
  const infos = await Promise.all(index.bands.map((b) => reader.open(tile.assets[b]!.href)));
  const finest = infos.reduce((best, info) => (info.resX < best.resX ? info : best));
  return `${finest.resX}|${finest.resY}|${finest.originX}|${finest.originY}|${finest.epsg ?? tile.epsg}`;
}

/**
 * The season point of one parcel on one acquisition (its tiles, `group`) for each of `indices`, in their order:
 * the one pixel path of the curve, the background jobs and the tile pass (tile-pass.ts). The acquisition is
 * assessed on SCL (20 m) once; when the parcel is covered and clear enough, the bands of the indices that share
 * a grid are read as one stack (per tile, mosaicked on a seam) and each index's statistics computed on it. A point
 * whose counted 10 m share falls below the minimum is a CLOUDY skip, as for an image of that date.
 */
export async function computeAcquisitionPoints(
  reader: CogReader,
  group: ReadonlyArray<Acquisition>,
  geometry: ParcelGeometry,
  indices: ReadonlyArray<IndexDefinition>,
  settings: PointSettings,
): Promise<Array<SeriesPoint | SeriesSkip>> {
  const masks = {
    maskClasses: settings.maskClasses,
    cloudBufferM: settings.cloudBufferM,
    bufferedScl: settings.bufferedScl,
    pool: settings.pool,
  };
  const minValidFraction = settings.minValidFraction;
  const candidate = await assessAcquisition(reader, group, geometry, masks);
  const base = { date: candidate.acquisition.date, sceneId: candidate.acquisition.id };
  if (candidate.coveredFraction === 0) return indices.map(() => ({ ...base, reason: 'OUTSIDE_COVERAGE' as const }));
  if (candidate.validFraction < minValidFraction || candidate.validFraction === 0)
    return indices.map(() => ({ ...base, reason: 'CLOUDY' as const, validFraction: candidate.validFraction }));

  const byGrid = new Map<string, IndexDefinition[]>();
  for (const index of indices) {
    const key = await gridKey(reader, candidate.acquisition, index);
    byGrid.set(key, [...(byGrid.get(key) ?? []), index]);
  }
  const results = new Map<IndexDefinition, SeriesPoint | SeriesSkip>();
  for (const sharing of byGrid.values()) {
    const bands = [...new Set(sharing.flatMap((index) => index.bands))];
    const pointOf = (stats: IndexStats): SeriesPoint | SeriesSkip =>
      // The same rule as an image of that date: the share of counted 10 m pixels must reach the minimum too.
      stats.count === 0 || stats.validFraction < minValidFraction
        ? { ...base, reason: 'CLOUDY', validFraction: stats.validFraction }
        : { ...base, datetime: candidate.acquisition.datetime, tiles: candidate.tiles.map((t) => t.id), stats };
    if (candidate.tiles.length === 1) {
      // One tile: only the parcel's pixels are computed, in arrays kept between parcels (withBandStack).
      const points = await withBandStack(
        reader,
        candidate.tiles[0]!,
        bands,
        geometry,
        { scl: true, ...masks, parcelOnly: true },
        (stack, pool) =>
          sharing.map((index) => {
            const values = computeIndexValues(
              index,
              stack,
              masks.maskClasses,
              stack.inParcel,
              pool.f32('values', stack.inParcel.length),
            );
            return pointOf(computeStats(values, stack.inParcel, stack.grid.resX));
          }),
      );
      sharing.forEach((index, i) => results.set(index, points[i]!));
      continue;
    }
    // A mosaic takes the other tiles' pixels under the primary's, whichever of theirs they are: whole stacks.
    const stacks = await Promise.all(
      candidate.tiles.map((t) => readBandStack(reader, t, bands, geometry, { scl: true, ...masks })),
    );
    const stack = mosaicStacks(stacks[0]!, stacks.slice(1)).stack;
    for (const index of sharing)
      results.set(
        index,
        pointOf(computeStats(computeIndexValues(index, stack, masks.maskClasses), stack.inParcel, stack.grid.resX)),
      );
  }
  return indices.map((index) => results.get(index)!);
}
