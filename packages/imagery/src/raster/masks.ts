/**
 * Scene classification (SCL) classes: 0 no data · 1 saturated/defective · 2 dark area/shadow ·
 * 3 cloud shadow · 4 vegetation · 5 not vegetated · 6 water · 7 unclassified · 8 cloud medium
 * probability · 9 cloud high probability · 10 thin cirrus · 11 snow.
 */
export const DEFAULT_MASKED_SCL_CLASSES: readonly number[] = [0, 1, 3, 8, 9, 10, 11];
/** Classes counted as "cloud" in a scene's reported cloud fraction over the parcel. */
export const CLOUD_SCL_CLASSES: readonly number[] = [3, 8, 9, 10];

/**
 * Not an SCL class (Sen2Cor writes 0–11): the engine marks with it the pixels within the cloud buffer of a
 * masked cloud, cirrus or shadow pixel. Always masked.
 */
export const BUFFER_CLASS = 254;
/** Classes whose edges contaminate their neighbours: cloud shadow, cloud medium and high probability, cirrus. */
export const BUFFERED_SCL_CLASSES: readonly number[] = [3, 8, 9, 10];
/** Default cloud/shadow buffer: one 20 m SCL pixel (docs/IMAGERY-RULES.md). */
export const DEFAULT_CLOUD_BUFFER_M = 20;

/** A 256-entry lookup: 1 where the SCL class is masked. Class 0 (no data) and BUFFER_CLASS are always masked. */
export function sclLookup(classes: ReadonlyArray<number> = DEFAULT_MASKED_SCL_CLASSES): Uint8Array {
  const lookup = new Uint8Array(256);
  for (const c of classes) if (Number.isInteger(c) && c >= 0 && c < 256) lookup[c] = 1;
  lookup[0] = 1;
  lookup[BUFFER_CLASS] = 1;
  return lookup;
}

/** The default classes' lookup, built once for the engine's own reads (never handed out: sclLookup gives a copy). */
const DEFAULT_LOOKUP = sclLookup();
const CLOUD_LOOKUP = sclLookup(CLOUD_SCL_CLASSES);

/** sclLookup for the engine's internal use, which only reads it: the default one is not rebuilt for every parcel. */
export function maskLookup(classes?: ReadonlyArray<number>): Uint8Array {
  return classes === undefined ? DEFAULT_LOOKUP : sclLookup(classes);
}

/**
 * Buffers masked clouds, cirrus and shadows (BUFFERED_SCL_CLASSES that `masked` masks) by `bufferM` metres on
 * the SCL's own grid: a pixel whose centre lies within `bufferM` of such a pixel's square (and is not itself
 * masked) becomes BUFFER_CLASS. With 20 m pixels and the 20 m default that is the 8 neighbours.
 */
export function bufferScl(
  scl: Uint8Array,
  width: number,
  height: number,
  res: number,
  bufferM: number,
  masked: Uint8Array,
): Uint8Array {
  const out = Uint8Array.from(scl);
  if (!(bufferM > 0)) return out;
  const reach = Math.ceil(bufferM / res + 0.5);
  const kernel: Array<[number, number]> = [];
  for (let dj = -reach; dj <= reach; dj++) {
    for (let di = -reach; di <= reach; di++) {
      const ex = Math.max(0, Math.abs(di) - 0.5) * res;
      const ey = Math.max(0, Math.abs(dj) - 0.5) * res;
      if ((di !== 0 || dj !== 0) && Math.hypot(ex, ey) <= bufferM + 1e-9) kernel.push([di, dj]);
    }
  }
  const source = new Uint8Array(256);
  for (const c of BUFFERED_SCL_CLASSES) if (masked[c]) source[c] = 1;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      if (!source[scl[j * width + i]!]) continue;
      for (const [di, dj] of kernel) {
        const x = i + di;
        const y = j + dj;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const k = y * width + x;
        if (!masked[out[k]!]) out[k] = BUFFER_CLASS;
      }
    }
  }
  return out;
}

export interface SclSummary {
  /** Pixels whose centre lies in the parcel. */
  parcelPixels: number;
  /** Fraction of those with data (SCL ≠ 0): 0 means the acquisition does not cover the parcel. */
  coveredFraction: number;
  /** Fraction usable (class not masked). */
  validFraction: number;
  /** Fraction flagged cloud, cloud shadow or cirrus. */
  cloudFraction: number;
}

export function summarizeScl(scl: Uint8Array, inParcel: Uint8Array, masked: Uint8Array): SclSummary {
  const cloud = CLOUD_LOOKUP;
  let parcelPixels = 0;
  let covered = 0;
  let valid = 0;
  let clouded = 0;
  for (let i = 0; i < scl.length; i++) {
    if (!inParcel[i]) continue;
    parcelPixels++;
    const c = scl[i]!;
    if (c !== 0) covered++;
    if (!masked[c]) valid++;
    if (c !== 0 && cloud[c]) clouded++;
  }
  const f = (n: number) => (parcelPixels === 0 ? 0 : n / parcelPixels);
  return { parcelPixels, coveredFraction: f(covered), validFraction: f(valid), cloudFraction: f(clouded) };
}
