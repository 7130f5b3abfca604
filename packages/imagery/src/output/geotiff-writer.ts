import { endianness } from 'node:os';
import { deflateSync } from 'node:zlib';

/**
 * A minimal tiled GeoTIFF / COG writer (classic TIFF, little-endian, one sample per pixel). geotiff.js's
 * writer cannot tile, compress or write overviews, so the demo catalog and the Float32 download use this.
 * Layout follows the COG convention: all IFDs first, then tile data, smallest overview first.
 */
export type SampleType = 'uint8' | 'uint16' | 'int16' | 'float32';
export type SampleData = Uint8Array | Uint16Array | Int16Array | Float32Array;

export interface GeoReference {
  /** 4326 writes a geographic (lon/lat) model, anything else a projected one. */
  epsg: number;
  /** Top-left corner of pixel (0, 0) and the pixel size; resY is positive (rows go south). */
  originX: number;
  originY: number;
  resX: number;
  resY: number;
}

export interface RasterLevel {
  width: number;
  height: number;
  data: SampleData;
}

export interface GeoTiffOptions {
  type: SampleType;
  /** Full resolution first, then overviews. */
  levels: RasterLevel[];
  geo: GeoReference;
  tileSize?: number;
  compression?: 'deflate' | 'none';
  /** 2 = horizontal differencing (integer types only). */
  predictor?: 1 | 2;
  nodata?: number | 'nan';
  deflateLevel?: number;
}

const TYPE_INFO: Record<SampleType, { bits: number; format: number; make: (n: number) => SampleData }> = {
  uint8: { bits: 8, format: 1, make: (n) => new Uint8Array(n) },
  uint16: { bits: 16, format: 1, make: (n) => new Uint16Array(n) },
  int16: { bits: 16, format: 2, make: (n) => new Int16Array(n) },
  float32: { bits: 32, format: 3, make: (n) => new Float32Array(n) },
};

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;
const TYPE_SIZE: Record<number, number> = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 };

interface Entry {
  tag: number;
  type: number;
  values: number[] | string;
}

function payload(entry: Entry): Buffer {
  if (typeof entry.values === 'string') return Buffer.from(`${entry.values}\0`, 'latin1');
  const size = TYPE_SIZE[entry.type]!;
  const buffer = Buffer.alloc(entry.values.length * size);
  entry.values.forEach((v, i) => {
    if (entry.type === SHORT) buffer.writeUInt16LE(v, i * 2);
    else if (entry.type === LONG) buffer.writeUInt32LE(v, i * 4);
    else buffer.writeDoubleLE(v, i * 8);
  });
  return buffer;
}

const count = (entry: Entry) => (typeof entry.values === 'string' ? entry.values.length + 1 : entry.values.length);
const even = (n: number) => n + (n % 2);

function ifdSize(entries: Entry[]): number {
  let size = 2 + entries.length * 12 + 4;
  for (const e of entries) {
    const bytes = count(e) * TYPE_SIZE[e.type]!;
    if (bytes > 4) size += even(bytes);
  }
  return size;
}

function writeIfd(target: Buffer, at: number, entries: Entry[], nextIfd: number): void {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  target.writeUInt16LE(sorted.length, at);
  let extra = at + 2 + sorted.length * 12 + 4;
  sorted.forEach((e, i) => {
    const slot = at + 2 + i * 12;
    const data = payload(e);
    target.writeUInt16LE(e.tag, slot);
    target.writeUInt16LE(e.type, slot + 2);
    target.writeUInt32LE(count(e), slot + 4);
    if (data.length <= 4) data.copy(target, slot + 8);
    else {
      target.writeUInt32LE(extra, slot + 8);
      data.copy(target, extra);
      extra += even(data.length);
    }
  });
  target.writeUInt32LE(nextIfd, at + 2 + sorted.length * 12);
}

function geoKeys(epsg: number): number[] {
  const keys: Array<[number, number]> =
    epsg === 4326
      ? [
          [1024, 2],
          [1025, 1],
          [2048, 4326],
          [2054, 9102],
        ]
      : [
          [1024, 1],
          [1025, 1],
          [3072, epsg],
          [3076, 9001],
        ];
  return [1, 1, 0, keys.length, ...keys.flatMap(([key, value]) => [key, 0, 1, value])];
}

function encodeTiles(
  level: RasterLevel,
  options: Required<Omit<GeoTiffOptions, 'nodata'>> & { fill: number },
): Buffer[] {
  const { tileSize, type, predictor, compression, deflateLevel, fill } = options;
  const tiles: Buffer[] = [];
  const across = Math.ceil(level.width / tileSize);
  const down = Math.ceil(level.height / tileSize);
  for (let ty = 0; ty < down; ty++) {
    for (let tx = 0; tx < across; tx++) {
      const tile = TYPE_INFO[type].make(tileSize * tileSize);
      tile.fill(fill);
      for (let y = 0; y < tileSize && ty * tileSize + y < level.height; y++) {
        const from = (ty * tileSize + y) * level.width + tx * tileSize;
        const length = Math.min(tileSize, level.width - tx * tileSize);
        tile.set(level.data.subarray(from, from + length), y * tileSize);
      }
      if (predictor === 2) {
        // Horizontal differencing, right to left so each delta uses the original left neighbour.
        for (let y = 0; y < tileSize; y++) {
          for (let x = tileSize - 1; x > 0; x--) tile[y * tileSize + x]! -= tile[y * tileSize + x - 1]!;
        }
      }
      const raw = Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength);
      tiles.push(compression === 'deflate' ? deflateSync(raw, { level: deflateLevel }) : Buffer.from(raw));
    }
  }
  return tiles;
}

