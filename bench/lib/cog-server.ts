import { Worker } from 'node:worker_threads';
import { COUNTER, COUNTER_SLOTS, type CogServerInit } from './cog-server-protocol.ts';

export interface ServerCounters {
  cogRequests: number;
  cogBytes: number;
  headRequests: number;
  stacSearches: number;
  stacBytes: number;
  fullReads: number;
  notFound: number;
}

export interface CogServer {
  url: string;
  /** STAC API root for STAC_API_URL. */
  stacUrl: string;
  /** URL of one COG of the catalog, without the cache-busting generation (what GDAL is given). */
  cogUrl(itemId: string, file: string): string;
  counters(): ServerCounters;
  /** Difference of two snapshots. */
  since(before: ServerCounters): ServerCounters;
  /** New asset hrefs in later searches, so the engine's tile cache starts cold. */
  bumpGeneration(): number;
  /** Changes the delay added before every answer from now on. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/**
 * Starts the loopback COG + STAC server in a worker thread. Workers do not inherit tsx's `--import` hook, so
 * the worker is bootstrapped with a tiny script that registers tsx and then imports the TypeScript module.
 */
export async function startCogServer(
  catalogDir: string,
  options: { delayMs?: number; fromDisk?: boolean } = {},
): Promise<CogServer> {
  const counters = new SharedArrayBuffer(COUNTER_SLOTS * 8);
  const view = new BigInt64Array(counters);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./cog-server-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  const init: CogServerInit = { catalogDir, counters, ...options };
  const worker = new Worker(boot, { eval: true, workerData: init });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'listening' && m.port) resolve(m.port);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const read = (slot: number) => Number(Atomics.load(view, slot));
  const counters_ = (): ServerCounters => ({
    cogRequests: read(COUNTER.cogRequests),
    cogBytes: read(COUNTER.cogBytes),
    headRequests: read(COUNTER.headRequests),
    stacSearches: read(COUNTER.stacSearches),
    stacBytes: read(COUNTER.stacBytes),
    fullReads: read(COUNTER.fullReads),
    notFound: read(COUNTER.notFound),
  });
  return {
    url,
    stacUrl: `${url}/stac`,
    cogUrl: (itemId, file) => `${url}/cogs/${itemId}/${file}`,
    counters: counters_,
    since(before) {
      const now = counters_();
      const out = { ...now };
      for (const key of Object.keys(now) as Array<keyof ServerCounters>) out[key] = now[key] - before[key];
      return out;
    },
    bumpGeneration: () => Number(Atomics.add(view, COUNTER.generation, 1n)) + 1,
    setDelay: (ms) => void Atomics.store(view, COUNTER.delayOverride, BigInt(Math.max(0, Math.round(ms)))),
    close: async () => {
      const closed = new Promise<void>((resolve) =>
        worker.on('message', (m: { type: string }) => m.type === 'closed' && resolve()),
      );
      worker.postMessage({ type: 'close' });
      await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000))]);
      await worker.terminate();
    },
  };
}
