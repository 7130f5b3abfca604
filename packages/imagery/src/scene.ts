import type { CogReader } from './cog/reader.ts';
import { AllCloudyError, CatalogUnavailableError, NoSceneError } from './errors.ts';
import { geometryRings, ringsContain, ringsIntersect, type ParcelGeometry } from './geo/geometry.ts';
import { readBandStack } from './raster/band-stack.ts';
import { sclLookup, summarizeScl, type SclSummary } from './raster/masks.ts';
import type { Catalog } from './stac/catalog.ts';
import type { Acquisition } from './stac/item.ts';

export interface SceneCandidate extends SclSummary {
  acquisition: Acquisition;
}

/** Overlapping MGRS tiles publish the same acquisition twice: same platform, same UTC day. */
const acquisitionKey = (a: Acquisition) => `${a.platform ?? a.id.slice(0, 3)}|${a.date}`;

/**
 * One item per acquisition: among duplicates prefer the one whose footprint contains the whole parcel,
 * then the one sharing more of it, then the lower tile-wide cloud cover.
 */
export function dedupeAcquisitions(items: ReadonlyArray<Acquisition>, geometry: ParcelGeometry): Acquisition[] {
  const parcel = geometryRings(geometry);
  const rank = (a: Acquisition) => {
    if (!a.footprint) return 1;
    const footprint = geometryRings(a.footprint);
    if (ringsContain(footprint, parcel)) return 3;
    return ringsIntersect(footprint, parcel) ? 2 : 0;
  };
  const groups = new Map<string, Acquisition[]>();
  for (const item of items) {
    const key = acquisitionKey(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()]
    .map((group) =>
      group.reduce((best, item) => {
        const diff = rank(item) - rank(best);
        if (diff !== 0) return diff > 0 ? item : best;
        return (item.cloudCover ?? 100) < (best.cloudCover ?? 100) ? item : best;
      }),
    )
    .sort((a, b) => a.datetime.localeCompare(b.datetime));
}

/** Cheap assessment of one acquisition: read only its SCL (20 m) over the parcel. */
export async function assessScene(
  reader: CogReader,
  acquisition: Acquisition,
  geometry: ParcelGeometry,
  maskClasses?: ReadonlyArray<number>,
): Promise<SceneCandidate> {
  const stack = await readBandStack(reader, acquisition, [], geometry, { scl: true });
  return { acquisition, ...summarizeScl(stack.scl!, stack.inParcel, sclLookup(maskClasses)) };
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
  minValidFraction: number;
}): Promise<{ before: string | null; after: string | null }> {
  const { catalog, reader, geometry, days } = options;
  const startDay = options.start.slice(0, 10);
  const endDay = options.end.slice(0, 10);
  const wideStart = new Date(Date.parse(`${startDay}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  const wideEnd = new Date(Date.parse(`${endDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const items = dedupeAcquisitions(
    (await catalog.search({ geometry, start: wideStart, end: wideEnd })).filter(options.usable),
    geometry,
  );
  const firstClear = async (side: Acquisition[]): Promise<string | null> => {
    const probes = side.slice(0, CLEAR_PROBES_PER_SIDE);
    const assessed = await Promise.all(probes.map((a) => assessScene(reader, a, geometry, options.maskClasses)));
    const clear = assessed.find((c) => c.coveredFraction > 0 && c.validFraction >= options.minValidFraction);
    return clear ? clear.acquisition.date : null;
  };
  const [before, after] = await Promise.all([
    firstClear(items.filter((a) => a.date < startDay).sort((a, b) => b.date.localeCompare(a.date))),
    firstClear(items.filter((a) => a.date > endDay).sort((a, b) => a.date.localeCompare(b.date))),
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
  const acquisitions = dedupeAcquisitions(found, geometry);
  const assessed = await Promise.all(acquisitions.map((a) => assessScene(reader, a, geometry, options.maskClasses)));
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
      minValidFraction: Math.max(options.minValidFraction, Number.EPSILON),
    });
    throw new AllCloudyError(chosen.validFraction, chosen.acquisition.id, options.minValidFraction, nearest);
  }
  return { chosen, candidates };
}
