import { promisify } from 'node:util';
import { inflate, inflateSync } from 'node:zlib';
import { BaseDecoder, addDecoder } from 'geotiff';

const inflateAsync = promisify(inflate);

/**
 * Compressed tiles below this size inflate synchronously: for a tile of tens of KiB the round trip through
 * libuv's thread pool costs more than the inflate itself (measured, docs/PERFORMANCE.md). Larger tiles (a
 * real Sentinel-2 1024² tile is about 1 MB compressed) go to the thread pool so the bands inflate in parallel.
 */
export const SYNC_INFLATE_MAX_BYTES = 256 * 1024;

/** DEFLATE through node:zlib instead of geotiff's JavaScript inflater (about 10× faster on Sentinel-2 tiles). */
export class ZlibDeflateDecoder extends BaseDecoder {
  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBuffer> {
    const input = Buffer.from(buffer as ArrayBuffer);
    const out = input.byteLength <= SYNC_INFLATE_MAX_BYTES ? inflateSync(input) : await inflateAsync(input);
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
