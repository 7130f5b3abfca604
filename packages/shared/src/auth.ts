import { z } from 'zod';
import { ID_MAX, LIMITS, ROLE_IDS } from './limits.ts';
import { nameText, noNul } from './text.ts';

/** Issue messages are locale keys (`validation.*`); the web app translates them, the API sends them as-is. */
export const emailSchema = z.string().trim().toLowerCase().max(LIMITS.emailMaxLength).email('validation.email');
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMinLength, 'validation.passwordMin')
  .max(LIMITS.passwordMaxLength, 'validation.passwordMax');
export const phoneSchema = z.string().regex(/^\d{1,10}$/, 'validation.phone');
export const wilayaSchema = z.coerce
  .number('validation.wilaya')
  .int('validation.wilaya')
  .min(1, 'validation.wilaya')
  .max(LIMITS.wilayaCount, 'validation.wilaya');
/** A person's name: a visible letter or digit, no bidi control (see text.ts). */
export const userNameSchema = nameText(LIMITS.userNameMaxLength);

/** Roles a visitor may choose at sign-up. The earlier product sent the text "Investor"; both forms are accepted. */
export const SIGNUP_ROLE_IDS = [ROLE_IDS.user, ROLE_IDS.investor, ROLE_IDS.seller] as const;
const signupRoleSchema = z.preprocess(
  (v) => (v === 'Investor' ? ROLE_IDS.investor : v === '' || v == null ? undefined : Number(v)),
  z.union(SIGNUP_ROLE_IDS.map((id) => z.literal(id)) as [z.ZodLiteral<2>, z.ZodLiteral<4>, z.ZodLiteral<6>], {
    error: 'validation.role',
  }),
);

/** POST /api/auth/register — the SPEC's registration payload. */
export const RegisterInput = z
  .object({
    email: emailSchema,
    userName: userNameSchema,
    password: passwordSchema,
    phone_number: phoneSchema,
    profile_picture: noNul(z.string().max(200)).optional(),
    wilaya: wilayaSchema,
    role_id: signupRoleSchema,
    sellerRole_id: z.preprocess(
      (v) => (v === '' || v == null ? undefined : Number(v)),
      z.number().int().positive('validation.sellerRole').optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.role_id === ROLE_IDS.seller && v.sellerRole_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sellerRole_id'], message: 'validation.sellerRole' });
    }
  });
export type RegisterInput = z.infer<typeof RegisterInput>;

/** The sign-up form adds the confirmation, checked on the client only. */
export const SignUpForm = z
  .object({
    email: emailSchema,
    userName: userNameSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    phone_number: phoneSchema,
    wilaya: wilayaSchema,
    role_id: z.coerce.number().int(),
    sellerRole_id: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
    if (!(SIGNUP_ROLE_IDS as readonly number[]).includes(v.role_id)) {
      ctx.addIssue({ code: 'custom', path: ['role_id'], message: 'validation.role' });
    }
    if (v.role_id === ROLE_IDS.seller && !v.sellerRole_id) {
      ctx.addIssue({ code: 'custom', path: ['sellerRole_id'], message: 'validation.sellerRole' });
    }
  });
export type SignUpForm = z.infer<typeof SignUpForm>;

export const LoginInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.required').max(LIMITS.passwordMaxLength),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const ForgotPasswordInput = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const resetCodeSchema = z.string().regex(/^\d{5}$/, 'validation.resetCode');
export const ResetPasswordInput = z.object({ email: emailSchema, code: resetCodeSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** PUT /api/users/{id} — profile fields; role_id only honoured for an admin. */
export const UpdateUserInput = z
  .object({
    userName: userNameSchema,
    phone_number: phoneSchema,
    wilaya: wilayaSchema,
    // A number or digits only: coercion would read `true` as 1 (Admin).
    role_id: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number().int().positive().max(ID_MAX),
    ),
  })
  .partial();
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;
