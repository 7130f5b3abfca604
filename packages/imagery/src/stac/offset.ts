/**
 * Sentinel-2 L2A digital numbers → reflectance. Since processing baseline 04.00 (January 2022) the DNs
 * carry a +1000 offset; Earth Search removes it itself when `earthsearch:boa_offset_applied` is true.
 * Applying it twice makes dark pixels negative and flips water indices, hence one rule in one place:
 *   flag true → DN/10000; flag absent/false and baseline ≥ 04.00 → (DN − 1000)/10000; else DN/10000.
 */
export interface OffsetProperties {
  boaOffsetApplied: boolean | null;
  processingBaseline: string | null;
}

export const REFLECTANCE_SCALE = 10_000;
export const BOA_ADD_OFFSET_DN = 1_000;

export function baselineNumber(baseline: string | null): number | null {
  if (baseline === null) return null;
  const value = Number.parseFloat(baseline);
  return Number.isFinite(value) ? value : null;
}

/** The DN offset to subtract before dividing by 10000: 0 or 1000. */
export function reflectanceDnOffset({ boaOffsetApplied, processingBaseline }: OffsetProperties): number {
  if (boaOffsetApplied === true) return 0;
  const baseline = baselineNumber(processingBaseline);
  return baseline !== null && baseline >= 4 ? BOA_ADD_OFFSET_DN : 0;
}

export function dnToReflectance(dn: number, dnOffset: number): number {
  return (dn - dnOffset) / REFLECTANCE_SCALE;
}
