/** @filaha/db — Drizzle schema, migrations, createDb (PGlite or pg), password hashing and seed. */
export { afterCommit, inAmbientScope, inAmbientTransaction } from './ambient.ts';
export { createDb, type Database, type Db, type DbConfig, type Schema, type Tx } from './client.ts';
export { DataDirLockedError, DataDirUnusableError, lockDataDir, type DataDirLock } from './data-dir-lock.ts';
export type { MigrationState } from './migrate.ts';
export { listenOnPostgres, notify, type PostgresListener, type PostgresListenerOptions } from './listen.ts';
export { DatabaseUnreachableError, PostgisMissingError, waitForPostgres } from './postgres-start.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { addLegendIfNone, defaultLegendRows, type DefaultLegendRow } from './seed/legends.ts';
export {
  seed,
  createUsageRows,
  DEMO_ACCOUNTS,
  type SeedOptions,
  type SeedResult,
  type SeedAccount,
} from './seed/index.ts';
export {
  escapeLike,
  FARMER_SELLER_ROLE_ID,
  publicationByIdStatement,
  publicationCountStatement,
  publicationListStatement,
  publicationsByOwnerStatement,
  statementText,
  type PublicationListFilters,
  type PublicationRow,
} from './queries/publications.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
// drizzle-orm lives in this package's node_modules only: re-export the query helpers so other
// workspaces build queries with the same drizzle instance the tables come from.
export {
  sql,
  eq,
  ne,
  and,
  or,
  not,
  gt,
  gte,
  lt,
  lte,
  inArray,
  notInArray,
  isNull,
  isNotNull,
  ilike,
  like,
  asc,
  desc,
  count,
  sum,
  exists,
  between,
  getTableColumns,
  type SQL,
  type InferSelectModel,
  type InferInsertModel,
} from 'drizzle-orm';
