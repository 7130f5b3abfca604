/**
 * Builds the offline demo catalog (packages/imagery/demo-catalog/): a static STAC catalog over the Mitidja
 * demo area with one Sentinel-2-like L2A item per DEMO_DATES entry, each with real COGs (UInt16, DEFLATE +
 * horizontal predictor, 256² tiles, one overview, nodata 0, EPSG:32631) for blue/green/red/nir (10 m),
 * rededge1/nir08/swir16 (20 m) and SCL (20 m). Half the items say `earthsearch:boa_offset_applied: true`
 * (DN = reflectance × 10000), the other half carry baseline 05.11 with the flag false (DN + 1000), so
 * both branches of the offset rule run. Deterministic: run it twice, get the same bytes.
 *
 *   npm run demo-catalog -w packages/imagery            (writes the committed demo-catalog/)
 *   node --import tsx scripts/make-demo-catalog.ts DIR  (writes elsewhere, e.g. to compare bytes)
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_DATES, DEMO_CLOUDY_DATE } from '@filaha/shared';
import { DEMO_CATALOG_PATH } from '../src/demo.ts';
import { projector } from '../src/geo/project.ts';
import { downsample2, writeGeoTiff, type RasterLevel } from '../src/output/geotiff-writer.ts';
import { DEMO_EPSG, paintDate, paintStatics } from './demo/paint.ts';
import type { BandKey } from './demo/spectra.ts';

const FILES: Record<BandKey | 'scl', { file: string; res: 10 | 20; common: string }> = {
  blue: { file: 'B02.tif', res: 10, common: 'blue' },
  green: { file: 'B03.tif', res: 10, common: 'green' },
  red: { file: 'B04.tif', res: 10, common: 'red' },
  nir: { file: 'B08.tif', res: 10, common: 'nir' },
  rededge1: { file: 'B05.tif', res: 20, common: 'rededge' },
  nir08: { file: 'B8A.tif', res: 20, common: 'nir08' },
  swir16: { file: 'B11.tif', res: 20, common: 'swir16' },
  scl: { file: 'SCL.tif', res: 20, common: 'scl' },
};

/**
 * 20 m band from the 10 m painting: the surface at the block's first pixel. A true 2×2 mean would be
 * closer to the sensor but invents new values at every edge and doubles the catalog's size.
 */
function aggregate(values: Float32Array, width: number, height: number): Float32Array {
  const w = width / 2;
  const h = height / 2;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = values[2 * y * width + 2 * x]!;
  return out;
}

const SCL_PRIORITY = [9, 8, 3, 6, 4, 5];

/** Majority class of each 2×2 block; ties go to the class listed first in SCL_PRIORITY (clouds win). */
function aggregateScl(scl: Uint8Array, width: number, height: number): Uint8Array {
  const w = width / 2;
  const out = new Uint8Array(w * (height / 2));
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < w; x++) {
      const i = 2 * y * width + 2 * x;
      const block = [scl[i]!, scl[i + 1]!, scl[i + width]!, scl[i + width + 1]!];
      let best = block[0]!;
      let bestScore = -1;
      for (const c of new Set(block)) {
        const score = block.filter((v) => v === c).length * 10 + (SCL_PRIORITY.length - SCL_PRIORITY.indexOf(c));
        if (score > bestScore) [best, bestScore] = [c, score];
      }
      out[y * w + x] = best;
    }
  }
  return out;
}

function toDn(reflectance: Float32Array, dnOffset: number): Uint16Array {
  const dn = new Uint16Array(reflectance.length);
  for (let i = 0; i < dn.length; i++)
    dn[i] = Math.max(1, Math.min(65535, Math.round(reflectance[i]! * 10000) + dnOffset));
  return dn;
}

function cog(level: RasterLevel, geo: { x0: number; y0: number }, res: number, classes: boolean): Buffer {
  return writeGeoTiff({
    type: classes ? 'uint8' : 'uint16',
    levels: [level, downsample2(level, classes ? 'nearest' : 'average', 0)],
    geo: { epsg: DEMO_EPSG, originX: geo.x0, originY: geo.y0, resX: res, resY: res },
    tileSize: 256,
    compression: 'deflate',
    predictor: 2,
    nodata: 0,
    deflateLevel: 9,
  });
}

