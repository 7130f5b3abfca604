import path from 'node:path';
import { geometryBBox, type BBox, type ParcelGeometry } from '@filaha/shared/geometry';
import { offsetFromDate, REFLECTANCE_SCALE, reflectanceDnOffset } from './offset.ts';

/** Earth Search's original L2A collection (mixed processing baselines, `earthsearch:boa_offset_applied`). */
export const SENTINEL2_L2A = 'sentinel-2-l2a';
/** Earth Search's Collection 1 L2A: the whole archive reprocessed, offset declared in the assets' `raster:bands`. */
export const SENTINEL2_C1_L2A = 'sentinel-2-c1-l2a';
/** Collections searched by default, the preferred one first. */
export const DEFAULT_COLLECTIONS: ReadonlyArray<string> = [SENTINEL2_C1_L2A, SENTINEL2_L2A];

/** Asset keys (common names) holding surface reflectance. */
export const REFLECTANCE_ASSETS: ReadonlyArray<string> = [
  'coastal',
  'blue',
  'green',
  'red',
  'rededge1',
  'rededge2',
  'rededge3',
  'nir',
  'nir08',
  'nir09',
  'swir16',
  'swir22',
];

export interface AssetRef {
  /** Resolved location: an http(s) URL or an absolute local path. */
  href: string;
  /** As declared by the item; the reader trusts the GeoTIFF's own grid instead. */
  shape: [number, number] | null;
  transform: number[] | null;
  /** The first `raster:bands` entry's scale and offset (value = DN × scale + offset), when declared. */
  scale: number | null;
  offset: number | null;
}

/** One Sentinel-2 L2A item, reduced to what the engine needs. */
export interface Acquisition {
  id: string;
  collection: string | null;
  datetime: string;
  /** UTC calendar day, YYYY-MM-DD. */
  date: string;
  platform: string | null;
  /** Whole-tile cloud cover in percent (says little about one parcel). */
  cloudCover: number | null;
  epsg: number | null;
  footprint: ParcelGeometry | null;
  bbox: BBox | null;
  processingBaseline: string | null;
  boaOffsetApplied: boolean | null;
  /** DN offset to subtract before scaling by 1/10000 (from `raster:bands` or the baseline rule). */
  dnOffset: number;
  /**
   * Where dnOffset comes from: the assets' `raster:bands` (Collection 1), the flag or baseline rule (offset.ts), or
   * the acquisition date when the item declares none of them (baseline 04.00 from BASELINE_04_FROM).
   */
  offsetSource: 'raster:bands' | 'baseline' | 'date';
  gridCode: string | null;
  /** Reprocessing sequence: the `_1_` of `…_1_L2A` ids, or `s2:sequence`; 0 when unknown. */
  sequence: number;
  /** `s2:generation_time` (ISO), when published: a later one is a newer processing of the same acquisition. */
  generatedAt: string | null;
  /** Keyed by common band name (red, nir, swir16, scl…). */
  assets: Record<string, AssetRef>;
}

