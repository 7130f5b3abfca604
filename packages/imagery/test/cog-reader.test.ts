import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromFile, getDecoder } from 'geotiff';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CogUnavailableError, createCogReader, writeGeoTiff } from '../src/index.ts';
import { ZlibDeflateDecoder } from '../src/cog/decoder.ts';
import { LruCache } from '../src/cog/lru.ts';
import { deadUrl, startLoopback, type Loopback } from './helpers/loopback.ts';

const W = 700;
const H = 520;
let dir: string;
let file: string;
let server: Loopback;
let url: string;
// Noisy values (a fixed LCG) so tiles do not compress to nothing and the header read cannot hold them.
let seed = 12345;
const data = new Uint16Array(W * H).map(() => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return 1 + (seed % 60000);
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'imagery-cog-'));
  file = path.join(dir, 'band.tif');
  await writeFile(
    file,
    writeGeoTiff({
      type: 'uint16',
      levels: [{ width: W, height: H, data }],
      geo: { epsg: 32631, originX: 500_000, originY: 4_000_000, resX: 10, resY: 10 },
      tileSize: 128,
      predictor: 2,
      nodata: 0,
    }),
  );
  await writeFile(path.join(dir, 'garbage.tif'), Buffer.from('<html>not a tiff</html>'.repeat(50)));
  server = await startLoopback();
  server.files.set('/band.tif', file);
  server.files.set('/garbage.tif', path.join(dir, 'garbage.tif'));
  url = `${server.url}/band.tif`;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => server.reset());

const expectWindow = (got: ArrayLike<number>, c0: number, r0: number, w: number, h: number) => {
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const inside = c0 + c >= 0 && r0 + r >= 0 && c0 + c < W && r0 + r < H;
      const expected = inside ? data[(r0 + r) * W + c0 + c]! : 0;
      if (got[r * w + c] !== expected) throw new Error(`pixel ${c0 + c},${r0 + r}: ${got[r * w + c]} ≠ ${expected}`);
    }
  }
};

describe('COG window reader', () => {
  it('reads the same pixels as geotiff.js over HTTP Range and from the local file', async () => {
    const reference = await (await fromFile(file)).getImage();
    const [ref] = (await reference.readRasters({ window: [100, 90, 400, 300] })) as unknown as [Uint16Array];
    const reader = createCogReader();
    const remote = await reader.readWindow(url, { col0: 100, row0: 90, width: 300, height: 210 });
    const local = await reader.readWindow(file, { col0: 100, row0: 90, width: 300, height: 210 });
    expect(Array.from(remote.data)).toEqual(Array.from(ref!));
    expect(Array.from(local.data)).toEqual(Array.from(ref!));
    expect(remote.info).toMatchObject({
      width: W,
      height: H,
      tileWidth: 128,
      originX: 500_000,
      originY: 4_000_000,
      resX: 10,
      epsg: 32631,
      nodata: 0,
    });
  });

  it('fetches only the tiles the window touches, with one header read, and serves repeats from the cache', async () => {
    const reader = createCogReader();
    const size = (await stat(file)).size;
    // Window inside tile (1,1): one header request plus one tile request.
    const w = await reader.readWindow(url, { col0: 140, row0: 150, width: 50, height: 40 });
    expectWindow(w.data, 140, 150, 50, 40);
    expect(server.stats.rangeRequests).toBe(2);
    expect(server.stats.bytes).toBeLessThan(size / 4);
    // Window over tiles (1..2, 1..2): tile (1,1) is cached, three are new; adjacent byte ranges merge.
    server.resetStats();
    const four = await reader.readWindow(url, { col0: 250, row0: 250, width: 20, height: 20 });
    expectWindow(four.data, 250, 250, 20, 20);
    expect(server.stats.rangeRequests).toBeGreaterThanOrEqual(1);
    expect(server.stats.rangeRequests).toBeLessThanOrEqual(3);
    expect(reader.stats.tilesDecoded).toBe(4);
    expect(reader.stats.tileCacheHits).toBe(1);
    server.resetStats();
    await reader.readWindow(url, { col0: 140, row0: 150, width: 50, height: 40 });
    expect(server.stats.requests).toBe(0);
    expect(reader.stats.tileCacheHits).toBeGreaterThan(0);
  });

  it('fills pixels outside the image with nodata', async () => {
    const reader = createCogReader();
    const w = await reader.readWindow(file, { col0: -5, row0: H - 3, width: 10, height: 6 });
    expectWindow(w.data, -5, H - 3, 10, 6);
  });

  it('copes with a server that ignores Range', async () => {
    server.behaviour.ignoreRange = true;
    const reader = createCogReader();
    const w = await reader.readWindow(url, { col0: 0, row0: 0, width: 300, height: 300 });
    expectWindow(w.data, 0, 0, 300, 300);
    expect(server.stats.requests).toBe(1);
  });

  it('inflates through node:zlib (geotiff decoder registry overridden)', async () => {
    createCogReader();
    const decoder = await getDecoder(8, {
      tileWidth: 1,
      tileHeight: 1,
      predictor: 1,
      bitsPerSample: 8,
      planarConfiguration: 1,
    });
    expect(decoder).toBeInstanceOf(ZlibDeflateDecoder);
  });

  it('errors: 404 (no retry), garbage, slow (timeout), down — each a CogUnavailableError within bounds', async () => {
    const reader = createCogReader({ timeoutMs: 200, retries: 1 });
    const missing = await reader
      .readWindow(`${server.url}/missing.tif`, { col0: 0, row0: 0, width: 1, height: 1 })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CogUnavailableError);
    expect(server.stats.requests).toBe(1);

    const garbage = await reader
      .readWindow(`${server.url}/garbage.tif`, { col0: 0, row0: 0, width: 1, height: 1 })
      .catch((e: unknown) => e);
    expect(garbage).toBeInstanceOf(CogUnavailableError);
    expect((garbage as Error).message).toMatch(/not a readable GeoTIFF/);

    server.behaviour.delayMs = 2000;
    const started = performance.now();
    const slow = await createCogReader({ timeoutMs: 200, retries: 1 })
      .readWindow(url, { col0: 0, row0: 0, width: 1, height: 1 })
      .catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(CogUnavailableError);
    expect((slow as Error).message).toMatch(/timed out after 200 ms/);
    expect(performance.now() - started).toBeLessThan(1200);

    const down = await reader
      .readWindow(`${await deadUrl()}/band.tif`, { col0: 0, row0: 0, width: 1, height: 1 })
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(CogUnavailableError);
    const noFile = await reader
      .readWindow(path.join(dir, 'nope.tif'), { col0: 0, row0: 0, width: 1, height: 1 })
      .catch((e: unknown) => e);
    expect(noFile).toBeInstanceOf(CogUnavailableError);
  });

  it('retries a 503 and then reads', async () => {
    server.behaviour.failFirst = 1;
    const w = await createCogReader({ retries: 2 }).readWindow(url, { col0: 10, row0: 10, width: 5, height: 5 });
    expectWindow(w.data, 10, 10, 5, 5);
  });
});

describe('LRU cache', () => {
  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new LruCache<string, Uint8Array>(100, (v) => v.byteLength);
    cache.set('a', new Uint8Array(40));
    cache.set('b', new Uint8Array(40));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', new Uint8Array(40)); // 120 > 100: evict b
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.usedCapacity).toBe(80);
    cache.set('huge', new Uint8Array(500));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
