import { geometryRings, type ParcelGeometry } from '@filaha/shared/geometry';
import type { CogInfo, CogReader } from './cog/reader.ts';
import { ArrayPool, bufferedSclWindow } from './raster/band-stack.ts';
import { DEFAULT_CLOUD_BUFFER_M } from './raster/masks.ts';
import type { SourceWindow } from './raster/resample.ts';
import { DEFAULT_MIN_VALID_FRACTION } from './compute.ts';
import { assertParcelGeometry } from './geo/geometry.ts';
import { flatRingsBBox, projectRings } from './geo/project.ts';
import { getIndex, type IndexDefinition } from './indices.ts';
import { footprintRank } from './scene.ts';
import { computeAcquisitionPoints, type SeriesPoint, type SeriesSkip } from './series.ts';
import type { Acquisition } from './stac/item.ts';

/**
 * The tile pass (issue 29 §1): the season points of every watched parcel under one tile (one STAC item) of one
 * acquisition, computed the way the area-monitoring systems do — along the tile, so that each internal block of
 * each band is read and decoded once for all the parcels it holds, not once per parcel.
 *
 * The pixels go through the very code of the farmer's curve (computeAcquisitionPoints: the same masks, cloud
 * buffer, mask-aware resampling, minimum valid share, mosaic with the other tiles of the pass on a seam), so a
 * point of the pass is the point the curve would store. What differs is the order: the parcels are taken from
 * north to south along the tile's rows, a few at once, through a reader whose block cache holds the few block rows
 * being worked on (tilePassCacheBytes). A block row is left behind for good once the parcels have moved south of
 * it, so the least recently used blocks the cache drops are never needed again: each block is read at most once
 * and memory stays bounded (the whole tile is never held).
 */

export interface TilePassParcel {
  id: number;
  geometry: ParcelGeometry;
}

export interface TilePassOptions {
  /**
   * The reader the pass streams the tile through. Its block cache must hold the blocks of the rows being worked
   * on (tilePassCacheBytes); a smaller one reads blocks again (reader.stats tells).
   */
  reader: CogReader;
  /** Every tile of the acquisition known now (same platform, same UTC day), the pass's tile among them. */
  group: ReadonlyArray<Acquisition>;
  /** The pass's tile (an id of `group`): the parcels are ordered along its rows. */
  tileId: string;
  /** The parcels to compute (see tileParcels for which ones a tile's pass owns). */
  parcels: ReadonlyArray<TilePassParcel>;
  indices: ReadonlyArray<string | IndexDefinition>;
  minValidFraction?: number;
  maskClasses?: ReadonlyArray<number>;
  cloudBufferM?: number;
  /** Parcels in flight at once (default 8): their block reads overlap and inflate on the thread pool. */
  concurrency?: number;
  /**
   * Told each parcel's entries as soon as they are computed (one per index, in `indices` order), so the caller
   * can store them in batches; awaited, so a slow store holds the pass back rather than piling results up.
   */
  onParcel?: (parcelId: number, entries: TilePassEntry[]) => void | Promise<void>;
}

export interface TilePassEntry {
  index: string;
  /** A point, or the reason the acquisition gives none for this parcel (CLOUDY, OUTSIDE_COVERAGE, MISSING_BAND). */
  result: SeriesPoint | SeriesSkip;
}

export interface TilePassResult {
  parcels: number;
  points: number;
  skips: number;
  /** Parcel × index results, when no onParcel was given. */
  entries: Array<{ parcelId: number } & TilePassEntry>;
}

/**
 * The tile of `group` whose pass computes the parcel's point, or null when no tile touches it: a tile whose
 * footprint contains the parcel (the clearest, then by id: the tile assessAcquisition tries alone first), else the
 * first touching tile by id. Every tile of the pass answers the same for a given group, so a parcel on a seam is
 * computed once, by one pass, which reads the neighbouring tile's few blocks it needs for the mosaic.
 */
export function owningTile(group: ReadonlyArray<Acquisition>, geometry: ParcelGeometry): Acquisition | null {
  const parcel = geometryRings(geometry);
  const touching = group.filter((tile) => footprintRank(tile, parcel) > 0);
  const containing = touching
    .filter((tile) => footprintRank(tile, parcel) === 3)
    .sort((a, b) => (a.cloudCover ?? 100) - (b.cloudCover ?? 100) || a.id.localeCompare(b.id));
  return containing[0] ?? [...touching].sort((a, b) => a.id.localeCompare(b.id))[0] ?? null;
}

/** Of `parcels`, those whose point for this acquisition the pass of `tileId` computes (owningTile). */
export function tileParcels<P extends TilePassParcel>(
  group: ReadonlyArray<Acquisition>,
  tileId: string,
  parcels: ReadonlyArray<P>,
): P[] {
  return parcels.filter((p) => owningTile(group, p.geometry)?.id === tileId);
}

/**
 * Decoded-block budget for a pass over `infos` (the bands it reads in its tile): `rows` block rows of every band,
 * the rows the parcels in flight can touch at once (a parcel's window, its 20 m margins and the cloud buffer span
 * at most two block rows of 1024 px; a third covers the parcels in flight straddling the next).
 */