export function writeGeoTiff(options: GeoTiffOptions): Buffer {
  if (endianness() !== 'LE') throw new Error('writeGeoTiff assumes a little-endian host');
  const type = options.type;
  const predictor = options.predictor ?? 1;
  if (predictor === 2 && type === 'float32') throw new Error('Predictor 2 is for integer samples');
  const settings = {
    type,
    levels: options.levels,
    geo: options.geo,
    tileSize: options.tileSize ?? 256,
    compression: options.compression ?? 'deflate',
    predictor,
    deflateLevel: options.deflateLevel ?? 6,
    fill: options.nodata === undefined ? 0 : options.nodata === 'nan' ? Number.NaN : options.nodata,
  };
  if (settings.tileSize % 16 !== 0) throw new Error('TIFF tiles must be a multiple of 16 pixels');
  const tileSets = settings.levels.map((level) => encodeTiles(level, settings));
  const info = TYPE_INFO[type];
  const entriesFor = (index: number, offsets: number[], counts: number[]): Entry[] => {
    const level = settings.levels[index]!;
    const entries: Entry[] = [
      { tag: 254, type: LONG, values: [index === 0 ? 0 : 1] },
      { tag: 256, type: LONG, values: [level.width] },
      { tag: 257, type: LONG, values: [level.height] },
      { tag: 258, type: SHORT, values: [info.bits] },
      { tag: 259, type: SHORT, values: [settings.compression === 'deflate' ? 8 : 1] },
      { tag: 262, type: SHORT, values: [1] },
      { tag: 277, type: SHORT, values: [1] },
      { tag: 284, type: SHORT, values: [1] },
      { tag: 322, type: LONG, values: [settings.tileSize] },
      { tag: 323, type: LONG, values: [settings.tileSize] },
      { tag: 324, type: LONG, values: offsets },
      { tag: 325, type: LONG, values: counts },
      { tag: 339, type: SHORT, values: [info.format] },
    ];
    if (predictor === 2) entries.push({ tag: 317, type: SHORT, values: [2] });
    if (options.nodata !== undefined) entries.push({ tag: 42113, type: ASCII, values: String(options.nodata) });
    if (index === 0) {
      const { geo } = settings;
      entries.push(
        { tag: 33550, type: DOUBLE, values: [geo.resX, geo.resY, 0] },
        { tag: 33922, type: DOUBLE, values: [0, 0, 0, geo.originX, geo.originY, 0] },
        { tag: 34735, type: SHORT, values: geoKeys(geo.epsg) },
      );
    }
    return entries;
  };
  // Pass 1: sizes (they do not depend on the offset values), pass 2: real offsets.
  const placeholder = tileSets.map((tiles, i) =>
    entriesFor(
      i,
      tiles.map(() => 0),
      tiles.map(() => 0),
    ),
  );
  const ifdOffsets: number[] = [];
  let cursor = 8;
  for (const entries of placeholder) {
    ifdOffsets.push(cursor);
    cursor += even(ifdSize(entries));
  }
  const tileOffsets = tileSets.map((tiles) => tiles.map(() => 0));
  for (let level = tileSets.length - 1; level >= 0; level--) {
    tileSets[level]!.forEach((tile, i) => {
      tileOffsets[level]![i] = cursor;
      cursor += even(tile.length);
    });
  }
  const out = Buffer.alloc(cursor);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  tileSets.forEach((tiles, level) => {
    const entries = entriesFor(
      level,
      tileOffsets[level]!,
      tiles.map((t) => t.length),
    );
    writeIfd(out, ifdOffsets[level]!, entries, ifdOffsets[level + 1] ?? 0);
    tiles.forEach((tile, i) => tile.copy(out, tileOffsets[level]![i]!));
  });
  return out;
}

/** 2× reduction for an overview: mean of the valid pixels (reflectance) or the top-left pixel (classes). */
export function downsample2(level: RasterLevel, mode: 'average' | 'nearest', nodata: number): RasterLevel {
  const width = Math.ceil(level.width / 2);
  const height = Math.ceil(level.height / 2);
  const isFloat = level.data instanceof Float32Array;
  // slice() keeps the sample type; every cell is overwritten below.
  const data = level.data.slice(0, width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mode === 'nearest') {
        data[y * width + x] = level.data[2 * y * level.width + 2 * x]!;
        continue;
      }
      let sum = 0;
      let n = 0;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx;
          const sy = 2 * y + dy;
          if (sx >= level.width || sy >= level.height) continue;
          const v = level.data[sy * level.width + sx]!;
          if (v === nodata || Number.isNaN(v)) continue;
          sum += v;
          n++;
        }
      }
      data[y * width + x] = n === 0 ? nodata : isFloat ? sum / n : Math.round(sum / n);
    }
  }
  return { width, height, data };
}
