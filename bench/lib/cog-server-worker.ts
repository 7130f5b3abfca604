// The loopback "cloud" of the bench, run in a worker thread so serving bytes never competes with the API's
// event loop (in production the COGs come from object storage, not from the API process): the demo catalog's
// COGs over HTTP with HEAD and single Range requests, and a STAC API stub (POST /stac/search) whose items
// point at them. Counters live in a SharedArrayBuffer the main thread reads between calls. Options: `delayMs`
// waits that long before every answer (a network round trip), `fromDisk` serves large COGs from their files.
import { open, readdir, readFile, stat, type FileHandle } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { COUNTER, type CogServerInit } from './cog-server-protocol.ts';

type Json = Record<string, unknown>;

const { catalogDir, counters: shared, delayMs = 0, fromDisk = false } = workerData as CogServerInit;
const counters = new BigInt64Array(shared);
const add = (slot: number, n: number) => Atomics.add(counters, slot, BigInt(n));

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

/** A COG's bytes: in memory, or an open file read positionally (real-size COGs of hundreds of MB). */
interface Content {
  size: number;
  read(from: number, to: number): Promise<Buffer>;
}

const inMemory = (bytes: Buffer): Content => ({
  size: bytes.length,
  read: async (from, to) => bytes.subarray(from, to + 1),
});

async function onDisk(path: string): Promise<Content> {
  const handle: FileHandle = await open(path, 'r');
  handles.push(handle);
  const size = (await stat(path)).size;
  return {
    size,
    async read(from, to) {
      const buffer = Buffer.allocUnsafe(to - from + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
      return buffer.subarray(0, bytesRead);
    },
  };
}

// By default the whole catalog in memory (the demo's ≈ 3.4 MB): the server answers like an object store, never
// waiting on the disk. `fromDisk` serves large catalogs from the files (the OS page cache keeps them hot).
const handles: FileHandle[] = [];
const files = new Map<string, Content>();
const items: Json[] = [];
for (const id of (await readdir(catalogDir)).sort()) {
  const raw = await readFile(join(catalogDir, id, `${id}.json`), 'utf8').catch(() => null);
  if (raw === null) continue;
  const item = JSON.parse(raw) as Json;
  for (const asset of Object.values(item.assets as Record<string, Json>)) {
    const file = basename(String(asset.href));
    const path = join(catalogDir, id, file);
    files.set(`/cogs/${id}/${file}`, fromDisk ? await onDisk(path) : inMemory(await readFile(path)));
  }
  items.push(item);
}

Atomics.store(counters, COUNTER.delayOverride, -1n);
const delay = () => {
  const override = Number(Atomics.load(counters, COUNTER.delayOverride));
  const ms = override >= 0 ? override : delayMs;
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
};

function search(body: Json, base: string): Json {
  const [start, end] = String(body.datetime ?? '../..').split('/');
  const area = body.intersects ? bboxOf((body.intersects as Json).coordinates) : (body.bbox as number[] | undefined);
  const collections = (body.collections as string[] | undefined) ?? ['sentinel-2-l2a'];
  // The generation goes into every href: bumping it makes the engine see never-read COGs (a cold tile cache)
  // without touching the app's internals.
  const generation = Atomics.load(counters, COUNTER.generation);
  const features = items
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
        asset.href = `${base}/cogs/${String(copy.id)}/${basename(String(asset.href))}?g=${generation}`;
      }
      return copy;
    });
  return { type: 'FeatureCollection', features, links: [{ rel: 'root', href: `${base}/stac` }] };
}

async function serveCog(request: IncomingMessage, response: ServerResponse, content: Content): Promise<void> {
  const size = content.size;
  if (request.method === 'HEAD') {
    add(COUNTER.headRequests, 1);
    response.writeHead(200, { 'content-type': 'image/tiff', 'accept-ranges': 'bytes', 'content-length': String(size) });
    response.end();
    return;
  }
  add(COUNTER.cogRequests, 1);
  const range = request.headers.range?.match(/^bytes=(\d+)-(\d*)$/);
  if (!range) {
    add(COUNTER.fullReads, 1);
    add(COUNTER.cogBytes, size);
    response.writeHead(200, { 'content-type': 'image/tiff', 'accept-ranges': 'bytes', 'content-length': String(size) });
    response.end(await content.read(0, size - 1));
    return;
  }
  const from = Number(range[1]);
  const to = Math.min(size - 1, range[2] ? Number(range[2]) : size - 1);
  if (from >= size) {
    response.writeHead(416, { 'content-range': `bytes */${size}`, 'content-length': '0' });
    response.end();
    return;
  }
  const body = await content.read(from, to);
  add(COUNTER.cogBytes, body.length);
  response.writeHead(206, {
    'content-type': 'image/tiff',
    'accept-ranges': 'bytes',
    'content-range': `bytes ${from}-${to}/${size}`,
    'content-length': String(body.length),
  });
  response.end(body);
}

async function handle(request: IncomingMessage, response: ServerResponse, base: string): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  await delay();
  if (path === '/stac/search' && request.method === 'POST') {
    add(COUNTER.stacSearches, 1);
    const page = Buffer.from(JSON.stringify(search(JSON.parse((await readBody(request)) || '{}') as Json, base)));
    add(COUNTER.stacBytes, page.length);
    response.writeHead(200, { 'content-type': 'application/geo+json', 'content-length': String(page.length) });
    response.end(page);
    return;
  }
  const content = files.get(path);
  if (!content) {
    add(COUNTER.notFound, 1);
    response.writeHead(404, { 'content-type': 'text/plain', 'content-length': '9' });
    response.end('not found');
    return;
  }
  await serveCog(request, response, content);
}

const server = createServer((request, response) => {
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handle(request, response, base).catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(500);
    response.end(String(error));
  });
});
server.listen(0, '127.0.0.1', () => {
  parentPort?.postMessage({ type: 'listening', port: (server.address() as AddressInfo).port });
});
parentPort?.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return;
  server.closeAllConnections();
  server.close(() => {
    void Promise.all(handles.map((h) => h.close())).finally(() => parentPort?.postMessage({ type: 'closed' }));
  });
});
