import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CatalogUnavailableError } from '../errors.ts';
import { bboxPolygon, geometryRings, ringsIntersect, type BBox, type ParcelGeometry } from '../geo/geometry.ts';
import { parseItem, SENTINEL2_L2A, type Acquisition } from './item.ts';

export interface StaticSearch {
  geometry?: ParcelGeometry;
  bbox?: BBox;
  startIso: string;
  endIso: string;
}

/** Items whose time lies in the window and whose footprint (or bbox) meets the query area. */
export function matchesSearch(item: Acquisition, query: StaticSearch): boolean {
  const t = Date.parse(item.datetime);
  if (t < Date.parse(query.startIso) || t > Date.parse(query.endIso)) return false;
  const area = query.geometry ?? (query.bbox ? bboxPolygon(query.bbox) : null);
  if (!area) return true;
  const footprint = item.footprint ?? (item.bbox ? bboxPolygon(item.bbox) : null);
  return footprint !== null && ringsIntersect(geometryRings(footprint), geometryRings(area));
}

/**
 * A static STAC catalog folder: every *.json below it that is a Sentinel-2 L2A item (or an item without a
 * collection) is indexed once; asset hrefs may be relative to the item file, absolute paths, or URLs.
 */
export class StaticCatalogSource {
  private index: Promise<Acquisition[]> | null = null;

  constructor(readonly root: string) {}

  async search(query: StaticSearch): Promise<Acquisition[]> {
    const items = await this.items();
    return items.filter((item) => matchesSearch(item, query));
  }

  items(): Promise<Acquisition[]> {
    this.index ??= this.scan().catch((error: unknown) => {
      this.index = null;
      throw error;
    });
    return this.index;
  }

  private async scan(): Promise<Acquisition[]> {
    const root = path.resolve(this.root);
    try {
      if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
    } catch (error) {
      throw new CatalogUnavailableError(root, `static catalog folder is missing (${(error as Error).message})`);
    }
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.json')).sort();
    const items: Acquisition[] = [];
    for (const file of files) {
      const location = path.join(root, file);
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(location, 'utf8'));
      } catch {
        continue; // Not JSON we can read: not an item, skip it like a STAC client would.
      }
      const collection = (raw as { collection?: unknown } | null)?.collection;
      if (typeof collection === 'string' && collection !== SENTINEL2_L2A) continue;
      const item = parseItem(raw, location);
      if (item) items.push(item);
    }
    return items;
  }
}
