import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loopback } from './loopback.ts';

type Json = Record<string, unknown>;

function coordsBBox(value: unknown): [number, number, number, number] {
  const flat: number[][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v) && typeof v[0] === 'number') flat.push(v as number[]);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  walk(value);
  const xs = flat.map((p) => p[0]!);
  const ys = flat.map((p) => p[1]!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * Publishes a folder of synthetic items through the loopback server: COGs under /files/<id>/<file>, item
 * hrefs rewritten to those URLs, and a STAC API stub at /search that filters by collections, datetime
 * and bbox overlap, pages `pageSize` features at a time with POST `next` links (merge: true), and can mix
 * a Sentinel-1 feature into every page to check that the client filters collections itself.
 */
export async function serveCatalog(
  server: Loopback,
  dir: string,
  options: { pageSize?: number; foreign?: boolean } = {},
): Promise<Json[]> {
  const items: Json[] = [];
  for (const id of (await readdir(dir)).sort()) {
    const folder = path.join(dir, id);
    let item: Json;
    try {
      item = JSON.parse(await readFile(path.join(folder, `${id}.json`), 'utf8')) as Json;
    } catch {
      continue;
    }
    const assets = item.assets as Record<string, Json>;
    for (const asset of Object.values(assets)) {
      const file = path.basename(String(asset.href));
      server.files.set(`/files/${id}/${file}`, path.join(folder, file));
      asset.href = `${server.url}/files/${id}/${file}`;
    }
    items.push(item);
  }
  const pageSize = options.pageSize ?? 100;
  server.stac = (body, base) => {
    const collections = (body.collections as string[] | undefined) ?? ['sentinel-2-l2a'];
    const [start, end] = String(body.datetime ?? '../..').split('/');
    const area = body.intersects
      ? coordsBBox((body.intersects as Json).coordinates)
      : (body.bbox as number[] | undefined);
    const matching = items.filter((item) => {
      const t = Date.parse(String((item.properties as Json).datetime));
      if (start && start !== '..' && t < Date.parse(start)) return false;
      if (end && end !== '..' && t > Date.parse(end)) return false;
      if (!collections.includes(String(item.collection))) return false;
      if (!area) return true;
      const b = coordsBBox((item.geometry as Json).coordinates);
      return b[0] <= area[2]! && area[0]! <= b[2] && b[1] <= area[3]! && area[1]! <= b[3];
    });
    const offset = Number(body.next ?? 0);
    const page = matching.slice(offset, offset + pageSize);
    const features = options.foreign
      ? [
          {
            type: 'Feature',
            id: `S1A_IW_GRDH_${offset}`,
            collection: 'sentinel-1-grd',
            geometry: null,
            properties: { datetime: start },
            assets: {},
          },
          ...page,
        ]
      : page;
    const links: Json[] = [{ rel: 'root', href: base }];
    if (offset + pageSize < matching.length) {
      links.push({
        rel: 'next',
        href: `${base}/search`,
        method: 'POST',
        body: { next: String(offset + pageSize) },
        merge: true,
      });
    }
    return { type: 'FeatureCollection', numberMatched: matching.length, numberReturned: page.length, features, links };
  };
  return items;
}
