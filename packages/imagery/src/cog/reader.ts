import { GeoTIFF, getDecoder, type BaseDecoder, type GeoTIFFImage } from 'geotiff';
import { CogUnavailableError } from '../errors.ts';
import {
  FileByteSource,
  HttpByteSource,
  isRemote,
  rangeGetFromFetch,
  type FetchLike,
  type ReadStats,
} from './byte-source.ts';
import { registerZlibDecoder } from './decoder.ts';
import { defaultRangeGet } from './http-fetch.ts';
import { LruCache } from './lru.ts';
import { TiffSource } from './tiff-source.ts';

export type SampleArray =
  Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** Grid and layout of the full-resolution image, read from the GeoTIFF itself (never trusted from STAC). */
export interface CogInfo {
  href: string;
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  samples: number;
  /** Top-left corner of pixel (0, 0) and the pixel size in CRS units (resY positive, rows go south). */
  originX: number;
  originY: number;
  resX: number;
  resY: number;
  epsg: number | null;
  nodata: number | null;
}

export interface WindowRequest {
  col0: number;
  row0: number;
  width: number;
  height: number;
  /** Sample (band) inside a multi-band file; 0 for Sentinel-2 COGs. */
  sample?: number;
  /**
   * Where to write the window (width × height samples of the file's own array type, e.g. kept between parcels by the
   * tile pass); a new array when absent or not of that type and length.
   */
  into?: SampleArray;
}

export interface RasterWindow {
  data: SampleArray;
  width: number;
  height: number;
  col0: number;
  row0: number;
  info: CogInfo;
}

export interface CogReaderOptions {
  fetch?: FetchLike;
  /** Per HTTP attempt. */
  timeoutMs?: number;
  retries?: number;
  /** Budget of the decoded-tile LRU in bytes (default 192 MiB ≈ 96 Sentinel-2 1024² tiles). */
  cacheBytes?: number;
  /** Bytes read up front for the IFDs (GDAL reads 16 KiB). */
  headerBytes?: number;
  /** Merge Range requests whose gap is at most this many bytes. */
  mergeGap?: number;
}

export interface CogReader {
  open(href: string): Promise<CogInfo>;
  readWindow(href: string, request: WindowRequest): Promise<RasterWindow>;
  /** Wire and cache counters since creation (or the last resetStats). */
  readonly stats: ReadStats & { tilesDecoded: number; tileCacheHits: number };
  resetStats(): void;
  clearCache(): void;
}

interface OpenCog {
  info: CogInfo;
  image: GeoTIFFImage;
  decoder: BaseDecoder;
  planar: number;
  /** A short key for its blocks in the cache (the href is a long URL, hashed at every lookup). */
  key: number;
  /** The typed array of its samples (sample 0). */
  arrayType: unknown;
}

let nextCogKey = 0;

async function describe(href: string, image: GeoTIFFImage): Promise<OpenCog> {
  const directory = image.getFileDirectory();
  const geoKeys = image.getGeoKeys() ?? {};
  let origin: number[];
  let resolution: number[];
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
  } catch {
    throw new CogUnavailableError(href, 'the TIFF has no georeferencing (ModelTiepoint/ModelPixelScale)');
  }
  let resX = Math.abs(resolution[0]!);
  let resY = Math.abs(resolution[1]!);
  let originX = origin[0]!;
  let originY = origin[1]!;
  if (geoKeys.GTRasterTypeGeoKey === 2) {
    // PixelIsPoint: the tie point is a pixel centre; shift to the corner as GDAL does.
    originX -= resX / 2;
    originY += resY / 2;
  }
  const epsgKey = Number(geoKeys.ProjectedCSTypeGeoKey ?? geoKeys.GeographicTypeGeoKey ?? NaN);
  const planar = Number(directory.getValue('PlanarConfiguration') ?? 1);
  const compression = Number(directory.getValue('Compression') ?? 1);
  const isTiled = directory.hasTag('TileWidth');
  const decoder = await getDecoder(compression, {
    tileWidth: image.getTileWidth(),
    tileHeight: isTiled ? image.getTileHeight() : Number(directory.getValue('RowsPerStrip') ?? image.getHeight()),
    planarConfiguration: planar,
    bitsPerSample: directory.getValue('BitsPerSample') as unknown as number[],
    predictor: Number((await directory.loadValue('Predictor')) ?? 1),
  });
  resX ||= 1;
  resY ||= 1;
  const info: CogInfo = {
    href,
    width: image.getWidth(),
    height: image.getHeight(),
    tileWidth: image.getTileWidth(),
    tileHeight: image.getTileHeight(),
    samples: image.getSamplesPerPixel(),
    originX,
    originY,
    resX,
    resY,
    epsg: Number.isFinite(epsgKey) && epsgKey > 0 && epsgKey < 32767 ? epsgKey : null,
    nodata: image.getGDALNoData(),
  };
  return { info, image, decoder, planar, key: nextCogKey++, arrayType: image.getArrayForSample(0, 0).constructor };
}

/**
 * Windowed COG reads: only the internal tiles a window touches are fetched (Range requests or positional
 * file reads), decoded through node:zlib, and kept in a byte-bounded LRU shared by every caller.
 */
