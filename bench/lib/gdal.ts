// GDAL doing the engine's windowed reads against the same loopback server: gdal_translate -srcwin on
// /vsicurl/ (one process per band, run concurrently like the engine's reads), and — when the Python bindings
// are there — GDAL in-process in a long-lived interpreter, which leaves process start-up out of the timing.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { BandWindow } from './reads.ts';
import { elapsed, now } from './stats.ts';

const run = promisify(execFile);

// Debian's python3-gdal (pulled in by gdal-bin) lives in the system interpreter, not in a pyenv shim's.
export const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** What GDAL is told: no directory listing, only .tif may be fetched, consecutive ranges merged. */
export const GDAL_ENV: Record<string, string> = {
  GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR',
  CPL_VSIL_CURL_ALLOWED_EXTENSIONS: '.tif',
  GDAL_HTTP_MERGE_CONSECUTIVE_RANGES: 'YES',
  VSI_CACHE: 'FALSE',
  CPL_DEBUG: 'OFF',
};
const env = () => ({ ...process.env, ...GDAL_ENV });

export async function gdalVersion(): Promise<string | null> {
  try {
    const { stdout } = await run('gdal_translate', ['--version'], { timeout: 10_000 });
    return stdout.trim();
  } catch {
    return null;
  }
}

function exec(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr}`))));
  });
}

export const srcwinArgs = (w: BandWindow, out: string) => [
  '-q',
  '-srcwin',
  String(w.col0),
  String(w.row0),
  String(w.width),
  String(w.height),
  `/vsicurl/${w.url}`,
  out,
];

/** One gdal_translate per window, all at once; wall time until the last one exits. */
export async function translateOnce(windows: ReadonlyArray<BandWindow>, dir: string, tag: string): Promise<number> {
  const t0 = now();
  await Promise.all(windows.map((w, b) => exec('gdal_translate', srcwinArgs(w, join(dir, `${tag}-${b}.tif`)))));
  return elapsed(t0);
}

/** Process start-up alone (loading GDAL and registering its drivers). */
export async function startupOnce(): Promise<number> {
  const t0 = now();
  await exec('gdal_translate', ['--version']);
  return elapsed(t0);
}

// Answers each "go" line with the ms of one cold read of every window (open + ReadRaster, sequential),
// GDAL's /vsicurl/ cache cleared first so each repetition starts like a new process would.
const PYTHON_READS = `
import json, sys, time
from osgeo import gdal
gdal.UseExceptions()
windows = json.loads(sys.argv[1])
print("ready", flush=True)
for line in sys.stdin:
    gdal.VSICurlClearCache()
    t = time.perf_counter()
    for w in windows:
        ds = gdal.Open("/vsicurl/" + w["url"])
        ds.GetRasterBand(1).ReadRaster(w["col0"], w["row0"], w["width"], w["height"])
        ds = None
    print((time.perf_counter() - t) * 1000, flush=True)
`;

export interface InProcessGdal {
  once(): Promise<number>;
  close(): void;
}

/**
 * A child process's answers line by line: `next()` is its next stdout line, or null once it has exited (or could
 * not start); `stderr()` what it wrote there so far; `close()` ends its input, stops reading and kills it.
 */
export function linesOf(child: ChildProcessWithoutNullStreams): {
  next: () => Promise<string | null>;
  stderr: () => string;
  close: () => void;
} {
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string | null) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  child.on('exit', () => waiting.splice(0).forEach((w) => w(null)));
  child.on('error', () => waiting.splice(0).forEach((w) => w(null)));
  return {
    next: () => new Promise<string | null>((resolve) => waiting.push(resolve)),
    stderr: () => stderr,
    close() {
      child.stdin.end();
      lines.close();
      child.kill();
    },
  };
}

/** A long-lived Python interpreter with GDAL loaded, or the reason it is not available. */
export async function startInProcessGdal(windows: ReadonlyArray<BandWindow>): Promise<InProcessGdal | string> {
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(PYTHON, ['-c', PYTHON_READS, JSON.stringify(windows)], { env: env() });
  } catch (error) {
    return `cannot start ${PYTHON} (${String(error)})`;
  }
  const { next, stderr, close } = linesOf(child);
  const ready = await next();
  if (ready !== 'ready') {
    child.kill();
    return `${PYTHON} with osgeo unavailable (${stderr().trim().split('\n').at(-1) ?? 'no answer'})`;
  }
  return {
    async once() {
      const answer = next();
      child.stdin.write('go\n');
      const line = await answer;
      if (line === null || !Number.isFinite(Number(line))) throw new Error(`GDAL in-process read failed: ${stderr()}`);
      return Number(line);
    },
    close,
  };
}
