import { ROLE_NAMES, type RoleName } from '@filaha/shared';
import type { AuthUser } from '../plugins/auth.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

/** What a service checks access to. */
export type Resource =
  | 'parcel'
  /** A parcel's imagery: generating and comparing images (write), its season curve (read). */
  | 'parcelImagery'
  | 'parcelAlerts'
  /** A parcel's crop per season (issue 30 §2). */
  | 'parcelCrops'
  /** A parcel's water: its balance and advice (read), its soil and recorded irrigations (write) (issue 31 §2). */
  | 'parcelWater'
  /** A farmer's stored image results. */
  | 'imageHistory'
  /** A farmer's subscribed indices with quota and parcels (GET /indice/{userId}/indices). */
  | 'farmConfig'
  | 'subscription'
  | 'user'
  | 'userList'
  /** Changing a user's role. */
  | 'userRole'
  | 'sellerRole'
  | 'publication';

export type Action = 'read' | 'write' | 'delete';

/** Who may: the owner of the target (when it has one) and/or these roles, whoever owns it. */
interface Rule {
  owner?: true;
  roles?: readonly RoleName[];
}

/** Roles that read everything the admin reads (the manager area is read-only, plus subscription toggles). */
export const READERS = ['Admin', 'Manager'] as const satisfies readonly RoleName[];
const ADMIN = ['Admin'] as const satisfies readonly RoleName[];

/**
 * The access policy of the whole API in one table (docs/AUTHORIZATION.md is its matrix, checked by
 * src/authz-matrix.test.ts). Route guards (`requireRole`) decide who may call a route at all; these rules decide,
 * inside the service, whose data the caller may act on.
 */
const POLICY: { readonly [R in Resource]: { readonly [A in Action]?: Rule } } = {
  parcel: {
    read: { owner: true, roles: READERS },
    write: { owner: true, roles: ADMIN },
    delete: { owner: true, roles: ADMIN },
  },
  parcelImagery: { read: { owner: true, roles: READERS }, write: { owner: true } },
  parcelAlerts: { read: { owner: true, roles: READERS }, write: { owner: true } },
  parcelCrops: { read: { owner: true, roles: READERS }, write: { owner: true } },
  parcelWater: { read: { owner: true, roles: READERS }, write: { owner: true } },
  imageHistory: { read: { owner: true, roles: ADMIN } },
  farmConfig: { read: { owner: true, roles: READERS } },
  subscription: { read: { owner: true, roles: READERS }, write: { owner: true } },
  user: { read: { owner: true, roles: READERS }, write: { owner: true, roles: ADMIN }, delete: { roles: ADMIN } },
  userList: { read: { roles: READERS } },
  userRole: { write: { roles: ADMIN } },
  sellerRole: { read: { owner: true, roles: READERS } },
  publication: { write: { owner: true }, delete: { owner: true, roles: ADMIN } },
};

type Caller = { actor: Pick<AuthUser, 'id' | 'role'> };

/** A role name read from the database, typed (the roles table holds exactly ROLE_NAMES, seeded with their ids). */
export function toRoleName(name: string): RoleName {
  const role = ROLE_NAMES.find((r) => r === name);
  if (!role) throw new Error(`unknown role '${name}' in the roles table`);
  return role;
}

/** Whether the caller's role alone grants the action (whoever owns the target). */
export function hasRoleAccess(ctx: Caller, resource: Resource, action: Action): boolean {
  return POLICY[resource][action]?.roles?.includes(ctx.actor.role) ?? false;
}

/** Whether the caller may act on a target owned by `ownerId` (undefined: a target without owner, or any). */
export function mayAccess(ctx: Caller, resource: Resource, action: Action, ownerId?: number): boolean {
  const rule = POLICY[resource][action];
  if (!rule) return false;
  return hasRoleAccess(ctx, resource, action) || (rule.owner === true && ownerId === ctx.actor.id);
}

/**
 * Throws unless the caller may act on the target: 403 FORBIDDEN, or 404 NOT_FOUND with `hide` where the target's
 * existence must not be told to someone who may not see it (another farmer's parcel or subscription).
 */
export function requireAccess(
  ctx: Caller,
  resource: Resource,
  action: Action,
  target: { ownerId?: number; hide?: boolean } = {},
): void {
  if (mayAccess(ctx, resource, action, target.ownerId)) return;
  throw target.hide ? new NotFoundError() : new ForbiddenError();
}
