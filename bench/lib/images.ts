// POST /api/images/NDVI over real HTTP, timed end to end (request sent → JSON body parsed), with the COG
// server's counters around each call.
import type { CogServer, ServerCounters } from './cog-server.ts';
import type { BenchFarmer, BenchParcel } from './platform.ts';
import { elapsed, now } from './stats.ts';

export const WINDOW = { startDate: '2025-08-14', endDate: '2025-08-19' } as const;

export interface ImageAnswer {
  success: boolean;
  cached: boolean;
  resultId: number;
  imageUrl: string;
  width: number;
  height: number;
  stats: { count: number; mean: number; validFraction: number };
  scene: { id: string; datetime: string };
}

export interface CallResult {
  ms: number;
  answer: ImageAnswer;
  wire: ServerCounters;
}

/**
 * One call. `width` is part of the result's key (legend hash + size cap), so each new width asks for a NEW
 * image of the same scene: the service does the full work (SCL choice, band reads, PNG, values grid,
 * GeoTIFF, storage, the charging transaction) without the already-produced shortcut. For parcels of up to
 * 2048 source pixels a side the cap changes nothing in the work done.
 */
export async function generate(
  baseUrl: string,
  server: CogServer,
  farmer: BenchFarmer,
  parcel: BenchParcel,
  width: number,
): Promise<CallResult> {
  const before = server.counters();
  const t0 = now();
  const response = await fetch(`${baseUrl}/api/images/NDVI`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${farmer.token}` },
    body: JSON.stringify({ ...WINDOW, width, height: 2048, parcelle_id: parcel.id }),
  });
  const text = await response.text();
  const ms = elapsed(t0);
  const wire = server.since(before);
  if (response.status !== 200) throw new Error(`POST /api/images/NDVI → ${response.status}: ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as ImageAnswer;
  if (!answer.success || !(answer.stats.count > 0)) throw new Error(`unexpected answer: ${text.slice(0, 300)}`);
  return { ms, answer, wire };
}

/** The overlay must really be a PNG of the announced size behind its signed URL (checked once per parcel). */
export async function checkOverlay(baseUrl: string, answer: ImageAnswer): Promise<number> {
  const response = await fetch(new URL(answer.imageUrl, baseUrl));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (response.status !== 200 || !signature.every((b, i) => bytes[i] === b)) {
    throw new Error(`overlay ${answer.imageUrl} is not a PNG (${response.status})`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const [w, h] = [view.getUint32(16), view.getUint32(20)];
  if (w !== answer.width || h !== answer.height)
    throw new Error(`PNG is ${w}×${h}, answer says ${answer.width}×${answer.height}`);
  return bytes.byteLength;
}
