import { cpus, loadavg, totalmem } from 'node:os';

/** The machine a bench ran on, with its load average (1/5/15 min) at the start of the run and at its end. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  loadAverageStart: number[];
  loadAverageEnd: number[];
}

/** This machine now; `loadAverageStart`: `loadavg()` taken when the run began. */
export function machineInfo(loadAverageStart: number[]): MachineInfo {
  const cpu = cpus();
  return {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadAverageStart,
    loadAverageEnd: loadavg(),
  };
}

/**
 * Ends the process with a bench's exit code once `run` settles (1 and the error printed when it fails).
 * Everything is closed by then; if a stray keep-alive socket still holds the loop, the shell is not kept waiting.
 */
export function exitWhenDone(run: Promise<number>): void {
  run.then(
    (code) => {
      process.exitCode = code;
      setTimeout(() => process.exit(process.exitCode ?? 0), 5_000).unref();
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
