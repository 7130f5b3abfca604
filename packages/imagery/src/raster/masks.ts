/**
 * Scene classification (SCL) classes: 0 no data · 1 saturated/defective · 2 dark area/shadow ·
 * 3 cloud shadow · 4 vegetation · 5 not vegetated · 6 water · 7 unclassified · 8 cloud medium
 * probability · 9 cloud high probability · 10 thin cirrus · 11 snow.
 */
export const DEFAULT_MASKED_SCL_CLASSES: readonly number[] = [0, 1, 3, 8, 9, 10, 11];
/** Classes counted as "cloud" in a scene's reported cloud fraction over the parcel. */
export const CLOUD_SCL_CLASSES: readonly number[] = [3, 8, 9, 10];

/** A 256-entry lookup: 1 where the SCL class is masked. Class 0 (no data) is always masked. */
export function sclLookup(classes: ReadonlyArray<number> = DEFAULT_MASKED_SCL_CLASSES): Uint8Array {
  const lookup = new Uint8Array(256);
  for (const c of classes) if (Number.isInteger(c) && c >= 0 && c < 256) lookup[c] = 1;
  lookup[0] = 1;
  return lookup;
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
  const cloud = sclLookup(CLOUD_SCL_CLASSES);
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
