import { isValidRange, type DateRange } from './dateRange.ts';

/** Keys of `farm:generate.hints.*`. */
export type GenerateHint = 'selectBoth' | 'selectParcel' | 'selectIndex' | 'invalidPeriod';

export interface GenerateInput {
  parcelId: number | null;
  indexId: number | null;
  range: DateRange;
  loading: boolean;
}

export interface GenerateState {
  disabled: boolean;
  /** Why the button is disabled, said next to it; null while it is usable or busy. */
  hint: GenerateHint | null;
}

/**
 * SPEC §5: generate is disabled unless a parcel and an index are selected, the period is valid and nothing
 * is loading. The hint names what is missing (parcel and index, parcel, index), then the period.
 */
export function generateState({ parcelId, indexId, range, loading }: GenerateInput): GenerateState {
  let hint: GenerateHint | null = null;
  if (parcelId === null && indexId === null) hint = 'selectBoth';
  else if (parcelId === null) hint = 'selectParcel';
  else if (indexId === null) hint = 'selectIndex';
  else if (!isValidRange(range)) hint = 'invalidPeriod';
  return { disabled: hint !== null || loading, hint: loading ? null : hint };
}
