import type { CogInfo, CogReader, SampleArray } from '../cog/reader.ts';
import { CogUnavailableError } from '../errors.ts';
import { geometryRings, type ParcelGeometry } from '@filaha/shared/geometry';
import { flatRingsBBox, projectRings } from '../geo/project.ts';
import { pointOnSurface } from '../geo/point-on-surface.ts';
import { countSet, rasterizeRings, type PixelGrid } from '../geo/rasterize.ts';
import type { Acquisition } from '../stac/item.ts';
import { REFLECTANCE_SCALE } from '../stac/offset.ts';
import { bufferScl, DEFAULT_CLOUD_BUFFER_M, maskLookup } from './masks.ts';
import { isNoData, resampleBilinear, resampleNearest, type SourceWindow } from './resample.ts';

/** The parcel's window on the finest band's pixel grid (10 m for Sentinel-2), in that band's UTM CRS. */
export interface StackGrid extends PixelGrid {
  epsg: number;
  /** Position of the window inside the reference COG (for tests and debugging). */
  col0: number;
  row0: number;
}

export interface BandStack {
  grid: StackGrid;
  /** Reflectance (offset rule applied), NaN where no-data. Keyed by asset key. */
  bands: Record<string, Float64Array>;
  /**
   * SCL classes by nearest neighbour on the same grid (0 = no data), when requested; pixels within the cloud
   * buffer of a masked cloud, cirrus or shadow read BUFFER_CLASS.
   */
  scl: Uint8Array | null;
  /**
   * 1 where the pixel centre lies inside the parcel; when no centre does (a parcel smaller or thinner than a
   * pixel), the single pixel containing the parcel's point-on-surface.
   */
  inParcel: Uint8Array;
}

const sameGrid = (a: CogInfo, b: CogInfo) =>
  Math.abs(a.resX - b.resX) < 1e-9 && Math.abs(a.originX - b.originX) < 1e-6 && Math.abs(a.originY - b.originY) < 1e-6;

function assetHref(acquisition: Acquisition, key: string): string {
  const asset = acquisition.assets[key];
  if (!asset) throw new CogUnavailableError(`${acquisition.id}/${key}`, `item ${acquisition.id} has no '${key}' asset`);
  return asset.href;
}

export interface BandStackOptions {
  /** Read the SCL band too (needed for masks and for mask-aware resampling). */
  scl: boolean;
  /** Masked SCL classes (default DEFAULT_MASKED_SCL_CLASSES): never resampled into a valid pixel, and buffered. */
  maskClasses?: ReadonlyArray<number>;
  /** Buffer around masked clouds, cirrus and shadows, in metres (default DEFAULT_CLOUD_BUFFER_M; 0 = none). */
  cloudBufferM?: number;
  /**
   * SCL already buffered over a large part of a tile (the tile pass: bufferedSclWindow), by SCL asset href, with
   * these maskClasses and cloudBufferM. A parcel whose SCL read lies inside it takes its classes from it instead of
   * reading and buffering its own window: the same classes, since a buffered pixel depends only on the pixels within
   * the buffer and the read's margin holds them.
   */
  bufferedScl?: ReadonlyMap<string, SourceWindow>;
  /**
   * Only the parcel's pixels matter (its statistics, of a stack not mosaicked with another tile's): the bands
   * resampled from a coarser grid are computed there only, NaN elsewhere.
   */
  parcelOnly?: boolean;
  /**
   * Arrays of one caller that reads one stack at a time (a lane of the tile pass): the bands' windows are read into
   * them too, and withBandStack assembles the stack in them. Never shared by stacks read at the same time.
   */
  pool?: ArrayPool;
}

/** Same grid: digital numbers to reflectance (offset rule), NaN for no-data, in one pass. */
function toReflectance(data: SampleArray, nodata: number, offset: number, out?: Float64Array): Float64Array {
  out ??= new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    out[i] = isNoData(v, nodata) ? Number.NaN : (v - offset) / REFLECTANCE_SCALE;
  }
  return out;
}

/**
 * Reads the SCL of `href` over the pixel window `[col0, col1) × [row0, row1)` and buffers its clouds once (bufferScl):
 * what readBandStack takes from BandStackOptions.bufferedScl for every parcel inside it. Beyond the raster the window
 * holds no data (0), as a parcel's own read does, up to `beyond` pixels past each edge; it is clipped there.
 */
