import type { UserRecord } from './users.repository.ts';
import type { Profile, PublicUser, UserListItem } from '@filaha/shared/contracts';

/** Maps the clear internal names to the contract's field names at the edge (ARCHITECTURE §4). */
export function toProfile(user: UserRecord): Profile {
  return {
    id: user.id,
    user_id: user.id,
    userName: user.userName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    wilaya: user.wilayaId,
    wilayaName: user.wilaya,
    roleName: user.roleName,
    role_id: user.roleId,
    profilePicture: user.profilePicture,
    created_at: user.createdAt.toISOString(),
  };
}

export function toPublicUser(user: UserRecord): PublicUser {
  return { id: user.id, userName: user.userName };
}

export function toListItem(user: UserRecord): UserListItem {
  return {
    id: user.id,
    userName: user.userName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    wilaya: user.wilayaId,
    roleName: user.roleName,
    role_id: user.roleId,
    created_at: user.createdAt.toISOString(),
  };
}
