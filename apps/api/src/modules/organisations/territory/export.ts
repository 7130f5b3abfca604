import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { conditionOf, type ConditionClass } from '@filaha/shared';
import type { Language } from '../../../i18n/messages.ts';
import { CROP_LABELS } from '../imports/mapping.ts';
import { csvCell, csvNumber } from '../../../lib/csv.ts';
import type { TerritoryParcelRow } from './territory.repository.ts';

const day = (v: string | Date | null) => (v === null ? '' : new Date(v).toISOString().slice(0, 10));
const round = (v: number | null, digits: number) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

const CONDITION_TEXT: Record<ConditionClass, Record<Language, string>> = {
  well_below: { fr: 'Très en dessous de la normale', ar: 'أقل بكثير من المعتاد' },
  below: { fr: 'En dessous de la normale', ar: 'أقل من المعتاد' },
  normal: { fr: 'Normal', ar: 'عادي' },
  above: { fr: 'Au-dessus de la normale', ar: 'أعلى من المعتاد' },
};
const REFERENCE_TEXT: Record<'history' | 'peers', Record<Language, string>> = {
  history: { fr: 'ses saisons précédentes', ar: 'مواسمها السابقة' },
  peers: { fr: 'même culture dans l’organisation', ar: 'نفس المحصول في الهيئة' },
};
const YES_NO: Record<Language, [string, string]> = { fr: ['oui', 'non'], ar: ['نعم', 'لا'] };
const OWN: Record<Language, string> = { fr: 'organisation', ar: 'الهيئة' };

/**
 * Column names the import reads back (mapping.ts: nom/culture/date_semis/irrigue/telephone, their Arabic forms, and
 * `wkt`), so an export can be edited in a spreadsheet and imported again.
 */
const HEADERS: Record<Language, string[]> = {
  fr: [
    'id',
    'nom',
    'agriculteur',
    'telephone',
    'surface_ha',
    'culture',
    'saison',
    'date_semis',
    'irrigue',
    'date_point',
    'ndvi_median',
    'part_valide',
    'etat',
    'reference',
    'z',
    'longitude',
    'latitude',
    'wkt',
  ],
  ar: [
    'المعرف',
    'الاسم',
    'الفلاح',
    'الهاتف',
    'المساحة_هكتار',
    'المحصول',
    'الموسم',
    'تاريخ_الزرع',
    'سقي',
    'تاريخ_القياس',
    'ndvi_وسيط',
    'الحصة_الصالحة',
    'الحالة',
    'المرجع',
    'z',
    'خط_الطول',
    'خط_العرض',
    'wkt',
  ],
};

const num = (v: number | null, digits: number) => (v === null ? '' : csvNumber(round(v, digits)!));

