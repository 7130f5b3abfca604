// GDAL in-process (Python bindings, one long-lived interpreter) reading, for each new image, exactly the windows
// the engine read, over the same loopback server: its /vsicurl/ cache cleared first (a cold start, like the
// engine's new hrefs), each COG opened once, one thread per COG so the bands are fetched concurrently as the
// engine fetches them (the bindings release the GIL inside GDAL calls).
import { spawn } from 'node:child_process';
import { GDAL_ENV, linesOf, PYTHON } from './gdal.ts';
import type { BandWindow } from './reads.ts';

const PYTHON_WINDOWS = `
import json, sys, time
from concurrent.futures import ThreadPoolExecutor
from osgeo import gdal
gdal.UseExceptions()
pool = ThreadPoolExecutor(max_workers=8)
def read_cog(url, windows):
    ds = gdal.Open("/vsicurl/" + url)
    band = ds.GetRasterBand(1)
    for w in windows:
        band.ReadRaster(w["col0"], w["row0"], w["width"], w["height"])
    ds = None
print("ready", flush=True)
for line in sys.stdin:
    windows = json.loads(line)
    by_url = {}
    for w in windows:
        by_url.setdefault(w["url"], []).append(w)
    gdal.VSICurlClearCache()
    t = time.perf_counter()
    for f in [pool.submit(read_cog, url, ws) for url, ws in by_url.items()]:
        f.result()
    print((time.perf_counter() - t) * 1000, flush=True)
`;

export interface WindowGdal {
  /** Cold read of the windows; wall ms. */
  read(windows: ReadonlyArray<BandWindow>): Promise<number>;
  close(): void;
}

export async function startWindowGdal(): Promise<WindowGdal> {
  const child = spawn(PYTHON, ['-c', PYTHON_WINDOWS], { env: { ...process.env, ...GDAL_ENV } });
  const { next, stderr, close } = linesOf(child);
  if ((await next()) !== 'ready') throw new Error(`${PYTHON} with osgeo unavailable: ${stderr().trim()}`);
  return {
    async read(windows) {
      const answer = next();
      child.stdin.write(`${JSON.stringify(windows)}\n`);
      const line = await answer;
      if (line === null || !Number.isFinite(Number(line))) throw new Error(`GDAL read failed: ${stderr()}`);
      return Number(line);
    },
    close,
  };
}
