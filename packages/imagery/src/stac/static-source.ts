import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CatalogUnavailableError } from '../errors.ts';
import { bboxPolygon, geometryRings, ringsIntersect, type BBox, type ParcelGeometry } from '@filaha/shared/geometry';
import { malformedAnswerError } from './api-source.ts';
import { DEFAULT_COLLECTIONS, itemProblem, parseItem, type Acquisition } from './item.ts';

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

interface Scan {
  items: Acquisition[];
  /** Item files that cannot be used: why, and their time when they have one. */
  malformed: Array<{ reason: string; datetime: string | null }>;
}

/**
 * A static STAC catalog folder: every *.json below it that is an item of one of `collections` (or an item
 * without a collection) is indexed, again only when the folder's modification time changes (an item folder added
 * or removed: the catalog poll of the background jobs sees it without a restart); asset hrefs may be relative to
 * the item file, absolute paths, or URLs.
 */
export class StaticCatalogSource {
  private index: Promise<Scan> | null = null;
  private indexedAt: number | null = null;

  constructor(
    readonly root: string,
    readonly collections: ReadonlyArray<string> = DEFAULT_COLLECTIONS,
  ) {}

  /**
   * Items of the window and place. None, while items that cannot be used lie in the window (or have no time):
   * the folder is broken there, CatalogUnavailableError rather than an empty answer.
   */
  async search(query: StaticSearch): Promise<Acquisition[]> {
    const { items, malformed } = await this.scan();
    const found = items.filter((item) => matchesSearch(item, query));
    if (found.length > 0) return found;
    const start = Date.parse(query.startIso);
    const end = Date.parse(query.endIso);
    const inWindow = malformed.filter(({ datetime }) => {
      if (datetime === null) return true;
      const t = Date.parse(datetime);
      return t >= start && t <= end;
    });
    if (inWindow.length > 0)
      throw malformedAnswerError(
        path.resolve(this.root),
        inWindow.map((m) => m.reason),
      );
    return found;
  }

  async items(): Promise<Acquisition[]> {
    return (await this.scan()).items;
  }

  private async scan(): Promise<Scan> {
    const mtime = await stat(path.resolve(this.root)).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtime !== this.indexedAt) {
      this.index = null;
      this.indexedAt = mtime;
    }
    this.index ??= this.read().catch((error: unknown) => {
      this.index = null;
      throw error;
    });
    return this.index;
  }

  private async read(): Promise<Scan> {
    const root = path.resolve(this.root);
    try {
      if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
    } catch (error) {
      throw new CatalogUnavailableError(root, `static catalog folder is missing (${(error as Error).message})`);
    }
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.json')).sort();
    const items: Acquisition[] = [];
    const malformed: Scan['malformed'] = [];
    for (const file of files) {
      const location = path.join(root, file);
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(location, 'utf8'));
      } catch {
        continue; // Not JSON we can read: not an item, skip it like a STAC client would.
      }
      const collection = (raw as { collection?: unknown } | null)?.collection;
      if (typeof collection === 'string' && !this.collections.includes(collection)) continue;
      const problem = itemProblem(raw);
      if (problem) {
        malformed.push({ reason: `${file}: ${problem.reason}`, datetime: problem.datetime });
        continue;
      }
      const item = parseItem(raw, location);
      if (item) items.push(item);
    }
    return { items, malformed };
  }
}
