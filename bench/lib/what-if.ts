// The previous engine's reader, kept as a baseline for the read comparison (NOT the shipped engine): the same
// reader with every DEFLATE tile inflated on libuv's thread pool and Range requests through the global fetch
// (undici). The shipped reader inflates small tiles synchronously and uses node:http on a keep-alive agent;
// measuring both on the same windows shows what that change bought. Everything else in the run uses the
// package's own decoder: the switch hands geotiff the shipped decoder class unless told otherwise.
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { addDecoder, BaseDecoder, getDecoder } from 'geotiff';
import { createCogReader, type FetchLike } from '@filaha/imagery';
import type { BandWindow } from './reads.ts';
import { elapsed, now } from './stats.ts';

const inflateAsync = promisify(inflate);

class ThreadPoolInflateDecoder extends BaseDecoder {
  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBuffer> {
    const out = await inflateAsync(Buffer.from(buffer as ArrayBuffer));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
  }
}

export interface WhatIfReader {
  readOnce(windows: ReadonlyArray<BandWindow>): Promise<number>;
  close(): void;
}

/** Installs the decoder switch (shipped by default) and returns the previous engine's reader. */
export async function createWhatIfReader(): Promise<WhatIfReader> {
  createCogReader(); // makes the package register its DEFLATE decoder first
  const params = { tileWidth: 1, tileHeight: 1, planarConfiguration: 1, bitsPerSample: [8], predictor: 1 };
  const shipped = (await getDecoder(8, params)).constructor as typeof BaseDecoder;
  let mode: 'shipped' | 'previous' = 'shipped';
  addDecoder([8, 32946], async () => (mode === 'previous' ? ThreadPoolInflateDecoder : shipped), undefined, false);
  const fetchImpl: FetchLike = (input, init) => fetch(input, init);
  return {
    async readOnce(windows) {
      const reader = createCogReader({ fetch: fetchImpl, timeoutMs: 4_000, retries: 1 });
      // Decoders are chosen when a COG is opened, so the mode only needs to hold during this read.
      mode = 'previous';
      try {
        const t0 = now();
        await Promise.all(
          windows.map((w) =>
            reader.readWindow(w.href, { col0: w.col0, row0: w.row0, width: w.width, height: w.height }),
          ),
        );
        return elapsed(t0);
      } finally {
        mode = 'shipped';
      }
    },
    close: () => undefined,
  };
}
