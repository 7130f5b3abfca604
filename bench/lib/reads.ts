// The engine's read phase on its own: which pixel windows NDVI reads for a parcel (recorded from the real
// readBandStack), and how long the package's COG reader takes to fetch and decode exactly those windows.
import {
  createCatalog,
  createCogReader,
  getIndex,
  readBandStack,
  type Acquisition,
  type CogReader,
  type ParcelGeometry,
} from '@filaha/imagery';
import type { CogServer } from './cog-server.ts';
import { WINDOW } from './images.ts';
import { elapsed, now } from './stats.ts';

type WindowRequest = Parameters<CogReader['readWindow']>[1];

export interface BandWindow {
  band: string;
  /** The href the engine used (with the cache-busting generation). */
  href: string;
  /** The same COG without the query string (for GDAL's /vsicurl/ and its extension check). */
  url: string;
  col0: number;
  row0: number;
  width: number;
  height: number;
}

/** A CogReader that remembers every window asked of it, delegating the work. */
function recordingReader(inner: CogReader, log: Array<{ href: string; request: WindowRequest }>): CogReader {
  return {
    open: (href) => inner.open(href),
    readWindow: (href, request) => {
      log.push({ href, request: { ...request } });
      return inner.readWindow(href, request);
    },
    get stats() {
      return inner.stats;
    },
    resetStats: () => inner.resetStats(),
    clearCache: () => inner.clearCache(),
  };
}

/** The acquisition the API chose, as the STAC stub publishes it now. */
export async function findAcquisition(
  server: CogServer,
  geometry: ParcelGeometry,
  sceneId: string,
): Promise<Acquisition> {
  const catalog = createCatalog({ stacApiUrl: server.stacUrl, timeoutMs: 4_000, retries: 1 });
  const found = await catalog.search({ geometry, start: WINDOW.startDate, end: WINDOW.endDate });
  const acquisition = found.find((a) => a.id === sceneId);
  if (!acquisition) throw new Error(`scene ${sceneId} not in the catalog`);
  return acquisition;
}

/** The NDVI windows (nir, red on the 10 m grid; scl on its own 20 m grid) exactly as readBandStack asks them. */
export async function ndviWindows(acquisition: Acquisition, geometry: ParcelGeometry): Promise<BandWindow[]> {
  const log: Array<{ href: string; request: WindowRequest }> = [];
  const reader = recordingReader(createCogReader({ timeoutMs: 4_000, retries: 1 }), log);
  await readBandStack(reader, acquisition, getIndex('NDVI').bands, geometry, { scl: true });
  const bandOf = new Map(Object.entries(acquisition.assets).map(([key, asset]) => [asset.href, key]));
  return log.map(({ href, request }) => ({
    band: bandOf.get(href) ?? href,
    href,
    url: href.split('?')[0]!,
    col0: request.col0,
    row0: request.row0,
    width: request.width,
    height: request.height,
  }));
}

/**
 * One cold read of the windows with the package's reader: a NEW reader (empty tile cache, COG headers not yet
 * read) — the same cold start a GDAL process has — and all windows concurrently, as readBandStack does.
 */
export async function readWindowsOnce(windows: ReadonlyArray<BandWindow>): Promise<number> {
  const reader = createCogReader({ timeoutMs: 4_000, retries: 1 });
  const t0 = now();
  await Promise.all(
    windows.map((w) => reader.readWindow(w.href, { col0: w.col0, row0: w.row0, width: w.width, height: w.height })),
  );
  return elapsed(t0);
}
