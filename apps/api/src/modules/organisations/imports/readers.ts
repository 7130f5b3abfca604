// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- shpjs has no types; every project compiling this file (api, bench) must see them
/// <reference path="./shpjs.d.ts" />
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { wktToGeoJSON } from 'betterknown';
import { parse as parseCsv } from 'csv-parse/sync';
import { inflateRawSync } from 'node:zlib';
import { iter as iterZip } from 'but-unzip';
import { parseZip } from 'shpjs';
import type { ImportFormat } from '@filaha/shared';
import type { ImportFileErrorCode } from '@filaha/shared/contracts';

/**
 * The readers of an organisation's parcel import (issue 30 §2), one per format, each a maintained library:
 * GeoJSON (JSON.parse), KML and KMZ (@tmcw/togeojson over @xmldom/xmldom; fflate opens the KMZ), a zipped Shapefile
 * (shpjs, which reprojects from the .prj with proj4), a GeoPackage (Node's own SQLite, `node:sqlite`; the geometry
 * blobs are handed to PostGIS as WKB) and CSV (csv-parse; a WKT column read by betterknown, or latitude and
 * longitude with an area). Every reader gives the features in file order, numbered from 1, with their attributes;
 * the checks (valid shape, where, how big, overlaps) are PostGIS's, for all formats alike (imports.repository.ts).
 * docs/ARCHITECTURE.md "Organisations" says why these and not GDAL's ogr2ogr.
 */

