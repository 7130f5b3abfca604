import { z } from 'zod';
import { UpdateUserInput } from '../auth.ts';
import { route } from './contract.ts';
import { IdParams, MessageAnswer } from './common.ts';

/** SPEC §3 "User profile" fields (snake_case where the earlier clients read them so). */
export const Profile = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  wilaya: z.number().int().nullable(),
  wilayaName: z.object({ fr: z.string(), ar: z.string() }).nullable(),
  roleName: z.string(),
  role_id: z.number().int(),
  profilePicture: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** What any signed-in user may read about another user. */
export const PublicUser = z.object({ id: z.number().int(), userName: z.string() });
export type PublicUser = z.infer<typeof PublicUser>;

export const UserListItem = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  wilaya: z.number().int().nullable(),
  roleName: z.string(),
  role_id: z.number().int(),
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserIds = z.object({ user_id: z.number().int(), role_id: z.number().int() });

export const MessageWithProfile = z.object({ message: z.string(), user: Profile });

const userRoute = { tags: ['users'], auth: true } as const;

/** Accounts (SPEC "User"): one's own profile, the user list for Admin and Manager, edits by self or Admin. */
export const usersContract = {
  /** The caller's own profile. */
  profile: route({
    ...userRoute,
    method: 'GET',
    path: '/users/profile',
    responses: { 200: Profile },
    errors: ['NOT_FOUND'],
  }),
  ids: route({
    ...userRoute,
    method: 'GET',
    path: '/users/get',
    responses: { 200: UserIds },
    errors: [],
  }),
  list: route({
    ...userRoute,
    method: 'GET',
    path: '/users',
    responses: { 200: z.array(UserListItem) },
    errors: ['FORBIDDEN'],
  }),
  get: route({
    ...userRoute,
    method: 'GET',
    path: '/users/:id',
    params: IdParams,
    responses: { 200: z.union([Profile, PublicUser]) },
    errors: ['NOT_FOUND'],
  }),
  update: route({
    ...userRoute,
    method: 'PUT',
    path: '/users/:id',
    params: IdParams,
    body: UpdateUserInput,
    responses: { 200: MessageWithProfile },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  remove: route({
    ...userRoute,
    method: 'DELETE',
    path: '/users/:id',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'SELF_DELETE', 'NOT_FOUND', 'IN_USE'],
  }),
};
