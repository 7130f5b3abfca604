import { z } from 'zod';

/**
 * SMS (issue 31 §4): the farmer's opt-in with a phone verified by a code, and what the API answers. One contract
 * for the API and the web.
 */
export const SMS_LIMITS = {
  /** Digits of the verification code sent by SMS. */
  codeLength: 6,
  codeTtlMinutes: 10,
  /** Wrong tries before the code is locked (a new one must be asked for). */
  codeMaxAttempts: 5,
  /** Codes a farmer may ask for in a rolling hour, and the wait between two. */
  codesPerHour: 3,
  codeIntervalSeconds: 60,
  /** Codes one phone may receive in a rolling day, whatever the accounts asking. */
  codesPerPhonePerDay: 5,
  /**
   * Alert SMS per farmer per day (Algeria's day, UTC+1): beyond it an alert's SMS is stored as refused_cap and not
   * sent (the bell and the e-mail still tell). Verification codes are not counted (they have their own limits).
   */
  dailyCap: 5,
} as const;

/**
 * An Algerian mobile number (05, 06 or 07 and 8 more digits) as typed — "0661 23 45 67", "+213 661 23 45 67",
 * "00213661234567" — in E.164 ("+213661234567"); undefined when it is not one.
 */
export function algerianMobile(input: string): string | undefined {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+213|00213|213|0)([567]\d{8})$/.exec(compact);
  return match ? `+213${match[1]}` : undefined;
}

export const SmsPhoneInput = z.object({
  phone: z
    .string('validation.smsPhone')
    .max(30, 'validation.smsPhone')
    .refine((v) => algerianMobile(v) !== undefined, 'validation.smsPhone')
    .transform((v) => algerianMobile(v)!),
});
export type SmsPhoneInput = z.input<typeof SmsPhoneInput>;

export const SmsVerifyInput = z.object({
  code: z.string('validation.invalid').regex(/^\d{6}$/, 'validation.smsCode'),
});

export const SMS_SUBSCRIPTION_STATES = ['none', 'pending', 'active', 'opted_out'] as const;

/** GET /sms: the farmer's SMS opt-in. */
export const SmsSubscriptionAnswer = z.object({
  /** none: no phone given; pending: a code was sent, not yet verified; active: SMS are sent; opted_out: stopped. */
  state: z.enum(SMS_SUBSCRIPTION_STATES),
  phone: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  optedOutAt: z.string().nullable(),
  /** farmer: in the app; sms: an incoming "STOP" / "توقف". */
  optedOutBy: z.enum(['farmer', 'sms']).nullable(),
  /** When the code sent expires (pending only). */
  codeExpiresAt: z.string().nullable(),
  /** Alert SMS a day at most, and sent today. */
  dailyCap: z.number().int(),
  sentToday: z.number().int(),
});
export type SmsSubscriptionAnswer = z.infer<typeof SmsSubscriptionAnswer>;

export const SMS_MESSAGE_STATES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'refused_cap',
  'opted_out',
] as const;

/** One SMS in the back office. */
export const SmsMessageEntry = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  /** Masked: "+213 6 61 •• •• 67". */
  phone: z.string(),
  kind: z.enum(['verification', 'alert']),
  language: z.enum(['ar', 'fr']),
  /** The text sent (a verification code masked). */
  text: z.string(),
  encoding: z.enum(['gsm7', 'ucs2']),
  segments: z.number().int(),
  state: z.enum(SMS_MESSAGE_STATES),
  smscIds: z.array(z.string()),
  /** The last delivery receipt's status (DELIVRD, UNDELIV…) and when it came. */
  receiptStatus: z.string().nullable(),
  receiptAt: z.string().nullable(),
  error: z.string().nullable(),
  alertId: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsMessageEntry = z.infer<typeof SmsMessageEntry>;

export const SmsMessagesAnswer = z.object({ dailyCap: z.number().int(), messages: z.array(SmsMessageEntry) });
export type SmsMessagesAnswer = z.infer<typeof SmsMessagesAnswer>;
