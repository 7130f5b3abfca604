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
