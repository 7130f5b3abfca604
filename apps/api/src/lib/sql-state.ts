/**
 * PostgreSQL error states the repositories turn into domain answers. Both pg and PGlite put the SQLSTATE in
 * `code`; drizzle wraps the driver error in `cause`, so the whole chain is searched.
 */
export const SQL_STATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** ON DELETE RESTRICT answers with its own state, not 23503. */
  restrictViolation: '23001',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  /** PostGIS reports invalid geometry input as an internal error. */
  internalError: 'XX000',
} as const;
export type SqlState = (typeof SQL_STATE)[keyof typeof SQL_STATE];

export function hasSqlState(error: unknown, state: SqlState): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** A delete refused because other rows still reference the target (NO ACTION or RESTRICT). */
export function isReferencedError(error: unknown): boolean {
  return hasSqlState(error, SQL_STATE.foreignKeyViolation) || hasSqlState(error, SQL_STATE.restrictViolation);
}

/**
 * PostgreSQL data exceptions a request's values can cause — a number beyond its column's range, text its
 * column's type cannot hold. The error handler answers them 400 VALIDATION_FAILED (the value was invalid, the
 * server is fine): the route schemas check these limits first, this is the net for a field one of them forgets.
 */
const DATA_EXCEPTIONS = [
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (U+0000 in text)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
];

export function isDataException(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_EXCEPTIONS.includes(code)) return true;
  }
  return false;
}

/** The constraint a violation names (pg and PGlite put it in `constraint`), to tell which unique field clashed. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** Which name a unique violation is about: the French one (`name`) or the Arabic one (`name_ar`). */
export type DuplicateName = 'duplicate' | 'duplicate_ar';
export function duplicateName(error: unknown): DuplicateName | undefined {
  if (!hasSqlState(error, SQL_STATE.uniqueViolation)) return undefined;
  return violatedConstraint(error)?.endsWith('_name_ar_unique') ? 'duplicate_ar' : 'duplicate';
}

/** Runs the insert or update of a named row: a unique violation answers which name is taken instead of throwing. */
export async function orDuplicateName<T>(write: () => Promise<T>): Promise<T | DuplicateName> {
  try {
    return await write();
  } catch (error) {
    const duplicate = duplicateName(error);
    if (duplicate) return duplicate;
    throw error;
  }
}

/** Runs a delete: rows still referencing the target answer 'in_use' instead of throwing. */
export async function orInUse<T>(remove: () => Promise<T>): Promise<T | 'in_use'> {
  try {
    return await remove();
  } catch (error) {
    // ON DELETE RESTRICT raises restrict_violation (23001), not foreign_key_violation (23503).
    if (isReferencedError(error)) return 'in_use';
    throw error;
  }
}
