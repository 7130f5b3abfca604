import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * The query-result shape both drivers share: pg's QueryResult and PGlite's Results both carry `rows`.
 * Typing `db.execute()` with only that keeps one `Db` type for both drivers.
 */
export interface RowsResult<TRow> {
  rows: Array<TRow extends Record<string, unknown> ? TRow : Record<string, unknown>>;
}
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/** One drizzle type for PGlite and node-postgres. */
export type Db = PgDatabase<RowsResultHKT, Schema>;
/** The `tx` handed to `db.transaction(async (tx) => …)`; a `Tx` is also usable where a `Db` is expected. */
export type Tx = PgTransaction<RowsResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