async function main(outDir: string): Promise<void> {
  const statics = paintStatics();
  const { grid } = statics;
  const p = projector(DEMO_EPSG);
  const corners = [
    [grid.x0, grid.y0 - grid.height * 10],
    [grid.x0 + grid.width * 10, grid.y0 - grid.height * 10],
    [grid.x0 + grid.width * 10, grid.y0],
    [grid.x0, grid.y0],
  ].map(([x, y]) => p.inverse(x!, y!).map((v) => Number(v.toFixed(7))));
  const footprint = [...corners, corners[0]!];
  const lons = corners.map((c) => c[0]!);
  const lats = corners.map((c) => c[1]!);
  // Replace a previous catalog, but never wipe a folder that is not one.
  const existing = await readdir(outDir).catch(() => [] as string[]);
  if (existing.length > 0 && !existing.includes('catalog.json'))
    throw new Error(`${outDir} is not empty and not a catalog`);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const itemLinks: Array<{ rel: string; href: string; type: string }> = [];
  for (const [dateIndex, date] of DEMO_DATES.entries()) {
    const platform = ['sentinel-2a', 'sentinel-2b', 'sentinel-2c'][dateIndex % 3]!;
    const id = `S2${platform.slice(-1).toUpperCase()}_31SDA_${date.replaceAll('-', '')}_0_L2A`;
    const offsetApplied = dateIndex % 2 === 0;
    const dnOffset = offsetApplied ? 0 : 1000;
    const painted = paintDate(statics, date);
    const dir = path.join(outDir, id);
    await mkdir(dir, { recursive: true });
    const scl20 = aggregateScl(painted.scl, grid.width, grid.height);
    const assets: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(FILES) as Array<[BandKey | 'scl', (typeof FILES)[BandKey]]>) {
      const w = spec.res === 10 ? grid.width : grid.width / 2;
      const h = spec.res === 10 ? grid.height : grid.height / 2;
      const data =
        key === 'scl'
          ? scl20
          : toDn(
              spec.res === 10 ? painted.bands[key] : aggregate(painted.bands[key], grid.width, grid.height),
              dnOffset,
            );
      await writeFile(path.join(dir, spec.file), cog({ width: w, height: h, data }, grid, spec.res, key === 'scl'));
      assets[key] = {
        href: `./${spec.file}`,
        type: 'image/tiff; application=geotiff; profile=cloud-optimized',
        title:
          key === 'scl' ? 'Scene classification map (SCL)' : `${spec.file.slice(0, 3)} – ${spec.common} – ${spec.res}m`,
        roles: key === 'scl' ? ['data'] : ['data', 'reflectance'],
        'proj:shape': [h, w],
        'proj:transform': [spec.res, 0, grid.x0, 0, -spec.res, grid.y0],
        'raster:bands': [
          key === 'scl'
            ? { nodata: 0, data_type: 'uint8', spatial_resolution: spec.res }
            : { nodata: 0, data_type: 'uint16', spatial_resolution: spec.res, scale: 0.0001, offset: -0.1 },
        ],
      };
    }
    const cloudy = scl20.filter((c) => c === 3 || c === 8 || c === 9 || c === 10).length / scl20.length;
    const item = {
      type: 'Feature',
      stac_version: '1.0.0',
      stac_extensions: [
        'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
        'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
        'https://stac-extensions.github.io/raster/v1.1.0/schema.json',
      ],
      id,
      collection: 'sentinel-2-l2a',
      bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      geometry: { type: 'Polygon', coordinates: [footprint] },
      properties: {
        datetime: `${date}T10:40:${String(11 + dateIndex).padStart(2, '0')}.024000Z`,
        platform,
        constellation: 'sentinel-2',
        instruments: ['msi'],
        'eo:cloud_cover': Number((cloudy * 100).toFixed(4)),
        'proj:epsg': DEMO_EPSG,
        'mgrs:utm_zone': 31,
        'mgrs:latitude_band': 'S',
        'mgrs:grid_square': 'DA',
        'grid:code': 'MGRS-31SDA',
        's2:processing_baseline': '05.11',
        'earthsearch:boa_offset_applied': offsetApplied,
        'filaha:synthetic': true,
        description: `Synthetic demo acquisition over the Mitidja plain${date === DEMO_CLOUDY_DATE ? ' (cloud and shadow over part of the area)' : ''}`,
      },
      links: [{ rel: 'root', href: '../catalog.json', type: 'application/json' }],
      assets,
    };
    await writeFile(path.join(dir, `${id}.json`), `${JSON.stringify(item, null, 2)}\n`);
    itemLinks.push({ rel: 'item', href: `./${id}/${id}.json`, type: 'application/geo+json' });
    console.log(`${id}: offset ${offsetApplied ? 'applied' : '+1000'}, cloud ${(cloudy * 100).toFixed(1)} %`);
  }
  const catalog = {
    type: 'Catalog',
    stac_version: '1.0.0',
    id: 'filaha-demo',
    description:
      'Offline demo catalog of Filaha: synthetic Sentinel-2 L2A acquisitions over the Mitidja plain (UTM 31N).',
    links: [{ rel: 'root', href: './catalog.json', type: 'application/json' }, ...itemLinks],
  };
  await writeFile(path.join(outDir, 'catalog.json'), `${JSON.stringify(catalog, null, 2)}\n`);
}

await main(process.argv[2] ? path.resolve(process.argv[2]) : DEMO_CATALOG_PATH);