export async function bufferedSclWindow(
  reader: CogReader,
  href: string,
  window: { col0: number; row0: number; col1: number; row1: number },
  options: Pick<BandStackOptions, 'maskClasses' | 'cloudBufferM'>,
  beyond = 0,
): Promise<SourceWindow> {
  const info = await reader.open(href);
  const col0 = Math.max(-beyond, window.col0);
  const row0 = Math.max(-beyond, window.row0);
  const width = Math.max(0, Math.min(info.width + beyond, window.col1) - col0);
  const height = Math.max(0, Math.min(info.height + beyond, window.row1) - row0);
  const read = await reader.readWindow(href, { col0, row0, width, height });
  const data = read.data instanceof Uint8Array ? read.data : Uint8Array.from(read.data);
  const masked = maskLookup(options.maskClasses);
  return {
    data: bufferScl(data, width, height, info.resX, options.cloudBufferM ?? DEFAULT_CLOUD_BUFFER_M, masked),
    grid: {
      x0: info.originX + col0 * info.resX,
      y0: info.originY - row0 * info.resY,
      resX: info.resX,
      resY: info.resY,
      width,
      height,
    },
  };
}

/** Whether `inner` (a window on the same pixel grid) lies wholly inside `outer`. */
function holds(outer: PixelGrid, inner: PixelGrid): boolean {
  const eps = 1e-6;
  return (
    Math.abs(outer.resX - inner.resX) < 1e-9 &&
    Math.abs(outer.resY - inner.resY) < 1e-9 &&
    inner.x0 >= outer.x0 - eps &&
    inner.y0 <= outer.y0 + eps &&
    inner.x0 + inner.width * inner.resX <= outer.x0 + outer.width * outer.resX + eps &&
    inner.y0 - inner.height * inner.resY >= outer.y0 - outer.height * outer.resY - eps
  );
}

/** 1 per source pixel of `window` whose SCL (looked up at the pixel's centre) is masked. */
function excludedByScl(window: SourceWindow, scl: SourceWindow, masked: Uint8Array, out?: Uint8Array): Uint8Array {
  const { grid } = window;
  out = out ? out.fill(0) : new Uint8Array(grid.width * grid.height);
  for (let j = 0; j < grid.height; j++) {
    const sj = Math.floor((scl.grid.y0 - (grid.y0 - (j + 0.5) * grid.resY)) / scl.grid.resY);
    if (sj < 0 || sj >= scl.grid.height) continue;
    for (let i = 0; i < grid.width; i++) {
      const si = Math.floor((grid.x0 + (i + 0.5) * grid.resX - scl.grid.x0) / scl.grid.resX);
      if (si < 0 || si >= scl.grid.width) continue;
      if (masked[scl.data[sj * scl.grid.width + si]!]) out[j * grid.width + i] = 1;
    }
  }
  return out;
}

/**
 * Reads the bands of one acquisition over a parcel onto one grid: the finest band's pixels covering the
 * parcel (plus a one-pixel margin so rendering has values up to the parcel's edge). Coarser bands are
 * resampled bilinearly without their SCL-masked pixels, SCL by nearest neighbour after buffering clouds and
 * shadows on its own grid. All reads run concurrently; only touched tiles load.
 */
export async function readBandStack(
  reader: CogReader,
  acquisition: Acquisition,
  bandKeys: ReadonlyArray<string>,
  geometry: ParcelGeometry,
  options: BandStackOptions,
): Promise<BandStack> {
  return (await prepareBandStack(reader, acquisition, bandKeys, geometry, options))(null);
}

/**
 * readBandStack for a stack used at once and dropped (a point's statistics, a parcel's SCL summary): its arrays are
 * taken from buffers kept between calls (ArrayPool), so the tile pass does not allocate a dozen arrays a parcel. The
 * stack is built and `use`d in one synchronous step — no other parcel's stack can take the buffers meanwhile — and
 * what `use` returns must hold none of its arrays.
 */
export async function withBandStack<R>(
  reader: CogReader,
  acquisition: Acquisition,
  bandKeys: ReadonlyArray<string>,
  geometry: ParcelGeometry,
  options: BandStackOptions,
  use: (stack: BandStack, pool: ArrayPool) => R,
): Promise<R> {
  const assemble = await prepareBandStack(reader, acquisition, bandKeys, geometry, options);
  const pool = options.pool ?? POOL;
  return use(assemble(pool), pool);
}

