/**
 * Sentinel-2 L2A digital numbers → reflectance. Since processing baseline 04.00 (January 2022) the DNs
 * carry a +1000 offset; Earth Search removes it itself when `earthsearch:boa_offset_applied` is true.
 * Applying it twice makes dark pixels negative and flips water indices, hence one rule in one place:
 *   flag true → DN/10000; flag absent/false and baseline ≥ 04.00 → (DN − 1000)/10000; else DN/10000.
 * An item that declares neither the flag nor its baseline is judged by its acquisition date: baseline 04.00 (and
 * the offset) applies to every acquisition from BASELINE_04_FROM (issue 28).
 */
export interface OffsetProperties {
  boaOffsetApplied: boolean | null;
  processingBaseline: string | null;
}

export const REFLECTANCE_SCALE = 10_000;
export const BOA_ADD_OFFSET_DN = 1_000;
/** The first acquisition day processed with baseline 04.00 (ESA: from 25 January 2022), YYYY-MM-DD. */
export const BASELINE_04_FROM = '2022-01-25';

export function baselineNumber(baseline: string | null): number | null {
  if (baseline === null) return null;
  const value = Number.parseFloat(baseline);
  return Number.isFinite(value) ? value : null;
}

/** Whether the rule has to fall back on the acquisition date: neither the flag nor a readable baseline. */
export function offsetFromDate({ boaOffsetApplied, processingBaseline }: OffsetProperties): boolean {
  return boaOffsetApplied === null && baselineNumber(processingBaseline) === null;
}

/**
 * The DN offset to subtract before dividing by 10000: 0 or 1000. `acquired` (YYYY-MM-DD…) decides when the item
 * declares neither the flag nor its baseline; without it such an item gets no offset.
 */
export function reflectanceDnOffset(properties: OffsetProperties, acquired?: string): number {
  if (properties.boaOffsetApplied === true) return 0;
  if (offsetFromDate(properties)) {
    return acquired !== undefined && acquired.slice(0, 10) >= BASELINE_04_FROM ? BOA_ADD_OFFSET_DN : 0;
  }
  const baseline = baselineNumber(properties.processingBaseline);
  return baseline !== null && baseline >= 4 ? BOA_ADD_OFFSET_DN : 0;
}

export function dnToReflectance(dn: number, dnOffset: number): number {
  return (dn - dnOffset) / REFLECTANCE_SCALE;
}