export function createCogReader(options: CogReaderOptions = {}): CogReader {
  registerZlibDecoder();
  const get = options.fetch ? rangeGetFromFetch(options.fetch) : defaultRangeGet();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const headerBytes = options.headerBytes ?? 16_384;
  const mergeGap = options.mergeGap ?? 0;
  const stats = { requests: 0, bytes: 0, tilesDecoded: 0, tileCacheHits: 0 };
  const opened = new LruCache<string, Promise<OpenCog>>(512);
  const tiles = new LruCache<string, SampleArray>(options.cacheBytes ?? 192 * 1024 * 1024, (t) => t.byteLength);
  const inflight = new Map<string, Promise<SampleArray>>();

  function openCog(href: string): Promise<OpenCog> {
    const cached = opened.get(href);
    if (cached) return cached;
    const bytes = isRemote(href)
      ? new HttpByteSource(href, { get, timeoutMs, retries, stats })
      : new FileByteSource(href, stats);
    const source = new TiffSource(bytes, headerBytes, mergeGap);
    const promise = (async () => {
      try {
        const tiff = await GeoTIFF.fromSource(source as unknown as Parameters<typeof GeoTIFF.fromSource>[0]);
        return await describe(href, await tiff.getImage(0));
      } catch (error) {
        if (error instanceof CogUnavailableError) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new CogUnavailableError(href, `not a readable GeoTIFF (${reason})`, { cause: error });
      }
    })();
    opened.set(href, promise);
    promise.catch(() => opened.delete(href));
    return promise;
  }

  const blockKey = (cog: OpenCog, tx: number, ty: number, sample: number) =>
    `${cog.key},${tx},${ty},${cog.planar === 2 ? sample : 0}`;

  /** A decoded block already in the cache, or undefined. */
  function cachedTile(cog: OpenCog, tx: number, ty: number, sample: number): SampleArray | undefined {
    const hit = tiles.get(blockKey(cog, tx, ty, sample));
    if (hit) stats.tileCacheHits++;
    return hit;
  }

  function tile(cog: OpenCog, tx: number, ty: number, sample: number): Promise<SampleArray> {
    const key = blockKey(cog, tx, ty, sample);
    const hit = tiles.get(key);
    if (hit) {
      stats.tileCacheHits++;
      return Promise.resolve(hit);
    }
    const running = inflight.get(key);
    if (running) return running;
    const promise = cog.image
      .getTileOrStrip(tx, ty, cog.planar === 2 ? sample : 0, cog.decoder)
      .then(({ data }) => {
        const array = cog.image.getArrayForSample(sample, data) as SampleArray;
        stats.tilesDecoded++;
        tiles.set(key, array);
        return array;
      })
      .catch((error: unknown) => {
        if (error instanceof CogUnavailableError) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new CogUnavailableError(cog.info.href, `tile ${tx},${ty} could not be decoded (${reason})`, {
          cause: error,
        });
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  async function readWindow(href: string, request: WindowRequest): Promise<RasterWindow> {
    const cog = await openCog(href);
    const { info, image } = cog;
    const { col0, row0, width, height } = request;
    const sample = request.sample ?? 0;
    if (sample >= info.samples) throw new CogUnavailableError(href, `sample ${sample} does not exist`);
    const into = request.into;
    const fits =
      into !== undefined && sample === 0 && into.length === width * height && into.constructor === cog.arrayType;
    const out = fits ? into : (image.getArrayForSample(sample, width * height) as SampleArray);
    const c0 = Math.max(0, col0);
    const r0 = Math.max(0, row0);
    const c1 = Math.min(info.width, col0 + width);
    const r1 = Math.min(info.height, row0 + height);
    // Pixels outside the raster read as no data: a new array is already all 0, one handed in holds anything.
    const inside = c0 === col0 && r0 === row0 && c1 === col0 + width && r1 === row0 + height;
    if (!inside && (fits || (info.nodata ?? 0) !== 0)) out.fill(info.nodata ?? 0);
    if (c0 >= c1 || r0 >= r1) return { data: out, width, height, col0, row0, info };
    const tw = info.tileWidth;
    const th = info.tileHeight;
    const stride = cog.planar === 2 ? 1 : info.samples;
    const offset = cog.planar === 2 ? 0 : sample;
    const jobs: Array<Promise<void>> = [];
    for (let ty = Math.floor(r0 / th); ty * th < r1; ty++) {
      for (let tx = Math.floor(c0 / tw); tx * tw < c1; tx++) {
        const copy = (data: SampleArray) => {
          const ya = Math.max(r0, ty * th);
          const yb = Math.min(r1, (ty + 1) * th);
          const xa = Math.max(c0, tx * tw);
          const xb = Math.min(c1, (tx + 1) * tw);
          for (let y = ya; y < yb; y++) {
            const src = ((y - ty * th) * tw - tx * tw) * stride + offset;
            const dst = (y - row0) * width - col0;
            // One band per block (the usual COG): a row's run is one copy.
            if (stride === 1) out.set(data.subarray(src + xa, src + xb), dst + xa);
            else for (let x = xa; x < xb; x++) out[dst + x] = data[src + x * stride]!;
          }
        };
        // A block in the cache is copied at once; only the others wait for their read and decoding.
        const hit = cachedTile(cog, tx, ty, sample);
        if (hit) copy(hit);
        else jobs.push(tile(cog, tx, ty, sample).then(copy));
      }
    }
    if (jobs.length > 0) await Promise.all(jobs);
    return { data: out, width, height, col0, row0, info };
  }

  return {
    open: async (href) => (await openCog(href)).info,
    readWindow,
    stats,
    resetStats() {
      stats.requests = 0;
      stats.bytes = 0;
      stats.tilesDecoded = 0;
      stats.tileCacheHits = 0;
    },
    clearCache() {
      tiles.clear();
      opened.clear();
    },
  };
}