/** Growable typed arrays by slot, reused from one stack to the next (withBandStack); views of the asked length. */
export class ArrayPool {
  private readonly arrays = new Map<string, Uint8Array | Uint16Array | Float32Array | Float64Array>();

  /** Arrays above this many elements are not kept: a large window gets its own. */
  static readonly MAX_KEPT = 1 << 21;

  private take<T extends Uint8Array | Uint16Array | Float32Array | Float64Array>(
    slot: string,
    n: number,
    make: (n: number) => T,
  ): T {
    if (n > ArrayPool.MAX_KEPT) return make(n);
    let kept = this.arrays.get(slot) as T | undefined;
    if (!kept || kept.length < n) {
      kept = make(Math.min(ArrayPool.MAX_KEPT, Math.max(n, 4096, 2 * (kept?.length ?? 0))));
      this.arrays.set(slot, kept);
    }
    return kept.subarray(0, n) as T;
  }

  u8 = (slot: string, n: number) => this.take(slot, n, (m) => new Uint8Array(m));
  u16 = (slot: string, n: number) => this.take(slot, n, (m) => new Uint16Array(m));
  f32 = (slot: string, n: number) => this.take(slot, n, (m) => new Float32Array(m));
  f64 = (slot: string, n: number) => this.take(slot, n, (m) => new Float64Array(m));
}

const POOL = new ArrayPool();

