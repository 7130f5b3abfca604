import type { CogReader } from './cog/reader.ts';
import { AllCloudyError, CatalogUnavailableError, NoSceneError } from './errors.ts';
import { geometryRings, ringsContain, ringsIntersect, type ParcelGeometry } from '@filaha/shared/geometry';
import { readBandStack, withBandStack, type BandStackOptions } from './raster/band-stack.ts';
import { maskLookup, summarizeScl, type SclSummary } from './raster/masks.ts';
import { mosaicStacks } from './raster/mosaic.ts';
import type { Catalog } from './stac/catalog.ts';
import type { Acquisition } from './stac/item.ts';

export interface SceneCandidate extends SclSummary {
  /** The primary tile: the one covering most of the parcel with valid pixels (its grid is the result's). */
  acquisition: Acquisition;
  /**
   * The tiles the result is made of, primary first: more than one when no single tile of the acquisition
   * covers the whole parcel and the others fill the gap (a mosaic). The summary is the mosaic's.
   */
  tiles: Acquisition[];
}

/** Masking options shared by the assessment and the computation. */
export interface MaskOptions {
  maskClasses?: ReadonlyArray<number>;
  cloudBufferM?: number;
  /** SCL buffered once for many parcels (BandStackOptions.bufferedScl: the tile pass). */
  bufferedScl?: BandStackOptions['bufferedScl'];
  /** Arrays of a caller reading one parcel at a time (BandStackOptions.pool: a lane of the tile pass). */
  pool?: BandStackOptions['pool'];
}

/**
 * Overlapping MGRS tiles publish the same acquisition several times: same platform, same UTC day (one datatake).
 * The key of one acquisition (one point of a curve, one entry of the catalog poll).
 */
export const acquisitionKey = (a: Acquisition) => `${a.platform ?? a.id.slice(0, 3)}|${a.date}`;

