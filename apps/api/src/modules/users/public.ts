import type { Db } from '@filaha/db';
import { createUsersRepository } from './users.repository.ts';

// What other modules may use of the users module (.dependency-cruiser.mjs refuses their imports of its other files).

export { toProfile } from './users.presenter.ts';

/**
 * The accounts the auth module creates, signs in and resets the password of: the users module's own queries,
 * narrowed to what sign-up, sign-in and the password reset need.
 */
export function createAccounts(db: Db) {
  const users = createUsersRepository(db);
  return { create: users.create, findById: users.findById, findCredentials: users.findCredentials };
}

export type Accounts = ReturnType<typeof createAccounts>;
