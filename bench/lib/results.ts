import type { ServerCounters } from './cog-server.ts';
import type { MachineInfo } from './machine.ts';
import type { PhaseTimes } from './phases.ts';
import type { ReadComparison } from './read-compare.ts';
import type { BandWindow } from './reads.ts';
import { median, summarize, type Summary } from './stats.ts';

/** Timings of a series of calls plus their median wire cost on the COG/STAC server. */
export interface Series {
  ms: Summary;
  perCall: { cogRequests: number; cogBytes: number; headRequests: number; stacSearches: number };
}

export function series(calls: ReadonlyArray<{ ms: number; wire: ServerCounters }>): Series {
  const m = (pick: (w: ServerCounters) => number) => median(calls.map((c) => pick(c.wire)));
  return {
    ms: summarize(calls.map((c) => c.ms)),
    perCall: {
      cogRequests: m((w) => w.cogRequests),
      cogBytes: m((w) => w.cogBytes),
      headRequests: m((w) => w.headRequests),
      stacSearches: m((w) => w.stacSearches),
    },
  };
}

export interface SizeResult {
  label: string;
  targetHa: number;
  areaHa: number;
  parcelId: number;
  sceneId: string;
  /** Output PNG size and its bytes (first call). */
  png: { width: number; height: number; bytes: number };
  /** The very first call on this parcel (JIT, first use of code paths), excluded from the series. */
  firstCallMs: number;
  /** New image, cold tile cache (never-read COG hrefs): the whole path goes to the COG server. */
  newCold: Series;
  /** New image, warm tile cache (same scene's tiles already decoded by an earlier call). */
  newWarm: Series;
  /** The same request again right after it was produced. */
  alreadyProduced: Series;
  /** Already produced, asked again with a cold tile cache (scene choice re-reads SCL). */
  alreadyProducedCold: Series;
  windows: BandWindow[];
  reads: ReadComparison;
  phases: PhaseTimes;
}

export interface Target {
  name: string;
  goal: string;
  measured: string;
  met: boolean | null;
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  settings: {
    callsPerSeries: number;
    readRepetitions: number;
    translateRepetitions: number;
    phaseRepetitions: number;
    window: string;
  };
  gdal: { version: string | null; skipped?: string; env: Record<string, string> };
  sizes: SizeResult[];
  targets: Target[];
  durationS: number;
}
