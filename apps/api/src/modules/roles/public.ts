import type { Db } from '@filaha/db';
import { createRolesRepository } from './roles.repository.ts';

/**
 * What other modules may use of the roles module (.dependency-cruiser.mjs refuses their imports of its other files):
 * the look-ups that check a role id another module was sent (users: a role change; auth: the seller role at sign-up).
 */
export function createRoleLookup(db: Db) {
  const roles = createRolesRepository(db);
  return { findRole: roles.findRole, findSellerRole: roles.findSellerRole };
}

export type RoleLookup = ReturnType<typeof createRoleLookup>;
