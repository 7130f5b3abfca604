// Where a new image's time goes inside the engine: the steps of selectScene + computeSceneIndexMap run one by
// one with the package's own exports, cold (a new catalog and reader per repetition, over the same loopback).
import {
  computeIndexValues,
  computeStats,
  createCatalog,
  encodePng,
  encodeNativeGeoTiff,
  countedValues,
  encodeValuesGrid,
  getIndex,
  readBandStack,
  renderIndexMap,
  selectScene,
  type ParcelGeometry,
} from '@filaha/imagery';
import type { CogServer } from './cog-server.ts';
import { WINDOW } from './images.ts';
import { elapsed, median, now } from './stats.ts';

export const PHASES = [
  'search',
  'sceneChoice',
  'bandReads',
  'indexAndStats',
  'render',
  'png',
  'geotiff',
  'valuesGrid',
] as const;
export type Phase = (typeof PHASES)[number];

export interface PhaseTimes {
  /** Median ms per phase over the repetitions. */
  medianMs: Record<Phase, number>;
  /** Median of the per-repetition sums. */
  totalMs: number;
  candidates: number;
  gridPixels: number;
  outputPixels: number;
}

export async function timePhases(server: CogServer, geometry: ParcelGeometry, reps: number): Promise<PhaseTimes> {
  const index = getIndex('NDVI');
  const runs: Array<Record<Phase, number>> = [];
  let candidates = 0;
  let gridPixels = 0;
  let outputPixels = 0;
  for (let i = 0; i < reps; i++) {
    const catalog = createCatalog({ stacApiUrl: server.stacUrl, timeoutMs: 4_000, retries: 1 });
    const t: Partial<Record<Phase, number>> = {};
    let t0 = now();
    await catalog.search({ geometry, start: WINDOW.startDate, end: WINDOW.endDate });
    t.search = elapsed(t0);
    // selectScene searches again and reads the SCL of every candidate: its time minus one search is the choice.
    t0 = now();
    const selection = await selectScene({ catalog, geometry, index, start: WINDOW.startDate, end: WINDOW.endDate });
    t.sceneChoice = Math.max(0, elapsed(t0) - t.search);
    t0 = now();
    const stack = await readBandStack(catalog.reader, selection.acquisition, index.bands, geometry, { scl: true });
    t.bandReads = elapsed(t0);
    t0 = now();
    const values = computeIndexValues(index, stack);
    computeStats(values, stack.inParcel, stack.grid.resX);
    t.indexAndStats = elapsed(t0);
    t0 = now();
    const rendered = renderIndexMap({
      values,
      inParcel: stack.inParcel,
      grid: stack.grid,
      epsg: stack.grid.epsg,
      geometry,
      legend: index.legend,
      range: index.range,
      maxWidth: 2048,
      maxHeight: 2048,
    });
    t.render = elapsed(t0);
    t0 = now();
    await encodePng(rendered.rgba, rendered.width, rendered.height);
    t.png = elapsed(t0);
    t0 = now();
    encodeNativeGeoTiff(countedValues(values, stack.inParcel), stack.grid);
    t.geotiff = elapsed(t0);
    t0 = now();
    encodeValuesGrid(rendered.values);
    t.valuesGrid = elapsed(t0);
    runs.push(t as Record<Phase, number>);
    candidates = selection.candidates.length;
    gridPixels = stack.grid.width * stack.grid.height;
    outputPixels = rendered.width * rendered.height;
  }
  const medianMs = Object.fromEntries(PHASES.map((p) => [p, median(runs.map((r) => r[p]))])) as Record<Phase, number>;
  const totalMs = median(runs.map((r) => PHASES.reduce((sum, p) => sum + r[p], 0)));
  return { medianMs, totalMs, candidates, gridPixels, outputPixels };
}
