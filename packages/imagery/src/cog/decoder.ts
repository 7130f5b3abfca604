import { promisify } from 'node:util';
import { inflate, inflateSync, type ZlibOptions } from 'node:zlib';
import { BaseDecoder, addDecoder } from 'geotiff';

const inflateAsync = promisify(inflate) as (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>;

/**
 * Compressed tiles below this size inflate synchronously: for a tile of tens of KiB the round trip through
 * libuv's thread pool costs more than the inflate itself (measured, docs/PERFORMANCE.md). Larger tiles (a
 * real Sentinel-2 1024² tile is about 1 MB compressed) go to the thread pool so the bands inflate in parallel.
 */
export const SYNC_INFLATE_MAX_BYTES = 256 * 1024;

/** Blocks larger than this (a corrupt or hostile header) are inflated with zlib's default output chunks. */
const MAX_SINGLE_CHUNK_BYTES = 64 * 1024 * 1024;

type DecoderParameters = BaseDecoder['parameters'];

/** Inflated bytes of one block (tile, or strip of RowsPerStrip rows) as the layout declares it. */
export function declaredBlockBytes(parameters: DecoderParameters): number {
  const { tileWidth, tileHeight, bitsPerSample, planarConfiguration } = parameters;
  const bits =
    Array.isArray(bitsPerSample) || ArrayBuffer.isView(bitsPerSample)
      ? Array.from(bitsPerSample as ArrayLike<number>)
      : [bitsPerSample as number];
  const pixelBits = planarConfiguration === 2 ? bits[0]! : bits.reduce((a, b) => a + b, 0);
  return Math.ceil((tileWidth * tileHeight * pixelBits) / 8);
}

/**
 * zlib options for one block: the whole declared block as ONE output chunk. With zlib's default 16 KiB chunks a
 * 1024² UInt16 tile (2 MiB) came back as 128 chunks — on the thread pool, 128 round trips between the pool and
 * the main thread — then was concatenated, a copy, and the chunks left to the GC (measured on real-size COGs,
 * docs/PERFORMANCE.md, "Imagery at real size"). The margin leaves room so zlib does not allocate a second,
 * empty chunk after filling the first exactly. A block larger than declared still inflates whole (more chunks).
 */
export function inflateOptions(parameters: DecoderParameters): ZlibOptions {
  const declared = declaredBlockBytes(parameters);
  if (!(declared > 0) || declared > MAX_SINGLE_CHUNK_BYTES) return {};
  return { chunkSize: Math.max(1024, declared + 64) };
}

/*
 * Undoing TIFF predictor 2 (horizontal differencing) for one-sample pixels: a running sum along each row, wrapping
 * at the sample width. One function per array type keeps each loop monomorphic; geotiff's generic version (one
 * typed-array view per row, a loop shared by every type) was the largest single cost of a windowed read.
 */
function accumulate8(a: Uint8Array, width: number, rows: number): void {
  for (let o = 0, r = 0; r < rows; r++, o += width) {
    let sum = a[o]!;
    for (let i = o + 1, end = o + width; i < end; i++) a[i] = sum = (sum + a[i]!) & 0xff;
  }
}
function accumulate16(a: Uint16Array, width: number, rows: number): void {
  for (let o = 0, r = 0; r < rows; r++, o += width) {
    let sum = a[o]!;
    for (let i = o + 1, end = o + width; i < end; i++) a[i] = sum = (sum + a[i]!) & 0xffff;
  }
}
function accumulate32(a: Uint32Array, width: number, rows: number): void {
  for (let o = 0, r = 0; r < rows; r++, o += width) {
    let sum = a[o]!;
    for (let i = o + 1, end = o + width; i < end; i++) a[i] = sum = (sum + a[i]!) >>> 0;
  }
}

/** Undoes horizontal differencing in place; false when the layout is not the one-sample case handled here. */
export function undoHorizontalPredictor(block: ArrayBuffer, width: number, height: number, bits: number): boolean {
  const bytes = bits / 8;
  const rows = Math.min(height, Math.floor(block.byteLength / (width * bytes)));
  if (bits === 8) accumulate8(new Uint8Array(block, 0, rows * width), width, rows);
  else if (bits === 16) accumulate16(new Uint16Array(block, 0, rows * width), width, rows);
  else if (bits === 32) accumulate32(new Uint32Array(block, 0, rows * width), width, rows);
  else return false;
  return true;
}

/** DEFLATE through node:zlib instead of geotiff's JavaScript inflater (about 10× faster on Sentinel-2 tiles). */
export class ZlibDeflateDecoder extends BaseDecoder {
  override async decode(buffer: ArrayBufferLike): Promise<ArrayBufferLike> {
    const { predictor, bitsPerSample, planarConfiguration, tileWidth, tileHeight } = this.parameters;
    const bits =
      Array.isArray(bitsPerSample) || ArrayBuffer.isView(bitsPerSample)
        ? Array.from(bitsPerSample as ArrayLike<number>)
        : [bitsPerSample as number];
    const samples = planarConfiguration === 2 ? 1 : bits.length;
    if (predictor !== 2 || samples !== 1) return super.decode(buffer);
    const block = await this.decodeBlock(buffer);
    if (!undoHorizontalPredictor(block, tileWidth, tileHeight, bits[0]!)) return super.decode(buffer);
    return block;
  }

  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBuffer> {
    const input = Buffer.from(buffer as ArrayBuffer);
    const options = inflateOptions(this.parameters);
    const out =
      input.byteLength <= SYNC_INFLATE_MAX_BYTES ? inflateSync(input, options) : await inflateAsync(input, options);
    // A Buffer may be a view into a larger pooled slab: hand geotiff exactly the inflated bytes.
    if (out.byteOffset === 0 && out.byteLength === out.buffer.byteLength) return out.buffer as ArrayBuffer;
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
  }
}

let registered = false;

/** Registers the zlib decoder for compression 8 (Adobe Deflate) and 32946 (old Deflate), once per process. */
export function registerZlibDecoder(): void {
  if (registered) return;
  registered = true;
  addDecoder([8, 32946], async () => ZlibDeflateDecoder, undefined, false);
}
