import { cp, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alertRules, type Database } from '@filaha/db';
import { DEMO_CATALOG_PATH } from '@filaha/imagery';

export interface DemoItem {
  id: string;
  date: string;
  cloudCover: number | null;
}

/** The items of the bundled demo catalog (whatever the generator wrote), oldest first. */
export async function demoItems(): Promise<DemoItem[]> {
  const items: DemoItem[] = [];
  for (const id of await readdir(DEMO_CATALOG_PATH)) {
    const text = await readFile(join(DEMO_CATALOG_PATH, id, `${id}.json`), 'utf8').catch(() => null);
    if (!text) continue;
    const item = JSON.parse(text) as { properties: { datetime: string; 'eo:cloud_cover'?: number } };
    items.push({
      id,
      date: item.properties.datetime.slice(0, 10),
      cloudCover: item.properties['eo:cloud_cover'] ?? null,
    });
  }
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

/**
 * A small static STAC catalog for job tests: a temporary folder holding copies of some demo items. `add()` puts
 * another item in, as a new acquisition published between two polls.
 */
export async function smallCatalog(initial: DemoItem[]) {
  const dir = await mkdtemp(join(tmpdir(), 'filaha-jobs-stac-'));
  const add = async (item: DemoItem) => {
    await cp(join(DEMO_CATALOG_PATH, item.id), join(dir, item.id), { recursive: true });
  };
  /**
   * Another tile of the same pass (same platform and day): a copy of `item` (same COGs) named `id`, whose bbox and
   * footprint are cut to the longitudes [west, east] — a tile that covers only part of what the original covers.
   */
  const addTile = async (item: DemoItem, id: string, [west, east]: [number, number]) => {
    await cp(join(DEMO_CATALOG_PATH, item.id), join(dir, id), { recursive: true });
    await rename(join(dir, id, `${item.id}.json`), join(dir, id, `${id}.json`));
    const path = join(dir, id, `${id}.json`);
    const json = JSON.parse(await readFile(path, 'utf8')) as {
      id: string;
      bbox: number[];
      geometry: unknown;
      properties: Record<string, unknown>;
    };
    // Its own MGRS tile (the id's), or it would be read as another copy of the same tile and acquisition.
    const tile = /_(\d{2}[A-Z]{3})_/.exec(id)?.[1];
    if (!tile) throw new Error(`no MGRS tile in ${id}`);
    json.properties['grid:code'] = `MGRS-${tile}`;
    json.properties['mgrs:grid_square'] = tile.slice(3);
    const [, south, , north] = json.bbox as [number, number, number, number];
    const w = Math.max(west, json.bbox[0]!);
    const e = Math.min(east, json.bbox[2]!);
    json.id = id;
    json.bbox = [w, south, e, north];
    json.geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [w, south],
          [e, south],
          [e, north],
          [w, north],
          [w, south],
        ],
      ],
    };
    await writeFile(path, JSON.stringify(json));
  };
  for (const item of initial) await add(item);
  return { dir, add, addTile };
}

/** Waits for `check` to return a value other than undefined/false, polling, within a bounded deadline. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Alert rules that fire exactly once per clear acquisition, whatever the imagery: WATER_STRESS on NDMI with a
 * threshold no median reaches (median < 1), the others off. So a test knows how many alerts and e-mails to expect.
 */
export async function oneAlertPerPoint(database: Database, parcelId: number): Promise<void> {
  await database.db.insert(alertRules).values([
    { parcelId, rule: 'NEW_IMAGE', enabled: false, indexCode: 'NDVI' },
    { parcelId, rule: 'DROP', enabled: false, indexCode: 'NDVI', threshold: 0.1 },
    { parcelId, rule: 'PARTIAL_DROP', enabled: false, indexCode: 'NDVI', threshold: 0.1, share: 0.2 },
    { parcelId, rule: 'WATER_STRESS', enabled: true, indexCode: 'NDMI', threshold: 1 },
  ]);
}
