import type { ConditionClass } from '@filaha/shared';

/** Each condition class's colour on the map and in the legend; grey: no reference yet. */
export const CONDITION_COLORS: Record<ConditionClass | 'none', string> = {
  well_below: '#b91c1c',
  below: '#d97706',
  normal: '#15803d',
  above: '#1d4ed8',
  none: '#78716c',
};