export class ImportFileError extends Error {
  constructor(
    readonly code: ImportFileErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

/** A feature as read: its geometry as GeoJSON text in `srid`, or as WKB (GeoPackage), or a point with an area. */
export interface ReadFeature {
  feature: number;
  properties: Record<string, unknown>;
  geojson: string | null;
  wkbHex?: string;
  srid: number;
  /** CSV latitude/longitude rows: the parcel is the disc of this area (ha) around the point. */
  pointAreaHa?: number | null;
}

/** Features per import: 50,000 is the goal (issue 30 §2); beyond 200,000 the file is refused whole. */
export const MAX_FEATURES = 200_000;

const lower = (name: string) => name.toLowerCase();

/** The format from the file name, then its first bytes where the name says nothing. */
export function detectFormat(fileName: string, bytes: Uint8Array): ImportFormat | undefined {
  const ext = lower(fileName).split('.').pop() ?? '';
  const byExt: Record<string, ImportFormat> = {
    geojson: 'geojson',
    json: 'geojson',
    kml: 'kml',
    kmz: 'kmz',
    zip: 'shapefile',
    shz: 'shapefile',
    gpkg: 'geopackage',
    csv: 'csv',
    txt: 'csv',
  };
  if (byExt[ext]) return byExt[ext];
  const head = new TextDecoder().decode(bytes.subarray(0, 64));
  if (head.startsWith('SQLite format 3')) return 'geopackage';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'shapefile';
  if (/^\s*[{[]/.test(head)) return 'geojson';
  if (/^\s*<\?xml|^\s*<kml/.test(head)) return 'kml';
  return undefined;
}

interface GeoJsonFeature {
  type: 'Feature';
  geometry: { type: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

/** The EPSG code of a GeoJSON `crs` member of the 2008 specification (gone from RFC 7946, still written by tools). */
function sridOfCrs(crs: unknown): number {
  const name = (crs as { properties?: { name?: unknown } } | undefined)?.properties?.name;
  if (typeof name !== 'string') return 4326;
  if (/CRS84$/i.test(name)) return 4326;
  const code = /EPSG:{1,2}(\d+)$/i.exec(name)?.[1];
  if (!code) throw new ImportFileError('unknown_crs', name);
  return Number(code);
}

function fromFeatureList(list: GeoJsonFeature[], srid: number): ReadFeature[] {
  if (list.length > MAX_FEATURES) throw new ImportFileError('too_many_features', String(list.length));
  return list.map((f, i) => ({
    feature: i + 1,
    properties: f.properties ?? {},
    geojson: f.geometry ? JSON.stringify(f.geometry) : null,
    srid,
  }));
}

function readGeoJson(bytes: Uint8Array): ReadFeature[] {
  let doc: { type?: string; features?: GeoJsonFeature[]; crs?: unknown };
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes)) as typeof doc;
  } catch (error) {
    throw new ImportFileError('unreadable', (error as Error).message);
  }
  const srid = sridOfCrs(doc.crs);
  if (doc.type === 'FeatureCollection' && Array.isArray(doc.features)) return fromFeatureList(doc.features, srid);
  if (doc.type === 'Feature') return fromFeatureList([doc as GeoJsonFeature], srid);
  if (typeof doc.type === 'string' && 'coordinates' in doc)
    return fromFeatureList([{ type: 'Feature', geometry: doc as GeoJsonFeature['geometry'], properties: {} }], srid);
  throw new ImportFileError('unreadable', 'not a GeoJSON FeatureCollection, Feature or geometry');
}

function readKmlText(text: string): ReadFeature[] {
  const dom = new DOMParser().parseFromString(text, 'text/xml');
  const collection = kml(dom as unknown as Parameters<typeof kml>[0]);
  // togeojson keeps a placemark's <name> and <description> among the properties.
  return fromFeatureList(collection.features as GeoJsonFeature[], 4326);
}

/** Bytes a zip (KMZ, zipped Shapefile) may expand to: a zip bomb stops here, not in the job's memory. */
export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

/**
 * The entries of a zip whose names `keep` accepts, inflated with a budget: no more than MAX_UNZIPPED_BYTES in all,
 * whatever the entries' headers claim (zlib stops at `maxOutputLength`). Read with but-unzip, the parser shpjs uses,
 * so the check sees exactly the entries the Shapefile reader will.
 */
function boundedUnzip(bytes: Uint8Array, keep: (name: string) => boolean, limit: number) {
  let left = limit;
  const out = new Map<string, Uint8Array>();
  const inflate = (raw: Uint8Array) => {
    try {
      return inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new ImportFileError('too_large_unzipped', `> ${limit} bytes`);
      throw error;
    }
  };
  try {
    for (const entry of iterZip(bytes, inflate)) {
      if (!keep(entry.filename)) continue;
      const data = entry.read() as Uint8Array;
      left -= data.byteLength;
      if (left < 0) throw new ImportFileError('too_large_unzipped', `> ${limit} bytes`);
      out.set(entry.filename, data);
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('unreadable', (error as Error).message);
  }
  return out;
}

function readKmz(bytes: Uint8Array, limit: number): ReadFeature[] {
  const files = Object.fromEntries(boundedUnzip(bytes, (name) => lower(name).endsWith('.kml'), limit));
  // The KMZ convention: the first .kml at the root (usually doc.kml) is the document.
  const names = Object.keys(files).sort((a, b) => a.split('/').length - b.split('/').length);
  const main = names.find((n) => lower(n) === 'doc.kml') ?? names[0];
  if (!main) throw new ImportFileError('unreadable', 'no .kml inside the KMZ');
  return readKmlText(new TextDecoder().decode(files[main]));
}

async function readShapefile(bytes: Uint8Array, limit: number): Promise<ReadFeature[]> {
  // shpjs inflates without a limit: the same entries are first inflated here within the budget (a zip bomb stops).
  boundedUnzip(bytes, (name) => /\.(shp|dbf|json|prj|cpg)$/i.test(name), limit);
  let parsed: unknown;
  try {
    parsed = await parseZip(bytes);
  } catch (error) {
    throw new ImportFileError('unreadable', (error as Error).message);
  }
  // Several shapefiles in one zip: one after the other, in the zip's order.
  const collections = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ features: GeoJsonFeature[] }>;
  return fromFeatureList(
    collections.flatMap((c) => c.features),
    4326,
  );
}

const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

/** The WKB inside a GeoPackage geometry blob (GeoPackage 1.x §2.1.3: "GP", version, flags, srs id, envelope). */
function wkbOfGpkgBlob(blob: Uint8Array): Uint8Array | null {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) return null;
  const flags = blob[3]!;
  if (flags & 0b1_0000) return null; // empty geometry
  const envelopeBytes = [0, 32, 48, 48, 64][(flags >> 1) & 0b111];
  if (envelopeBytes === undefined) return null;
  return blob.subarray(8 + envelopeBytes);
}

async function readGeoPackage(bytes: Uint8Array): Promise<ReadFeature[]> {
  const dir = await mkdtemp(join(tmpdir(), 'filaha-gpkg-'));
  const path = join(dir, 'import.gpkg');
  try {
    await writeFile(path, bytes);
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(path, { readOnly: true });
    } catch (error) {
      throw new ImportFileError('unreadable', (error as Error).message);
    }
    try {
      let layers: Array<{ table_name: string; column_name: string; srs_id: number; org: string | null; code: number }>;
      try {
        layers = db
          .prepare(
            `SELECT g.table_name, g.column_name, g.srs_id, s.organization AS org, s.organization_coordsys_id AS code
               FROM gpkg_geometry_columns g
               JOIN gpkg_contents c ON c.table_name = g.table_name AND c.data_type = 'features'
               LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id
              ORDER BY g.table_name`,
          )
          .all() as typeof layers;
      } catch (error) {
        throw new ImportFileError('unreadable', (error as Error).message);
      }
      if (layers.length === 0) throw new ImportFileError('empty', 'no feature table');
      const out: ReadFeature[] = [];
      for (const layer of layers) {
        const srid =
          layer.srs_id === 4326 || layer.srs_id === 0 ? 4326 : lower(layer.org ?? '') === 'epsg' ? layer.code : NaN;
        if (!Number.isFinite(srid)) throw new ImportFileError('unknown_crs', `${layer.org}:${layer.code}`);
        const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
        const rows = db.prepare(`SELECT * FROM ${quote(layer.table_name)}`).iterate() as Iterable<
          Record<string, unknown>
        >;
        for (const row of rows) {
          if (out.length >= MAX_FEATURES) throw new ImportFileError('too_many_features', `> ${MAX_FEATURES}`);
          const { [layer.column_name]: blob, ...properties } = row;
          const wkb = blob instanceof Uint8Array ? wkbOfGpkgBlob(blob) : null;
          out.push({ feature: out.length + 1, properties, geojson: null, wkbHex: wkb ? hex(wkb) : undefined, srid });
        }
      }
      return out;
    } finally {
      db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const WKT_COLUMNS = ['wkt', 'geometry', 'geom', 'the_geom', 'shape'];
const LAT_COLUMNS = ['lat', 'latitude', 'y'];
const LON_COLUMNS = ['lon', 'lng', 'long', 'longitude', 'x'];
const AREA_COLUMNS = ['area_ha', 'surface_ha', 'superficie_ha', 'area', 'surface', 'superficie', 'ha'];

const numberOf = (v: unknown) => {
  const n = Number(
    String(v ?? '')
      .trim()
      .replace(',', '.'),
  );
  return String(v ?? '').trim() === '' || !Number.isFinite(n) ? null : n;
};

/**
 * The separator of a CSV: the one of `;` (French spreadsheets), `,` and tab found most often in its header line.
 * One only — a WKT cell holds commas, so accepting every separator at once would split it.
 */
function delimiterOf(bytes: Uint8Array): string {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => head.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

function readCsv(bytes: Uint8Array): ReadFeature[] {
  let rows: Array<Record<string, string>>;
  try {
    rows = parseCsv(Buffer.from(bytes), {
      columns: true,
      bom: true,
      delimiter: delimiterOf(bytes),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Array<Record<string, string>>;
  } catch (error) {
    throw new ImportFileError('unreadable', (error as Error).message);
  }
  if (rows.length > MAX_FEATURES) throw new ImportFileError('too_many_features', String(rows.length));
  const columns = Object.keys(rows[0] ?? {});
  const find = (names: string[]) => columns.find((c) => names.includes(lower(c)));
  const wkt = find(WKT_COLUMNS);
  const lat = find(LAT_COLUMNS);
  const lon = find(LON_COLUMNS);
  const area = find(AREA_COLUMNS);
  if (!wkt && !(lat && lon))
    throw new ImportFileError('unreadable', 'no WKT column and no latitude and longitude columns');
  return rows.map((row, i) => {
    const properties: Record<string, unknown> = { ...row };
    if (wkt) {
      delete properties[wkt];
      let geometry: unknown;
      let srid = 4326;
      try {
        // EWKT ("SRID=32631;POLYGON(…)") keeps its SRID for PostGIS to reproject.
        const text = row[wkt] ?? '';
        const ewkt = /^\s*SRID=(\d+);(.*)$/is.exec(text);
        if (ewkt) srid = Number(ewkt[1]);
        geometry = wktToGeoJSON(ewkt ? ewkt[2]! : text);
      } catch {
        geometry = null;
      }
      return { feature: i + 1, properties, geojson: geometry ? JSON.stringify(geometry) : null, srid };
    }
    const y = numberOf(row[lat!]);
    const x = numberOf(row[lon!]);
    for (const c of [lat!, lon!, ...(area ? [area] : [])]) delete properties[c];
    return {
      feature: i + 1,
      properties,
      geojson: x === null || y === null ? null : JSON.stringify({ type: 'Point', coordinates: [x, y] }),
      srid: 4326,
      pointAreaHa: area ? numberOf(row[area]) : null,
    };
  });
}

export async function readFeatures(
  format: ImportFormat,
  bytes: Uint8Array,
  options: { maxUnzippedBytes?: number } = {},
): Promise<ReadFeature[]> {
  const limit = options.maxUnzippedBytes ?? MAX_UNZIPPED_BYTES;
  const features = await (async () => {
    switch (format) {
      case 'geojson':
        return readGeoJson(bytes);
      case 'kml':
        return readKmlText(new TextDecoder().decode(bytes));
      case 'kmz':
        return readKmz(bytes, limit);
      case 'shapefile':
        return readShapefile(bytes, limit);
      case 'geopackage':
        return readGeoPackage(bytes);
      case 'csv':
        return readCsv(bytes);
    }
  })();
  if (features.length === 0) throw new ImportFileError('empty', 'no feature');
  return features;
}
