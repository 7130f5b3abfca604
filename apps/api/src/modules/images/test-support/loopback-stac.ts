import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { DEMO_CATALOG_PATH } from '@filaha/imagery';

/**
 * A loopback "cloud" for API tests: the demo catalog's COGs served over HTTP honouring Range requests, and a
 * STAC API stub (POST /search, filtering by collection, datetime and footprint overlap) whose items point at
 * those COGs. `mode` turns it slow, down (503) or garbage-speaking, per path prefix, to test the error paths.
 */
export type LoopbackMode = 'ok' | 'down' | 'garbage';

export interface ImageryLoopback {
  url: string;
  /** STAC API root to put in STAC_API_URL. */
  stacUrl: string;
  behaviour: { mode: LoopbackMode; delayMs: number; affects: 'all' | 'search' | 'cogs' };
  stats: { searches: number; cogRequests: number; rangeRequests: number; fullReads: number; bytes: number };
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function bboxOf(value: unknown): [number, number, number, number] {
  const points: number[][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v) && typeof v[0] === 'number') points.push(v as number[]);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  walk(value);
  const xs = points.map((p) => p[0]!);
  const ys = points.map((p) => p[1]!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startImageryLoopback(catalogDir: string = DEMO_CATALOG_PATH): Promise<ImageryLoopback> {
  const files = new Map<string, string>();
  const rawItems: Json[] = [];
  for (const id of (await readdir(catalogDir)).sort()) {
    const itemFile = join(catalogDir, id, `${id}.json`);
    const item = JSON.parse(await readFile(itemFile, 'utf8').catch(() => 'null')) as Json | null;
    if (!item) continue;
    for (const asset of Object.values(item.assets as Record<string, Json>)) {
      const file = basename(String(asset.href));
      files.set(`/cogs/${id}/${file}`, join(catalogDir, id, file));
    }
    rawItems.push(item);
  }

  const behaviour: ImageryLoopback['behaviour'] = { mode: 'ok', delayMs: 0, affects: 'all' };
  const stats = { searches: 0, cogRequests: 0, rangeRequests: 0, fullReads: 0, bytes: 0 };

  const send = (response: ServerResponse, status: number, headers: Record<string, string>, body: Buffer) => {
    stats.bytes += body.length;
    response.writeHead(status, { ...headers, 'content-length': String(body.length) });
    response.end(body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, base: string) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const isSearch = path === '/stac/search';
    if (isSearch) stats.searches++;
    else stats.cogRequests++;
    const affected = behaviour.affects === 'all' || (behaviour.affects === 'search') === isSearch;
    if (affected && behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (affected && behaviour.mode === 'down')
      return send(response, 503, { 'content-type': 'text/plain' }, Buffer.from('unavailable'));
    if (affected && behaviour.mode === 'garbage') {
      return send(
        response,
        200,
        { 'content-type': 'text/html' },
        Buffer.from('<html><body>Proxy error: upstream said hello</body></html>'),
      );
    }
    if (isSearch && request.method === 'POST') {
      const body = JSON.parse((await readBody(request)) || '{}') as Json;
      const [start, end] = String(body.datetime ?? '../..').split('/');
      const area = body.intersects
        ? bboxOf((body.intersects as Json).coordinates)
        : (body.bbox as number[] | undefined);
      const collections = (body.collections as string[] | undefined) ?? ['sentinel-2-l2a'];
      const features = rawItems
        .filter((item) => {
          const t = Date.parse(String((item.properties as Json).datetime));
          if (start && start !== '..' && t < Date.parse(start)) return false;
          if (end && end !== '..' && t > Date.parse(end)) return false;
          if (!collections.includes(String(item.collection))) return false;
          if (!area) return true;
          const b = bboxOf((item.geometry as Json).coordinates);
          return b[0] <= area[2]! && area[0]! <= b[2] && b[1] <= area[3]! && area[1]! <= b[3];
        })
        .map((item) => {
          const copy = structuredClone(item);
          for (const asset of Object.values(copy.assets as Record<string, Json>)) {
            asset.href = `${base}/cogs/${String(copy.id)}/${basename(String(asset.href))}`;
          }
          return copy;
        });
      const page = { type: 'FeatureCollection', features, links: [{ rel: 'root', href: `${base}/stac` }] };
      return send(response, 200, { 'content-type': 'application/geo+json' }, Buffer.from(JSON.stringify(page)));
    }
    const file = files.get(path);
    if (!file) return send(response, 404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
    const size = (await stat(file)).size;
    const range = request.headers.range?.match(/^bytes=(\d+)-(\d*)$/);
    if (!range) {
      stats.fullReads++;
      return send(response, 200, { 'content-type': 'image/tiff', 'accept-ranges': 'bytes' }, await readFile(file));
    }
    stats.rangeRequests++;
    const from = Number(range[1]);
    const to = Math.min(size - 1, range[2] ? Number(range[2]) : size - 1);
    if (from >= size) return send(response, 416, { 'content-range': `bytes */${size}` }, Buffer.alloc(0));
    const content = (await readFile(file)).subarray(from, to + 1);
    return send(
      response,
      206,
      { 'content-type': 'image/tiff', 'content-range': `bytes ${from}-${to}/${size}` },
      content,
    );
  };

  const server = createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    handle(request, response, base).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stacUrl: `${url}/stac`,
    behaviour,
    stats,
    reset() {
      Object.assign(behaviour, { mode: 'ok', delayMs: 0, affects: 'all' });
      Object.assign(stats, { searches: 0, cogRequests: 0, rangeRequests: 0, fullReads: 0, bytes: 0 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
