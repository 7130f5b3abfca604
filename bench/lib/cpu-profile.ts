// Where a pass's main-thread time goes: a V8 CPU profile (node --cpu-prof) summed by self time into the stages
// of the engine, over the samples taken between two instants of the monotonic clock (the profile's own clock).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Stages of the tile pass, matched on a frame's script and function (first match wins). */
const STAGES: Array<[string, (url: string, fn: string) => boolean]> = [
  ['garbage collection', (_, fn) => fn === '(garbage collector)'],
  ['idle (waiting for reads and the thread pool)', (_, fn) => fn === '(idle)'],
  [
    'block decoding on the main thread (predictor, copies; the inflate itself runs on the thread pool)',
    (url) => /cog\/decoder|node:zlib|geotiff/.test(url),
  ],
  [
    'HTTP reads (sockets, responses)',
    (url) => /_http_|http-fetch|byte-source|tiff-source|node:net|streams|undici|node:internal\/deps/.test(url),
  ],
  ['statistics (the percentiles selected)', (url) => url.includes('raster/stats')],
  ['index values', (url) => /src\/compute\.ts|src\/indices\.ts/.test(url)],
  ['resampling (20 m band to 10 m, SCL)', (url) => url.includes('raster/resample')],
  ['band stack and SCL masks (cloud buffer)', (url) => /raster\/band-stack|raster\/masks|raster\/mosaic/.test(url)],
  ['rasterising the parcel', (url) => /geo\/rasterize|point-on-surface/.test(url)],
  ['projecting the parcel (proj4)', (url) => /geo\/project|proj4/.test(url)],
  ['windows copied out of the cached blocks', (url) => /cog\/reader|cog\/lru/.test(url)],
  [
    'per-parcel orchestration (scene choice, footprints, the pass loop)',
    (url) => /src\/series|src\/scene|src\/tile-pass|shared\/src\/geometry|src\/geometry/.test(url),
  ],
  ['promises and microtasks', (_, fn) => fn === 'runMicrotasks' || fn === 'processTicksAndRejections'],
];

export interface ProfileStage {
  stage: string;
  ms: number;
  share: number;
}

/** Self time per stage (ms and share of the samples in the window), largest first. */
export async function summarizeProfile(dir: string, fromUs: number, toUs: number): Promise<ProfileStage[]> {
  const file = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile')).sort()[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as Profile;
  const stageOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { url, functionName } = node.callFrame;
    stageOf.set(node.id, STAGES.find(([, test]) => test(url, functionName))?.[0] ?? 'other');
  }
  const totals = new Map<string, number>();
  let t = profile.startTime;
  let all = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < fromUs || t > toUs) continue;
    const stage = stageOf.get(profile.samples[i]!) ?? 'other';
    totals.set(stage, (totals.get(stage) ?? 0) + delta);
    all += delta;
  }
  return [...totals]
    .map(([stage, us]) => ({ stage, ms: Math.round(us / 1000), share: all === 0 ? 0 : us / all }))
    .sort((a, b) => b.ms - a.ms);
}
