import { z } from 'zod';

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

export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });

export const MessageAnswer = z.object({ message: z.string() });