export function tilePassCacheBytes(infos: ReadonlyArray<CogInfo>, bytesPerSample: (info: CogInfo) => number, rows = 3) {
  let bytes = 0;
  for (const info of infos) {
    const across = Math.ceil(info.width / info.tileWidth);
    bytes += rows * across * info.tileWidth * info.tileHeight * bytesPerSample(info);
  }
  return bytes;
}

/**
 * SCL pixels (20 m) the pass's buffered SCL reaches beyond its parcels' boxes, besides the cloud buffer: a parcel's
 * grid has one pixel of margin and its SCL read one more (band-stack.ts), plus one for rounding.
 */
const SCL_PAD = 3;
/** How far beyond its tile's edge (SCL pixels, 20 km) the pass's buffered SCL may reach for parcels on a seam. */
const SCL_BEYOND = 1024;

/** Computes the season points of `parcels` on the acquisition of `group`, streaming `tileId` north to south. */
export async function computeTilePass(options: TilePassOptions): Promise<TilePassResult> {
  const tile = options.group.find((t) => t.id === options.tileId);
  if (!tile) throw new Error(`tile ${options.tileId} is not in the acquisition's group`);
  const indices = options.indices.map((i) => (typeof i === 'string' ? getIndex(i) : i));
  const settings = {
    minValidFraction: options.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION,
    maskClasses: options.maskClasses,
    cloudBufferM: options.cloudBufferM,
  };
  // An index whose band the tile lacks gives no point (a catalog defect, never stored): MISSING_BAND.
  const usable = indices.filter((index) => ['scl', ...index.bands].every((b) => tile.assets[b] !== undefined));
  const missing = new Map(
    indices
      .filter((index) => !usable.includes(index))
      .map((index) => [index, ['scl', ...index.bands].filter((b) => tile.assets[b] === undefined)]),
  );
  const sclHref = tile.assets.scl!.href;
  const sclInfo = await options.reader.open(sclHref);
  const epsg = sclInfo.epsg ?? tile.epsg;
  if (epsg === null) throw new Error(`tile ${tile.id} has no CRS`);

  // North to south along the tile's rows (then west to east): the parcels in flight share their blocks.
  const ordered = options.parcels
    .map((parcel) => {
      assertParcelGeometry(parcel.geometry);
      return { parcel, box: flatRingsBBox(projectRings(geometryRings(parcel.geometry), epsg)) };
    })
    .sort((a, b) => b.box[3] - a.box[3] || a.box[0] - b.box[0] || a.parcel.id - b.parcel.id);

  // The tile's SCL over the parcels, its clouds buffered once (the reads of SCL and the buffering were a third of
  // each parcel's cost): every parcel whose SCL window lies inside takes its classes from it.
  let bufferedScl: Map<string, SourceWindow> | undefined;
  if (ordered.length > 0) {
    const extent = [Infinity, Infinity, -Infinity, -Infinity];
    for (const { box } of ordered) {
      extent[0] = Math.min(extent[0]!, box[0]);
      extent[1] = Math.min(extent[1]!, box[1]);
      extent[2] = Math.max(extent[2]!, box[2]);
      extent[3] = Math.max(extent[3]!, box[3]);
    }
    const pad = SCL_PAD + Math.ceil(Math.max(0, options.cloudBufferM ?? DEFAULT_CLOUD_BUFFER_M) / sclInfo.resX);
    const window = {
      col0: Math.floor((extent[0]! - sclInfo.originX) / sclInfo.resX) - pad,
      col1: Math.ceil((extent[2]! - sclInfo.originX) / sclInfo.resX) + pad,
      row0: Math.floor((sclInfo.originY - extent[3]!) / sclInfo.resY) - pad,
      row1: Math.ceil((sclInfo.originY - extent[1]!) / sclInfo.resY) + pad,
    };
    // Parcels on the tile's edge read beyond it (no data there, a seam's other tile fills it): the window reaches as
    // far as their reads, up to SCL_BEYOND pixels out (a parcel further out reads its own).
    bufferedScl = new Map([[sclHref, await bufferedSclWindow(options.reader, sclHref, window, settings, SCL_BEYOND)]]);
  }
  const pointSettings = { ...settings, bufferedScl };

  const result: TilePassResult = { parcels: 0, points: 0, skips: 0, entries: [] };
  let next = 0;
  const work = async () => {
    // One parcel at a time in this lane: its arrays are kept from one parcel to the next (BandStackOptions.pool).
    const lane = { ...pointSettings, pool: new ArrayPool() };
    while (next < ordered.length) {
      const { parcel } = ordered[next++]!;
      const computed =
        usable.length > 0
          ? await computeAcquisitionPoints(options.reader, options.group, parcel.geometry, usable, lane)
          : [];
      const entries: TilePassEntry[] = indices.map((index) => {
        const at = usable.indexOf(index);
        if (at >= 0) return { index: index.code, result: computed[at]! };
        return {
          index: index.code,
          result: { date: tile.date, sceneId: tile.id, reason: 'MISSING_BAND', missing: missing.get(index)! },
        };
      });
      result.parcels += 1;
      for (const entry of entries) {
        if ('stats' in entry.result) result.points += 1;
        else result.skips += 1;
      }
      if (options.onParcel) await options.onParcel(parcel.id, entries);
      else for (const entry of entries) result.entries.push({ parcelId: parcel.id, ...entry });
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 8, ordered.length));
  await Promise.all(Array.from({ length: concurrency }, work));
  return result;
}