/** The organisation's parcels as CSV: UTF-8 with a BOM, `;`, CRLF, decimal commas (as the other exports). */
export function parcelsCsv(rows: TerritoryParcelRow[], lang: Language): string {
  const lines = [HEADERS[lang].map(csvCell).join(';')];
  for (const r of rows) {
    const condition = conditionOf(r.z === null ? null : Number(r.z));
    lines.push(
      [
        String(r.id),
        csvCell(r.name),
        csvCell(r.farmer_name ?? OWN[lang]),
        csvCell(r.farmer_contact ?? ''),
        num(Number(r.area_m2) / 10_000, 2),
        r.crop ? csvCell(CROP_LABELS[r.crop][lang]) : '',
        r.season === null ? '' : `${r.season}-${r.season + 1}`,
        day(r.sowing_date),
        r.irrigated === null ? '' : YES_NO[lang][r.irrigated ? 0 : 1],
        day(r.point_date),
        num(r.median === null ? null : Number(r.median), 3),
        num(r.valid_fraction === null ? null : Number(r.valid_fraction), 2),
        condition ? csvCell(CONDITION_TEXT[condition][lang]) : '',
        r.reference ? csvCell(REFERENCE_TEXT[r.reference][lang]) : '',
        num(r.z === null ? null : Number(r.z), 2),
        num(Number(r.lon), 6),
        num(Number(r.lat), 6),
        csvCell(r.wkt ?? ''),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A GeoPackage geometry blob (GeoPackage 1.3 §2.1.3): "GP", version 0, little-endian with an XY envelope, SRS 4326. */
function gpkgBlob(wkbHex: string): Uint8Array {
  const wkb = Buffer.from(wkbHex, 'hex');
  // The envelope from the WKB's own coordinates (a little-endian polygon: type, rings, then x y pairs).
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const rings = wkb.readUInt32LE(5);
  let at = 9;
  for (let ring = 0; ring < rings; ring++) {
    const points = wkb.readUInt32LE(at);
    at += 4;
    for (let i = 0; i < points; i++, at += 16) {
      const x = wkb.readDoubleLE(at);
      const y = wkb.readDoubleLE(at + 8);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const header = Buffer.alloc(8 + 32);
  header.write('GP', 0, 'ascii');
  header.writeUInt8(0, 2);
  header.writeUInt8(0b0000_0011, 3); // little-endian, envelope [minx, maxx, miny, maxy]
  header.writeInt32LE(4326, 4);
  header.writeDoubleLE(minX, 8);
  header.writeDoubleLE(maxX, 16);
  header.writeDoubleLE(minY, 24);
  header.writeDoubleLE(maxY, 32);
  return Buffer.concat([header, wkb]);
}

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';

/**
 * The organisation's parcels as a GeoPackage (OGC 12-128r18, version 1.3: read by GDAL 3.6 without a warning): one feature table `parcels` in WGS 84
 * with the CSV's facts under plain column names (crop and condition as codes), written with Node's own SQLite.
 * docs/ARCHITECTURE.md says why not a GeoPackage library.
 */
export async function parcelsGeoPackage(rows: TerritoryParcelRow[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'filaha-export-'));
  const path = join(dir, 'parcels.gpkg');
  try {
    const db = new DatabaseSync(path);
    try {
      db.exec(`
        PRAGMA application_id = 1196444487;
        PRAGMA user_version = 10300;
        CREATE TABLE gpkg_spatial_ref_sys (
          srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
          organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
        CREATE TABLE gpkg_contents (
          table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, description TEXT DEFAULT '',
          last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
          CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
        CREATE TABLE gpkg_geometry_columns (
          table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL,
          z TINYINT NOT NULL, m TINYINT NOT NULL,
          CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
          CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
          CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
        CREATE TABLE parcels (
          fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POLYGON, parcel_id INTEGER, name TEXT, farmer TEXT, contact TEXT,
          area_ha REAL, crop TEXT, season TEXT, sowing_date TEXT, irrigated INTEGER, point_date TEXT,
          ndvi_median REAL, valid_share REAL, condition TEXT, reference TEXT, z REAL);
      `);
      const srs = db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)');
      srs.run(
        'Undefined cartesian SRS',
        -1,
        'NONE',
        -1,
        'undefined',
        'undefined cartesian coordinate reference system',
      );
      srs.run(
        'Undefined geographic SRS',
        0,
        'NONE',
        0,
        'undefined',
        'undefined geographic coordinate reference system',
      );
      srs.run('WGS 84 geodetic', 4326, 'EPSG', 4326, WGS84_WKT, 'longitude/latitude coordinates in decimal degrees');
      const insert = db.prepare(
        `INSERT INTO parcels (geom, parcel_id, name, farmer, contact, area_ha, crop, season, sowing_date, irrigated,
                              point_date, ndvi_median, valid_share, condition, reference, z)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      let box = [Infinity, Infinity, -Infinity, -Infinity];
      db.exec('BEGIN');
      for (const r of rows) {
        const blob = gpkgBlob(r.wkb!);
        const view = Buffer.from(blob);
        box = [
          Math.min(box[0]!, view.readDoubleLE(8)),
          Math.min(box[1]!, view.readDoubleLE(24)),
          Math.max(box[2]!, view.readDoubleLE(16)),
          Math.max(box[3]!, view.readDoubleLE(32)),
        ];
        const z = r.z === null ? null : Number(r.z);
        insert.run(
          blob,
          r.id,
          r.name,
          r.farmer_name,
          r.farmer_contact,
          round(Number(r.area_m2) / 10_000, 4),
          r.crop,
          r.season === null ? null : `${r.season}-${r.season + 1}`,
          r.sowing_date === null ? null : day(r.sowing_date),
          r.irrigated === null ? null : r.irrigated ? 1 : 0,
          r.point_date === null ? null : day(r.point_date),
          r.median === null ? null : Number(r.median),
          r.valid_fraction === null ? null : Number(r.valid_fraction),
          conditionOf(z),
          r.reference,
          z,
        );
      }
      const empty = rows.length === 0;
      db.prepare(
        `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, srs_id)
         VALUES ('parcels', 'features', 'parcels', ?, ?, ?, ?, ?, 4326)`,
      ).run(
        'Filaha: the parcels an organisation follows, with their latest NDVI point and condition',
        empty ? null : box[0]!,
        empty ? null : box[1]!,
        empty ? null : box[2]!,
        empty ? null : box[3]!,
      );
      db.exec(`INSERT INTO gpkg_geometry_columns VALUES ('parcels', 'geom', 'POLYGON', 4326, 0, 0)`);
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
