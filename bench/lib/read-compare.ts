// Engine reads vs GDAL's on exactly the same windows and server, interleaved repetition by repetition so a
// load spike from other work on the machine hits every contender alike (the order rotates too).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CogServer, ServerCounters } from './cog-server.ts';
import { srcwinArgs, startInProcessGdal, startupOnce, translateOnce, GDAL_ENV } from './gdal.ts';
import { readWindowsOnce, type BandWindow } from './reads.ts';
import { median, percentile } from './stats.ts';
import type { WhatIfReader } from './what-if.ts';

export interface Timing {
  runsMs: number[];
  medianMs: number;
  /** A low percentile: the cost with little interference from other work on the machine. */
  p10Ms: number;
  /** Wire cost of one cold read of the windows (the first timed run). */
  wire: ServerCounters;
}

export interface ReadComparison {
  ours: Timing;
  gdal: {
    version: string;
    env: Record<string, string>;
    translate: Timing & { startupMedianMs: number; command: string };
    inProcess: Timing | null;
    inProcessSkipped?: string;
  } | null;
  ratioTranslate: number | null;
  ratioInProcess: number | null;
  /** The previous engine's reader (thread-pool inflate + global fetch), measured alongside as a baseline. */
  whatIf: Timing;
  ratioWhatIfInProcess: number | null;
}

type Contender = { name: 'ours' | 'whatIf' | 'translate' | 'inProcess'; once: (rep: number) => Promise<number> };

export async function compareReads(
  server: CogServer,
  windows: BandWindow[],
  reps: { reads: number; translate: number },
  gdalVersion: string | null,
  whatIf: WhatIfReader,
): Promise<ReadComparison> {
  const dir = await mkdtemp(join(tmpdir(), 'filaha-bench-gdal-'));
  const inProcess = gdalVersion ? await startInProcessGdal(windows) : 'GDAL not installed';
  try {
    const contenders: Contender[] = [
      { name: 'ours', once: () => readWindowsOnce(windows) },
      { name: 'whatIf', once: () => whatIf.readOnce(windows) },
    ];
    if (gdalVersion) contenders.push({ name: 'translate', once: (rep) => translateOnce(windows, dir, String(rep)) });
    if (typeof inProcess !== 'string') contenders.push({ name: 'inProcess', once: () => inProcess.once() });
    // One untimed round: first use of each code path (JIT, GDAL's driver and curl set-up).
    for (const c of contenders) await c.once(-1);
    const runs = new Map(contenders.map((c) => [c.name, [] as number[]]));
    const wire = new Map<string, ServerCounters>();
    for (let rep = 0; rep < reps.reads; rep++) {
      for (let k = 0; k < contenders.length; k++) {
        const c = contenders[(rep + k) % contenders.length]!;
        // gdal_translate is dominated by process start-up: a few repetitions say all there is to say.
        if (c.name === 'translate' && rep >= reps.translate) continue;
        const before = server.counters();
        runs.get(c.name)!.push(await c.once(rep));
        if (!wire.has(c.name)) wire.set(c.name, server.since(before));
      }
    }
    const timing = (name: Contender['name']): Timing => ({
      runsMs: runs.get(name)!,
      medianMs: median(runs.get(name)!),
      p10Ms: percentile(runs.get(name)!, 10),
      wire: wire.get(name)!,
    });
    const ours = timing('ours');
    const alt = timing('whatIf');
    if (!gdalVersion) {
      return { ours, gdal: null, ratioTranslate: null, ratioInProcess: null, whatIf: alt, ratioWhatIfInProcess: null };
    }
    const startup: number[] = [];
    for (let i = 0; i < 5; i++) startup.push(await startupOnce());
    const translate = {
      ...timing('translate'),
      startupMedianMs: median(startup),
      command: `gdal_translate ${srcwinArgs(windows[0]!, 'out.tif').join(' ')}`,
    };
    const inProc = typeof inProcess === 'string' ? null : timing('inProcess');
    return {
      ours,
      gdal: {
        version: gdalVersion,
        env: GDAL_ENV,
        translate,
        inProcess: inProc,
        ...(typeof inProcess === 'string' ? { inProcessSkipped: inProcess } : {}),
      },
      ratioTranslate: ours.medianMs / translate.medianMs,
      ratioInProcess: inProc ? ours.medianMs / inProc.medianMs : null,
      whatIf: alt,
      ratioWhatIfInProcess: inProc ? alt.medianMs / inProc.medianMs : null,
    };
  } finally {
    if (typeof inProcess !== 'string') inProcess.close();
    await rm(dir, { recursive: true, force: true });
  }
}