/** Everything of readBandStack that waits (opening and reading); the stack is then assembled without waiting. */
async function prepareBandStack(
  reader: CogReader,
  acquisition: Acquisition,
  bandKeys: ReadonlyArray<string>,
  geometry: ParcelGeometry,
  options: BandStackOptions,
): Promise<(pool: ArrayPool | null) => BandStack> {
  const keys = [...bandKeys];
  const hrefs = keys.map((key) => assetHref(acquisition, key));
  const sclHref = options.scl ? assetHref(acquisition, 'scl') : null;
  const infos = await Promise.all([...hrefs, ...(sclHref ? [sclHref] : [])].map((href) => reader.open(href)));
  const bandInfos = infos.slice(0, keys.length);
  const sclInfo = sclHref ? infos[infos.length - 1]! : null;
  const candidates = bandInfos.length > 0 ? bandInfos : [sclInfo!];
  const reference = candidates.reduce((best, info) => (info.resX < best.resX ? info : best));
  const epsg = reference.epsg ?? acquisition.epsg;
  if (epsg === null) throw new CogUnavailableError(reference.href, 'no CRS in the GeoTIFF nor in the item');
  for (const info of infos) {
    if (info.epsg !== null && info.epsg !== epsg)
      throw new CogUnavailableError(info.href, `CRS EPSG:${info.epsg} differs from EPSG:${epsg}`);
  }

  const rings = projectRings(geometryRings(geometry), epsg);
  const [minX, minY, maxX, maxY] = flatRingsBBox(rings);
  const res = reference.resX;
  const col0 = Math.floor((minX - reference.originX) / res) - 1;
  const col1 = Math.ceil((maxX - reference.originX) / res) + 1;
  const row0 = Math.floor((reference.originY - maxY) / reference.resY) - 1;
  const row1 = Math.ceil((reference.originY - minY) / reference.resY) + 1;
  const grid: StackGrid = {
    epsg,
    col0,
    row0,
    x0: reference.originX + col0 * res,
    y0: reference.originY - row0 * reference.resY,
    resX: res,
    resY: reference.resY,
    width: col1 - col0,
    height: row1 - row0,
  };

  const masked = maskLookup(options.maskClasses);
  const bufferM = options.cloudBufferM ?? DEFAULT_CLOUD_BUFFER_M;
  // Source window covering the target grid plus `margin` source pixels (the bilinear neighbours; for SCL also the
  // clouds whose buffer reaches into the grid).
  const sourceGridOf = (info: CogInfo, margin: number): PixelGrid & { col0: number; row0: number } => {
    const sc0 = Math.floor((grid.x0 - info.originX) / info.resX) - margin;
    const sc1 = Math.ceil((grid.x0 + grid.width * grid.resX - info.originX) / info.resX) + margin;
    const sr0 = Math.floor((info.originY - grid.y0) / info.resY) - margin;
    const sr1 = Math.ceil((info.originY - (grid.y0 - grid.height * grid.resY)) / info.resY) + margin;
    return {
      col0: sc0,
      row0: sr0,
      x0: info.originX + sc0 * info.resX,
      y0: info.originY - sr0 * info.resY,
      resX: info.resX,
      resY: info.resY,
      width: sc1 - sc0,
      height: sr1 - sr0,
    };
  };
  // A band's window goes into the caller's pool, when it has one (Sentinel-2 bands are 16-bit; the reader ignores
  // another type); SCL's, bytes buffered into a copy at once, does not.
  const readOnGrid = async (href: string, info: CogInfo, margin = 1, pooled = true): Promise<SourceWindow> => {
    const into = (n: number) => (pooled ? options.pool?.u16(`window:${href}`, n) : undefined);
    if (margin === 1 && sameGrid(info, reference)) {
      const window = await reader.readWindow(href, {
        col0,
        row0,
        width: grid.width,
        height: grid.height,
        into: into(grid.width * grid.height),
      });
      return { data: window.data, grid: { ...grid } };
    }
    const { col0: sc0, row0: sr0, ...sourceGrid } = sourceGridOf(info, margin);
    const window = await reader.readWindow(href, {
      col0: sc0,
      row0: sr0,
      width: sourceGrid.width,
      height: sourceGrid.height,
      into: into(sourceGrid.width * sourceGrid.height),
    });
    return { data: window.data, grid: sourceGrid };
  };

  const sclMargin = sclInfo ? 1 + Math.ceil(Math.max(0, bufferM) / sclInfo.resX) : 1;
  const prebuffered = sclHref && sclInfo ? options.bufferedScl?.get(sclHref) : undefined;
  const fromPrebuffered =
    prebuffered && sclInfo && holds(prebuffered.grid, sourceGridOf(sclInfo, sclMargin)) ? prebuffered : null;
  const [bandWindows, rawScl] = await Promise.all([
    Promise.all(keys.map((key, i) => readOnGrid(hrefs[i]!, bandInfos[i]!))),
    sclHref && sclInfo && !fromPrebuffered ? readOnGrid(sclHref, sclInfo, sclMargin, false) : Promise.resolve(null),
  ]);
  return (pool) => {
    const sclWindow: SourceWindow | null =
      fromPrebuffered ??
      (rawScl && {
        grid: rawScl.grid,
        // bufferScl works on a copy of its input: an SCL window already in bytes is not copied twice.
        data: bufferScl(
          rawScl.data instanceof Uint8Array ? rawScl.data : Uint8Array.from(rawScl.data),
          rawScl.grid.width,
          rawScl.grid.height,
          rawScl.grid.resX,
          bufferM,
          masked,
        ),
      });

    const n = grid.width * grid.height;
    const inParcel = rasterizeRings(rings, grid, pool?.u8('inParcel', n));
    const surface = countSet(inParcel) === 0 ? pointOnSurface(rings) : null;
    if (surface) {
      // A parcel smaller or thinner than a pixel may hold no pixel centre: it is then the one pixel that
      // contains its point-on-surface (inside the polygon even when concave; the bbox centre may not be).
      const c = Math.floor((surface[0] - grid.x0) / res);
      const r = Math.floor((grid.y0 - surface[1]) / grid.resY);
      if (c >= 0 && r >= 0 && c < grid.width && r < grid.height) inParcel[r * grid.width + c] = 1;
    }

    const bands: Record<string, Float64Array> = {};
    const offset = acquisition.dnOffset;
    keys.forEach((key, i) => {
      const info = bandInfos[i]!;
      const window = bandWindows[i]!;
      const nodata = info.nodata ?? 0;
      if (sameGrid(info, reference)) {
        bands[key] = toReflectance(window.data, nodata, offset, pool?.f64(`band:${key}`, n));
        return;
      }
      const excluded = sclWindow
        ? excludedByScl(window, sclWindow, masked, pool?.u8('excluded', window.grid.width * window.grid.height))
        : undefined;
      const only = options.parcelOnly ? inParcel : undefined;
      bands[key] = resampleBilinear(window, grid, nodata, excluded, only, pool?.f64(`band:${key}`, n), {
        offset,
        divisor: REFLECTANCE_SCALE,
      });
    });

    const scl = sclWindow ? resampleNearest(sclWindow, grid, pool?.u8('scl', n)) : null;
    return { grid, bands, scl, inParcel };
  };
}