/** The items of each acquisition (the tiles of one datatake), oldest acquisition first. */
export function groupAcquisitions(items: ReadonlyArray<Acquisition>): Acquisition[][] {
  const groups = new Map<string, Acquisition[]>();
  for (const item of items) {
    const key = acquisitionKey(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()].sort((a, b) => a[0]!.datetime.localeCompare(b[0]!.datetime));
}

/** 3: the footprint contains the parcel; 2: it intersects it; 1: no footprint published; 0: disjoint. */
export function footprintRank(a: Acquisition, parcel: ReturnType<typeof geometryRings>): number {
  if (!a.footprint) return 1;
  const footprint = geometryRings(a.footprint);
  if (ringsContain(footprint, parcel)) return 3;
  return ringsIntersect(footprint, parcel) ? 2 : 0;
}

/**
 * One item per acquisition by footprint alone (no pixel read): the one whose footprint contains the whole
 * parcel, then one sharing part of it, then the lower tile-wide cloud cover. The scene choice itself ranks
 * tiles by the valid pixels they cover and mosaics them (assessAcquisition).
 */
export function dedupeAcquisitions(items: ReadonlyArray<Acquisition>, geometry: ParcelGeometry): Acquisition[] {
  const parcel = geometryRings(geometry);
  return groupAcquisitions(items).map((group) =>
    group.reduce((best, item) => {
      const diff = footprintRank(item, parcel) - footprintRank(best, parcel);
      if (diff !== 0) return diff > 0 ? item : best;
      return (item.cloudCover ?? 100) < (best.cloudCover ?? 100) ? item : best;
    }),
  );
}

/** Cheap assessment of one tile: read only its SCL (20 m) over the parcel. */
export async function assessScene(
  reader: CogReader,
  acquisition: Acquisition,
  geometry: ParcelGeometry,
  maskClasses?: ReadonlyArray<number>,
  cloudBufferM?: number,
  bufferedScl?: BandStackOptions['bufferedScl'],
  pool?: BandStackOptions['pool'],
): Promise<SceneCandidate> {
  const summary = await withBandStack(
    reader,
    acquisition,
    [],
    geometry,
    { scl: true, maskClasses, cloudBufferM, bufferedScl, pool },
    (stack) => summarizeScl(stack.scl!, stack.inParcel, maskLookup(maskClasses)),
  );
  return { acquisition, tiles: [acquisition], ...summary };
}

const FULL = 1 - 1e-9;

/**
 * Assesses one acquisition published as several tiles (SCL only). A tile whose footprint contains the parcel
 * and whose data covers it is taken alone (one SCL read). Otherwise every tile touching the parcel is read,
 * ranked by the share of the parcel it covers with valid pixels (then by coverage, then id), and when the
 * best one leaves part of the parcel without data the others fill it: the summary is the mosaic's.
 */
export async function assessAcquisition(
  reader: CogReader,
  group: ReadonlyArray<Acquisition>,
  geometry: ParcelGeometry,
  masks: MaskOptions = {},
): Promise<SceneCandidate> {
  const parcel = geometryRings(geometry);
  const touching = group.filter((a) => footprintRank(a, parcel) > 0);
  const tiles = touching.length > 0 ? touching : [...group];
  const containing = tiles
    .filter((a) => footprintRank(a, parcel) === 3)
    .sort((a, b) => (a.cloudCover ?? 100) - (b.cloudCover ?? 100) || a.id.localeCompare(b.id));
  if (containing.length > 0) {
    const alone = await assessScene(
      reader,
      containing[0]!,
      geometry,
      masks.maskClasses,
      masks.cloudBufferM,
      masks.bufferedScl,
      masks.pool,
    );
    if (alone.coveredFraction >= FULL || tiles.length === 1) return alone;
  }
  if (tiles.length === 1)
    return assessScene(
      reader,
      tiles[0]!,
      geometry,
      masks.maskClasses,
      masks.cloudBufferM,
      masks.bufferedScl,
      masks.pool,
    );
  const masked = maskLookup(masks.maskClasses);
  const read = await Promise.all(
    tiles.map(async (acquisition) => {
      const stack = await readBandStack(reader, acquisition, [], geometry, { scl: true, ...masks });
      return { acquisition, stack, summary: summarizeScl(stack.scl!, stack.inParcel, masked) };
    }),
  );
  const ranked = read
    .filter((t) => t.summary.coveredFraction > 0)
    .sort(
      (a, b) =>
        b.summary.validFraction - a.summary.validFraction ||
        b.summary.coveredFraction - a.summary.coveredFraction ||
        a.acquisition.id.localeCompare(b.acquisition.id),
    );
  const primary = ranked[0] ?? read[0]!;
  if (ranked.length < 2 || primary.summary.coveredFraction >= FULL)
    return { acquisition: primary.acquisition, tiles: [primary.acquisition], ...primary.summary };
  const others = ranked.slice(1);
  const { stack, contributed } = mosaicStacks(
    primary.stack,
    others.map((t) => t.stack),
  );
  return {
    acquisition: primary.acquisition,
    tiles: [primary.acquisition, ...others.filter((_, i) => contributed[i]! > 0).map((t) => t.acquisition)],
    ...summarizeScl(stack.scl!, stack.inParcel, masked),
  };
}

const DAY_MS = 86_400_000;

/** Nearest acquisition days before and after the window, from one search widened by `days`. */
export async function nearestDates(
  catalog: Catalog,
  geometry: ParcelGeometry,
  start: string,
  end: string,
  days: number,
  usable: (a: Acquisition) => boolean,
): Promise<{ before: string | null; after: string | null }> {
  const startDay = start.slice(0, 10);
  const endDay = end.slice(0, 10);
  const wideStart = new Date(Date.parse(`${startDay}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  const wideEnd = new Date(Date.parse(`${endDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const items = (await catalog.search({ geometry, start: wideStart, end: wideEnd })).filter(usable);
  const before =
    items
      .filter((a) => a.date < startDay)
      .map((a) => a.date)
      .sort()
      .at(-1) ?? null;
  const after =
    items
      .filter((a) => a.date > endDay)
      .map((a) => a.date)
      .sort()[0] ?? null;
  return { before, after };
}

/** How many acquisitions on each side of the window the cloudy case inspects for a clear one. */
const CLEAR_PROBES_PER_SIDE = 3;

/**
 * For a clouded window: the nearest acquisition days before and after it on which the parcel is visible
 * (valid fraction ≥ `minValidFraction`), from one widened search; only the SCL band of at most
 * CLEAR_PROBES_PER_SIDE acquisitions per side is read (20 m, the parcel's tiles only).
 */
export async function nearestClearDates(options: {
  catalog: Catalog;
  reader: CogReader;
  geometry: ParcelGeometry;
  start: string;
  end: string;
  days: number;
  usable: (a: Acquisition) => boolean;
  maskClasses?: ReadonlyArray<number>;
  cloudBufferM?: number;
  minValidFraction: number;
}): Promise<{ before: string | null; after: string | null }> {
  const { catalog, reader, geometry, days } = options;
  const startDay = options.start.slice(0, 10);
  const endDay = options.end.slice(0, 10);
  const wideStart = new Date(Date.parse(`${startDay}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  const wideEnd = new Date(Date.parse(`${endDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const groups = groupAcquisitions(
    (await catalog.search({ geometry, start: wideStart, end: wideEnd })).filter(options.usable),
  );
  const masks = { maskClasses: options.maskClasses, cloudBufferM: options.cloudBufferM };
  const firstClear = async (side: Acquisition[][]): Promise<string | null> => {
    const probes = side.slice(0, CLEAR_PROBES_PER_SIDE);
    const assessed = await Promise.all(probes.map((g) => assessAcquisition(reader, g, geometry, masks)));
    const clear = assessed.find((c) => c.coveredFraction > 0 && c.validFraction >= options.minValidFraction);
    return clear ? clear.acquisition.date : null;
  };
  const [before, after] = await Promise.all([
    firstClear(groups.filter((g) => g[0]!.date < startDay).sort((a, b) => b[0]!.date.localeCompare(a[0]!.date))),
    firstClear(groups.filter((g) => g[0]!.date > endDay).sort((a, b) => a[0]!.date.localeCompare(b[0]!.date))),
  ]);
  return { before, after };
}

export interface SceneChoice {
  chosen: SceneCandidate;
  candidates: SceneCandidate[];
}

/**
 * Picks the acquisition with the highest valid (SCL-unmasked) fraction INSIDE the parcel; a tie goes to
 * the most recent. Tile-wide `eo:cloud_cover` is ignored: a 4 % cloudy tile can hide the one parcel.
 */
export async function chooseScene(options: {
  catalog: Catalog;
  reader: CogReader;
  geometry: ParcelGeometry;
  start: string;
  end: string;
  bands: ReadonlyArray<string>;
  maskClasses?: ReadonlyArray<number>;
  cloudBufferM?: number;
  minValidFraction: number;
  nearestDays?: number;
  /** Told about each item skipped for a missing band asset (a catalog defect). */
  warn?: (message: string) => void;
}): Promise<SceneChoice> {
  const { catalog, reader, geometry, start, end, bands } = options;
  const required = ['scl', ...bands.filter((b) => b !== 'scl')];
  const usable = (a: Acquisition) => required.every((b) => a.assets[b] !== undefined);
  const incomplete = new Map<string, { item: Acquisition; missing: string[] }>();
  const onIncomplete = (item: Acquisition, missing: string[]) => incomplete.set(item.id, { item, missing });
  const searched = await catalog.search({ geometry, start, end, requiredAssets: required, onIncomplete });
  // Also here, for a Catalog of one's own that ignores requiredAssets.
  const found = searched.filter((a) => {
    const missing = required.filter((b) => a.assets[b] === undefined);
    if (missing.length > 0) onIncomplete(a, missing);
    return missing.length === 0;
  });
  const warn = options.warn ?? ((message: string) => console.warn(`[imagery] ${message}`));
  for (const { item, missing } of incomplete.values())
    warn(`skipping item ${item.id} (${item.collection ?? 'no collection'}): no ${missing.join(', ')} asset`);
  const masks = { maskClasses: options.maskClasses, cloudBufferM: options.cloudBufferM };
  const assessed = await Promise.all(
    groupAcquisitions(found).map((group) => assessAcquisition(reader, group, geometry, masks)),
  );
  const candidates = assessed.filter((c) => c.coveredFraction > 0);
  if (candidates.length === 0 && incomplete.size > 0) {
    const missing = [...new Set([...incomplete.values()].flatMap((i) => i.missing))];
    const ids = [...incomplete.keys()];
    throw new CatalogUnavailableError(
      catalog.sources.join(', ') || 'catalog',
      `no usable item over the parcel: missing band asset ${missing.map((b) => `'${b}'`).join(', ')} in ${ids[0]}${ids.length > 1 ? ` (and ${ids.length - 1} more)` : ''}`,
    );
  }
  if (candidates.length === 0) {
    const { before, after } = await nearestDates(catalog, geometry, start, end, options.nearestDays ?? 30, usable);
    throw new NoSceneError({ start, end }, before, after);
  }
  const chosen = candidates.reduce((best, c) => {
    if (Math.abs(c.validFraction - best.validFraction) > 1e-9) return c.validFraction > best.validFraction ? c : best;
    return c.acquisition.datetime > best.acquisition.datetime ? c : best;
  });
  if (chosen.validFraction < options.minValidFraction || chosen.validFraction === 0) {
    const nearest = await nearestClearDates({
      catalog,
      reader,
      geometry,
      start,
      end,
      days: options.nearestDays ?? 30,
      usable,
      maskClasses: options.maskClasses,
      cloudBufferM: options.cloudBufferM,
      minValidFraction: Math.max(options.minValidFraction, Number.EPSILON),
    });
    throw new AllCloudyError(chosen.validFraction, chosen.acquisition.id, options.minValidFraction, nearest);
  }
  return { chosen, candidates };
}
