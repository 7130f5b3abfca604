// A labelled "what if" for the read comparison, NOT the shipped engine: the same reader with (a) DEFLATE tiles
// inflated synchronously instead of on libuv's thread pool and (b) Range requests through node:http with a
// keep-alive agent instead of the global fetch (undici). Both are changes proposed for packages/imagery; the
// bench measures them on the same windows so the proposal comes with numbers. Everything else in the run
// uses the package's own decoder: the switch hands geotiff the shipped decoder class unless told otherwise.
import { Agent, request } from 'node:http';
import { inflateSync } from 'node:zlib';
import { addDecoder, BaseDecoder, getDecoder } from 'geotiff';
import { createCogReader, type FetchLike } from '@filaha/imagery';
import type { BandWindow } from './reads.ts';
import { elapsed, now } from './stats.ts';

class SyncInflateDecoder extends BaseDecoder {
  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBuffer> {
    const out = inflateSync(Buffer.from(buffer as ArrayBuffer));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
  }
}

export interface WhatIfReader {
  readOnce(windows: ReadonlyArray<BandWindow>): Promise<number>;
  close(): void;
}

function httpFetch(agent: Agent): FetchLike {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const req = request(url, { agent, headers, signal: init?.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: out }));
        });
      });
      req.on('error', reject);
      req.end();
    });
}

/** Installs the decoder switch (shipped by default) and returns the what-if reader. */
export async function createWhatIfReader(): Promise<WhatIfReader> {
  createCogReader(); // makes the package register its DEFLATE decoder first
  const params = { tileWidth: 1, tileHeight: 1, planarConfiguration: 1, bitsPerSample: [8], predictor: 1 };
  const shipped = (await getDecoder(8, params)).constructor as typeof BaseDecoder;
  let mode: 'shipped' | 'sync' = 'shipped';
  addDecoder([8, 32946], async () => (mode === 'sync' ? SyncInflateDecoder : shipped), undefined, false);
  const agent = new Agent({ keepAlive: true });
  const fetchImpl = httpFetch(agent);
  return {
    async readOnce(windows) {
      const reader = createCogReader({ fetch: fetchImpl, timeoutMs: 4_000, retries: 1 });
      // Decoders are chosen when a COG is opened, so the mode only needs to hold during this read.
      mode = 'sync';
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
    close: () => agent.destroy(),
  };
}
