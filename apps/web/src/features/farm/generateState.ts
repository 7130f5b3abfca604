import { isValidRange, type DateRange } from './dateRange.ts';

/** Keys of `farm:generate.hints.*`. */
export type GenerateHint =
  'selectBoth' | 'selectParcel' | 'selectIndex' | 'invalidPeriod' | 'noRequestsLeft' | 'findingLatest';

export interface GenerateInput {
  parcelId: number | null;
  indexId: number | null;
  range: DateRange;
  loading: boolean;
  /** Requests left for the selected index (null: unlimited or unknown). At 0 nothing new can be generated. */
  remaining?: number | null;
  /** The default window is still being looked up (the latest acquisition over the parcel). */
  findingLatest?: boolean;
}

export interface GenerateState {
  disabled: boolean;
  /** Why the button is disabled, said next to it; null while it is usable or busy. */
  hint: GenerateHint | null;
}

/**
 * SPEC §5: generate is disabled unless a parcel and an index are selected, the period is valid and nothing
 * is loading. The hint names what is missing: first an index with no requests left (choosing a parcel would
 * not help; the 429 modal still answers a request that races the counter), then parcel and index, parcel,
 * index, the period, and the default window still being looked up.
 */
export function generateState({
  parcelId,
  indexId,
  range,
  loading,
  remaining,
  findingLatest,
}: GenerateInput): GenerateState {
  let hint: GenerateHint | null = null;
  if (indexId !== null && remaining === 0) hint = 'noRequestsLeft';
  else if (parcelId === null && indexId === null) hint = 'selectBoth';
  else if (parcelId === null) hint = 'selectParcel';
  else if (indexId === null) hint = 'selectIndex';
  else if (findingLatest) hint = 'findingLatest';
  else if (!isValidRange(range)) hint = 'invalidPeriod';
  return { disabled: hint !== null || loading, hint: loading ? null : hint };
}
