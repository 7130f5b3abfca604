import { CONFLICT_REASONS, type ConflictReason } from '@filaha/shared';
import { AppError } from '../../errors.ts';

/**
 * Helpers shared by the farmer-domain modules (plans, subscriptions, indices, parcels, services): the 409
 * answers whose issue tells the screens which text to show (SQL states come from lib/sql-state.ts).
 */
export { SQL_STATE, hasSqlState, isReferencedError } from '../../lib/sql-state.ts';

/** 409 CONFLICT whose issue names the field and the reason (`code`) with its locale key (`message`). */
export function conflict(reason: ConflictReason, path: string): AppError {
  return new AppError('CONFLICT', 409, [{ path, code: reason, message: CONFLICT_REASONS[reason] }]);
}

/** 409 IN_USE: a delete refused because other rows depend on the target; `detail` says which. */
export function inUse(detail: string): AppError {
  return new AppError('IN_USE', 409, [{ path: 'id', code: detail, message: CONFLICT_REASONS.in_use }]);
}

/** 400 for a body field naming a row that does not exist (an id from a stale select, for instance). */
export function unknownReference(path: string): AppError {
  return new AppError('VALIDATION_FAILED', 400, [
    { path, code: 'unknown_reference', message: 'validation.unknownReference' },
  ]);
}

/** Roles that read everything the admin reads (the manager area is read-only, plus subscription toggles). */
export const READER_ROLES = new Set(['Admin', 'Manager']);
/** Farmers are role User (SPEC §6: "Farmers (agriculteur)"). */
export const FARMER_ROLE = 'User';
