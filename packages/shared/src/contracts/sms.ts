import { z } from 'zod';
import { SmsMessagesAnswer, SmsPhoneInput, SmsSubscriptionAnswer, SmsVerifyInput } from '../sms.ts';
import { withExample } from './common.ts';
import { route } from './contract.ts';

export const SmsMessagesQuery = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(200, 'validation.invalid')
    .default(50),
});

const smsRoute = { tags: ['sms'], auth: true } as const;

/**
 * SMS (issue 31 §4). The opt-in is the farmer's own (role User): give a phone, receive a 6-digit code by SMS,
 * verify it; stop at any time (here, or by answering "STOP" / "توقف"). Staff (Admin, Manager) list the SMS sent
 * with their delivery receipts.
 */
export const smsContract = {
  state: route({
    ...smsRoute,
    method: 'GET',
    path: '/sms',
    description: 'My SMS opt-in: the phone, whether it is verified, opted out, and the daily cap.',
    responses: { 200: SmsSubscriptionAnswer },
    errors: ['FORBIDDEN'],
  }),
  phone: route({
    ...smsRoute,
    method: 'POST',
    path: '/sms/phone',
    description:
      'Give my phone (an Algerian mobile): a 6-digit code is sent to it by SMS, valid 10 minutes (3 codes an hour at most).',
    body: SmsPhoneInput,
    responses: { 202: SmsSubscriptionAnswer },
    errors: ['FORBIDDEN'],
  }),
  verify: route({
    ...smsRoute,
    method: 'POST',
    path: '/sms/verify',
    description: 'Verify the code received: SMS alerts are then sent to this phone (opted in).',
    body: withExample(SmsVerifyInput, { code: '123456' }),
    responses: { 200: SmsSubscriptionAnswer },
    errors: ['FORBIDDEN', 'PHONE_CODE_INVALID', 'PHONE_CODE_EXPIRED', 'PHONE_CODE_LOCKED'],
  }),
  optOut: route({
    ...smsRoute,
    method: 'DELETE',
    path: '/sms',
    description: 'Stop SMS (opted out); a new verification opts in again.',
    responses: { 200: SmsSubscriptionAnswer },
    errors: ['FORBIDDEN'],
  }),
  messages: route({
    ...smsRoute,
    method: 'GET',
    path: '/admin/sms',
    description: 'Staff: the latest SMS, newest first, with their state and delivery receipt (phones masked).',
    query: SmsMessagesQuery,
    responses: { 200: SmsMessagesAnswer },
    errors: ['FORBIDDEN'],
  }),
};
