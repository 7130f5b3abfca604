// A season of acquisitions in the real Sentinel-2 layout, for the season-curve bench (issue 15 §1): N items of
// the 29RKH tile, one every 5 days (the two satellites alternating, as the real revisit does), each in its own
// folder of links to the real-size catalog's COGs. Every item's band files are the same bytes under a URL of
// its own, so the engine reads each acquisition from a cold cache as it would distinct real scenes; the SCL
// alternates between the catalog's two variants (clouds mirrored to other places), so some acquisitions are
// clouded over some parcels and are skipped after their SCL read, as a real season's are.
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BANDS, cacheRoot, itemJson, type RealSizeManifest } from './real-size-catalog.ts';

const VERSION = 'v1';
const DAY_MS = 86_400_000;
/** The real-size catalog's acquisition time of day; the first item of the season is the fixture's own day. */
const FIRST = Date.parse('2020-02-19T11:34:25.405Z');

export interface SeasonCatalog {
  dir: string;
  items: Array<{ id: string; datetime: string }>;
  from: string;
  to: string;
}

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The season's folder (links only, generated in well under a second), reused when already there. */
export async function ensureSeasonCatalog(base: RealSizeManifest, count: number): Promise<SeasonCatalog> {
  const [first, second] = base.items as [string, string];
  const items = Array.from({ length: count }, (_, i) => {
    const t = FIRST + i * 5 * DAY_MS;
    const sat = i % 2 === 0 ? 'A' : 'B';
    return { id: `S2${sat}_29RKH_${ymd(t).replaceAll('-', '')}_0_L2A`, datetime: new Date(t).toISOString(), i };
  });
  const season = {
    items: items.map(({ id, datetime }) => ({ id, datetime })),
    from: ymd(FIRST),
    to: ymd(FIRST + (count - 1) * 5 * DAY_MS),
  };
  const dir = join(cacheRoot(), `s2-real-size-season-${VERSION}-${count}`);
  if (existsSync(join(dir, 'catalog.json'))) return { dir, ...season };
  const building = `${dir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  for (const { id, datetime, i } of items) {
    const folder = join(building, id);
    await mkdir(folder, { recursive: true });
    for (const band of BANDS) {
      const from = band.file === 'SCL.tif' && i % 2 === 1 ? second : first;
      await symlink(join(base.dir, from, band.file), join(folder, band.file));
    }
    await writeFile(
      join(folder, `${id}.json`),
      JSON.stringify(await itemJson(id, datetime, `sentinel-2${id[2]!.toLowerCase()}`)),
    );
  }
  const catalog = {
    type: 'Catalog',
    stac_version: '1.0.0',
    id: 'filaha-bench-real-size-season',
    description: `A season of ${count} acquisitions of the real-size 29RKH catalog, one every 5 days.`,
    links: [
      { rel: 'root', href: './catalog.json', type: 'application/json' },
      ...items.map(({ id }) => ({ rel: 'item', href: `./${id}/${id}.json`, type: 'application/geo+json' })),
    ],
  };
  await writeFile(join(building, 'catalog.json'), JSON.stringify(catalog, null, 2));
  await rm(dir, { recursive: true, force: true });
  await rename(building, dir);
  return { dir, ...season };
}
