import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './db-type.ts';

/** The transaction a piece of work runs in, and what waits for its commit. */
interface Scope {
  /** Null once the transaction has ended: a stray continuation then goes to the database itself. */
  tx: Tx | null;
  afterCommit: Array<() => Promise<void>>;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * A `Db` whose every call goes to the transaction opened by `inAmbientTransaction` in the calling async context,
 * and to `base` everywhere else. `createDb` hands out this form, so the repositories built once at start-up
 * (which hold this object) write into a request's transaction without being passed it. A `db.transaction(…)`
 * inside the scope becomes a savepoint of the ambient transaction.
 */
export function ambientDb(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      const owner = scopes.getStore()?.tx ?? target;
      const value: unknown = Reflect.get(owner, prop, owner);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(owner) : value;
    },
  });
}

/** Whether the calling code runs inside `inAmbientTransaction`. */
export function inAmbientScope(): boolean {
  return Boolean(scopes.getStore()?.tx);
}

/**
 * Runs `work` in one transaction of `db` that every call through an `ambientDb` in `work`'s async context joins:
 * all of it commits, or none of it (a throw rolls back). After the commit, the `afterCommit` work registered
 * meanwhile runs, in order; its failures go to `onAfterCommitError` (the commit stands).
 */
export async function inAmbientTransaction<T>(
  db: Db,
  work: () => Promise<T>,
  onAfterCommitError: (error: unknown) => void = () => undefined,
): Promise<T> {
  if (inAmbientScope()) throw new Error('inAmbientTransaction: already inside an ambient transaction');
  const scope: Scope = { tx: null, afterCommit: [] };
  let result: T;
  try {
    result = await db.transaction((tx) => {
      scope.tx = tx;
      return scopes.run(scope, work);
    });
  } finally {
    scope.tx = null;
  }
  for (const after of scope.afterCommit) {
    try {
      await after();
    } catch (error) {
      onAfterCommitError(error);
    }
  }
  return result;
}

/**
 * Work that must not happen before the data it concerns is committed (deleting a file no committed row points
 * at any more, telling other processes about a new row): inside an ambient transaction it waits for the commit
 * (and is dropped on a rollback); elsewhere it runs now.
 */
export async function afterCommit(work: () => Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  if (scope?.tx) scope.afterCommit.push(work);
  else await work();
}
