import {
  isoDateSchema,
  MOVEMENT_KIND_DIRECTIONS,
  MOVEMENT_KINDS,
  StockMovementInput,
  type MovementDirection,
  type MovementKind,
} from '@filaha/shared';
import { z } from 'zod';
import { algiersToday } from './format.ts';

/** The kinds a direction allows: purchase/production enter, sale/consumption leave, adjustment both. */
export function kindsFor(direction: MovementDirection): MovementKind[] {
  return MOVEMENT_KINDS.filter((kind) => MOVEMENT_KIND_DIRECTIONS[kind].includes(direction));
}

/** The kind kept when the direction changes: the same one if it still fits, else the direction's first. */
export function coupleKind(kind: MovementKind, direction: MovementDirection): MovementKind {
  const allowed = kindsFor(direction);
  return allowed.includes(kind) ? kind : (allowed[0] ?? 'adjustment');
}

/** The API's own contract, plus its "not after today (Algeria)" rule, checked before sending. */
export const MovementForm = StockMovementInput.safeExtend({
  // An empty price field means "not given" (the API's default, 0), not an invalid number.
  unitPrice: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    StockMovementInput.shape.unitPrice,
  ),
  date: isoDateSchema.refine((day) => day <= algiersToday(), 'validation.futureDate'),
});
export type MovementFormInput = z.input<typeof MovementForm>;
export type MovementFormValues = z.output<typeof MovementForm>;

export interface MovementPreset {
  itemId: number;
  direction: MovementDirection;
}

export function emptyMovement(today: string, preset?: MovementPreset): MovementFormInput {
  const direction = preset?.direction ?? 'in';
  return {
    itemId: preset ? String(preset.itemId) : '',
    direction,
    kind: coupleKind(direction === 'in' ? 'purchase' : 'sale', direction),
    quantity: '',
    unitPrice: '',
    date: today,
    note: '',
  };
}