/** Band-id aliases some catalogs use (Planetary Computer, Earth Search v0) → Earth Search v1 common names. */
const ASSET_ALIASES: Record<string, string> = {
  B01: 'coastal',
  B02: 'blue',
  B03: 'green',
  B04: 'red',
  B05: 'rededge1',
  B06: 'rededge2',
  B07: 'rededge3',
  B08: 'nir',
  B8A: 'nir08',
  B09: 'nir09',
  B11: 'swir16',
  B12: 'swir22',
  SCL: 'scl',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Resolves an asset href against the item's location (a URL or a local file path). */
export function resolveHref(href: string, itemLocation: string | null): string {
  if (/^file:\/\//i.test(href)) return new URL(href).pathname;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(href)) return href;
  if (itemLocation && /^https?:\/\//i.test(itemLocation)) return new URL(href, itemLocation).href;
  if (path.isAbsolute(href)) return href;
  return itemLocation ? path.resolve(path.dirname(itemLocation), href) : href;
}

function parseEpsg(properties: Json): number | null {
  const epsg = properties['proj:epsg'];
  if (typeof epsg === 'number') return epsg;
  const code = properties['proj:code'];
  const match = typeof code === 'string' ? code.match(/^EPSG:(\d+)$/i) : null;
  return match ? Number(match[1]) : null;
}

function numberArray(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'number') ? (value as number[]) : null;
}

/** Start time of a STAC item's properties (datetime, else start_datetime), or null. */
function itemDatetime(properties: Json): string | null {
  const datetime =
    typeof properties.datetime === 'string'
      ? properties.datetime
      : typeof properties.start_datetime === 'string'
        ? properties.start_datetime
        : null;
  return datetime && !Number.isNaN(Date.parse(datetime)) ? datetime : null;
}

/**
 * Why a feature that claims to be a STAC item (`type: 'Feature'`) cannot be used — no string id, no valid
 * datetime, `assets` not an object, no asset with an href —, or null when it is usable or is not an item at
 * all. A catalog whose answer holds only such items is broken (CATALOG_UNAVAILABLE), not empty (NO_SCENE).
 */
export function itemProblem(raw: unknown): { reason: string; datetime: string | null } | null {
  if (!isObject(raw) || raw.type !== 'Feature') return null;
  const datetime = itemDatetime(isObject(raw.properties) ? raw.properties : {});
  const problem = (reason: string) => ({ reason: `item ${JSON.stringify(raw.id ?? null)}: ${reason}`, datetime });
  if (typeof raw.id !== 'string') return problem('id is not a string');
  if (!datetime) return problem('no valid datetime');
  if (!isObject(raw.assets)) return problem('assets is not an object');
  const hasHref = Object.values(raw.assets).some((asset) => isObject(asset) && typeof asset.href === 'string');
  if (!hasHref) return problem('no asset has an href');
  return null;
}

/**
 * The DN offset the reflectance assets declare in `raster:bands` (reflectance = DN × scale + offset, hence
 * (DN − dnOffset) / 10000 with dnOffset = −offset / scale), or null when they declare none, or declare one
 * the engine cannot express as a DN offset at scale 1/10000 (another scale, bands that disagree): the
 * baseline rule applies then. Collection 1 items declare scale 0.0001 and offset −0.1 → 1000.
 */
export function rasterBandsDnOffset(assets: Readonly<Record<string, AssetRef>>): number | null {
  const declared = REFLECTANCE_ASSETS.map((key) => assets[key]).filter(
    (a): a is AssetRef => a !== undefined && a.scale !== null,
  );
  if (declared.length === 0) return null;
  const offsets = declared.map((a) => {
    if (Math.abs(a.scale! * REFLECTANCE_SCALE - 1) > 1e-9) return Number.NaN;
    return Math.round((-(a.offset ?? 0) / a.scale!) * 1000) / 1000;
  });
  const first = offsets[0]!;
  return Number.isFinite(first) && offsets.every((o) => o === first) ? first + 0 : null;
}

/** Items whose offset was decided by their date and already logged (bounded: forgotten all at once when full). */
const dateDecisionsLogged = new Set<string>();
const DATE_DECISIONS_REMEMBERED = 10_000;

function logDateDecision(item: { id: string; date: string; dnOffset: number }, warn: (message: string) => void) {
  if (dateDecisionsLogged.has(item.id)) return;
  if (dateDecisionsLogged.size >= DATE_DECISIONS_REMEMBERED) dateDecisionsLogged.clear();
  dateDecisionsLogged.add(item.id);
  warn(
    `item ${item.id} declares neither earthsearch:boa_offset_applied, a raster:bands offset nor ` +
      `s2:processing_baseline: reflectance offset ${item.dnOffset} chosen from its acquisition date ${item.date}`,
  );
}

export interface ParseItemOptions {
  /** Where the one-time note of an offset decided by the date goes (default console.warn). */
  warn?: (message: string) => void;
}

/**
 * Parses a STAC item; returns null for anything that is not a usable item (so one bad feature in a page
 * does not sink a search). `itemLocation` is the URL or path of the item JSON, for relative hrefs.
 */
export function parseItem(
  raw: unknown,
  itemLocation: string | null,
  { warn = (message) => console.warn(`[imagery] ${message}`) }: ParseItemOptions = {},
): Acquisition | null {
  if (!isObject(raw) || raw.type !== 'Feature' || typeof raw.id !== 'string') return null;
  const properties = isObject(raw.properties) ? raw.properties : {};
  const datetime = itemDatetime(properties);
  if (!datetime) return null;
  const assets: Record<string, AssetRef> = {};
  if (isObject(raw.assets)) {
    for (const [key, value] of Object.entries(raw.assets)) {
      if (!isObject(value) || typeof value.href !== 'string') continue;
      const shape = numberArray(value['proj:shape']);
      const rasterBand = Array.isArray(value['raster:bands']) ? value['raster:bands'][0] : undefined;
      const band = isObject(rasterBand) ? rasterBand : {};
      assets[ASSET_ALIASES[key] ?? key] = {
        href: resolveHref(value.href, itemLocation),
        shape: shape && shape.length === 2 ? [shape[0]!, shape[1]!] : null,
        transform: numberArray(value['proj:transform']),
        scale: typeof band.scale === 'number' && Number.isFinite(band.scale) ? band.scale : null,
        offset: typeof band.offset === 'number' && Number.isFinite(band.offset) ? band.offset : null,
      };
    }
  }
  const geometry = isObject(raw.geometry) ? raw.geometry : null;
  const footprint =
    geometry && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') && Array.isArray(geometry.coordinates)
      ? (geometry as unknown as ParcelGeometry)
      : null;
  const bboxRaw = numberArray(raw.bbox);
  const bbox: BBox | null =
    bboxRaw && bboxRaw.length >= 4
      ? bboxRaw.length === 6
        ? [bboxRaw[0]!, bboxRaw[1]!, bboxRaw[3]!, bboxRaw[4]!]
        : [bboxRaw[0]!, bboxRaw[1]!, bboxRaw[2]!, bboxRaw[3]!]
      : footprint
        ? geometryBBox(footprint)
        : null;
  const boaFlag = properties['earthsearch:boa_offset_applied'];
  const baseline = properties['s2:processing_baseline'];
  const offsetProps = {
    boaOffsetApplied: typeof boaFlag === 'boolean' ? boaFlag : null,
    processingBaseline:
      typeof baseline === 'string' ? baseline : typeof baseline === 'number' ? baseline.toFixed(2) : null,
  };
  const collection = typeof raw.collection === 'string' ? raw.collection : null;
  const declared =
    collection === SENTINEL2_L2A || offsetProps.boaOffsetApplied !== null ? null : rasterBandsDnOffset(assets);
  const sequenceProp = properties['s2:sequence'];
  const sequence =
    Number(
      raw.id.match(/_(\d+)_L2A$/)?.[1] ??
        (typeof sequenceProp === 'string' || typeof sequenceProp === 'number' ? sequenceProp : 0),
    ) || 0;
  const generated = properties['s2:generation_time'];
  const date = new Date(datetime).toISOString().slice(0, 10);
  const byDate = declared === null && offsetFromDate(offsetProps);
  const dnOffset = declared ?? reflectanceDnOffset(offsetProps, date);
  if (byDate) logDateDecision({ id: raw.id, date, dnOffset }, warn);
  return {
    id: raw.id,
    collection,
    datetime: new Date(datetime).toISOString(),
    date,
    platform: typeof properties.platform === 'string' ? properties.platform : null,
    cloudCover: typeof properties['eo:cloud_cover'] === 'number' ? properties['eo:cloud_cover'] : null,
    epsg: parseEpsg(properties),
    footprint,
    bbox,
    ...offsetProps,
    dnOffset,
    offsetSource: declared !== null ? 'raster:bands' : byDate ? 'date' : 'baseline',
    gridCode: typeof properties['grid:code'] === 'string' ? properties['grid:code'] : null,
    sequence,
    generatedAt: typeof generated === 'string' && !Number.isNaN(Date.parse(generated)) ? generated : null,
    assets,
  };
}
