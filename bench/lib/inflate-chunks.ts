// One real-size tile inflated the way the engine used to (zlib's default 16 KiB output chunks) and the way it
// does now (one chunk of the tile's size, packages/imagery/src/cog/decoder.ts), CPU time per tile.
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflate, type ZlibOptions } from 'node:zlib';
import { PYTHON } from './gdal.ts';

const run = promisify(execFile);
const inflateAsync = promisify(inflate) as (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>;

export interface InflateComparison {
  tile: { file: string; compressedBytes: number; inflatedBytes: number };
  /** CPU ms per tile, 4 tiles inflated concurrently (two bands × two tiles), median of the rounds. */
  defaultChunksCpuMs: number;
  oneChunkCpuMs: number;
}

async function cpuPerTile(tile: Buffer, options: ZlibOptions, rounds: number): Promise<number> {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    await Promise.all([0, 1, 2, 3].map(() => inflateAsync(tile, options)));
    const c = process.cpuUsage(c0);
    samples.push((c.user + c.system) / 1000 / 4);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export async function compareInflate(cog: string, rounds = 40): Promise<InflateComparison> {
  const { stdout } = await run(PYTHON, [
    '-c',
    // The dataset must outlive its band (the bindings crash otherwise): keep it in a variable.
    'import sys\nfrom osgeo import gdal\nds = gdal.Open(sys.argv[1])\nb = ds.GetRasterBand(1)\n' +
      'print(b.GetMetadataItem("BLOCK_OFFSET_5_5", "TIFF"), b.GetMetadataItem("BLOCK_SIZE_5_5", "TIFF"))',
    cog,
  ]);
  const [offset, size] = stdout.trim().split(' ').map(Number) as [number, number];
  const handle = await open(cog, 'r');
  const tile = Buffer.alloc(size);
  await handle.read(tile, 0, size, offset);
  await handle.close();
  const inflatedBytes = 1024 * 1024 * 2;
  const oneChunk = { chunkSize: inflatedBytes + 64 };
  await cpuPerTile(tile, {}, 5);
  await cpuPerTile(tile, oneChunk, 5);
  // Interleaved so load from other work hits both alike.
  let a = 0;
  let b = 0;
  for (let i = 0; i < 2; i++) {
    a += await cpuPerTile(tile, {}, rounds / 2);
    b += await cpuPerTile(tile, oneChunk, rounds / 2);
  }
  return {
    tile: { file: cog.split('/').slice(-2).join('/'), compressedBytes: size, inflatedBytes },
    defaultChunksCpuMs: a / 2,
    oneChunkCpuMs: b / 2,
  };
}
