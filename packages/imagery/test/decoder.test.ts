import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SYNC_INFLATE_MAX_BYTES, ZlibDeflateDecoder, declaredBlockBytes, inflateOptions } from '../src/cog/decoder.ts';

/** A UInt16 field with texture (a gradient plus pseudo-random noise), like a reflectance band. */
function field(width: number, height: number, noise: number, seed = 7): Uint16Array {
  let s = seed >>> 0;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const out = new Uint16Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[y * width + x] = 1000 + x + 2 * y + Math.floor(random() * noise);
  return out;
}

/** TIFF predictor 2 then DEFLATE, as GDAL writes Sentinel-2 COG tiles. */
function encodeTile(values: Uint16Array, width: number): Buffer {
  const diffs = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) diffs[i] = i % width === 0 ? values[i]! : values[i]! - values[i - 1]!;
  return deflateSync(new Uint8Array(diffs.buffer));
}

const params = (tileWidth: number, tileHeight: number) => ({
  tileWidth,
  tileHeight,
  predictor: 2,
  bitsPerSample: [16],
  planarConfiguration: 1,
});

describe('DEFLATE tiles inflate as one output chunk', () => {
  it('declares the inflated size of a block from its layout', () => {
    expect(declaredBlockBytes(params(1024, 1024))).toBe(2 * 1024 * 1024);
    expect(declaredBlockBytes({ ...params(256, 256), bitsPerSample: [8] })).toBe(65_536);
    // Chunky RGB: every sample of a pixel is in the block; planar: one sample per block.
    expect(declaredBlockBytes({ ...params(64, 64), bitsPerSample: [16, 16, 16] })).toBe(64 * 64 * 6);
    expect(declaredBlockBytes({ ...params(64, 64), bitsPerSample: [16, 16, 16], planarConfiguration: 2 })).toBe(
      64 * 64 * 2,
    );
  });

  it('asks zlib for one chunk holding the whole block (not 128 chunks of 16 KiB), except for absurd sizes', () => {
    const options = inflateOptions(params(1024, 1024));
    expect(options.chunkSize).toBeGreaterThan(2 * 1024 * 1024);
    expect(options.chunkSize).toBeLessThanOrEqual(2 * 1024 * 1024 + 1024);
    expect(inflateOptions(params(16, 16)).chunkSize).toBeGreaterThanOrEqual(1024);
    expect(inflateOptions(params(100_000, 100_000))).toEqual({});
    expect(inflateOptions({ ...params(0, 1024) })).toEqual({});
  });

  it('decodes a real-size 1024² tile (thread-pool path) and a small one (synchronous path) exactly', async () => {
    for (const [size, noise] of [
      [1024, 4000],
      [64, 50],
    ] as const) {
      const values = field(size, size, noise);
      const compressed = encodeTile(values, size);
      // The two paths are both exercised: the big tile is above the synchronous threshold, the small one below.
      expect(compressed.byteLength > SYNC_INFLATE_MAX_BYTES).toBe(size === 1024);
      const decoder = new ZlibDeflateDecoder(params(size, size));
      const block = await decoder.decode(
        compressed.buffer.slice(compressed.byteOffset, compressed.byteOffset + compressed.byteLength),
      );
      expect(block.byteLength).toBe(size * size * 2);
      expect(new Uint16Array(block)).toEqual(values);
    }
  });

  it('still returns every byte when a block inflates to more than its layout declares', async () => {
    const values = field(128, 128, 300);
    const raw = Buffer.from(values.buffer);
    const compressed = deflateSync(raw);
    // Declared as 128 × 32 px: the one-chunk hint is too small, zlib must go on with more chunks.
    const decoder = new ZlibDeflateDecoder({ ...params(128, 32), predictor: 1 });
    const block = await decoder.decodeBlock(
      compressed.buffer.slice(compressed.byteOffset, compressed.byteOffset + compressed.byteLength),
    );
    expect(block.byteLength).toBe(raw.byteLength);
    expect(new Uint16Array(block)).toEqual(values);
  });
});
