import { SMS_LIMITS } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { call } from '../../lib/client.ts';

/** GET /api/sms: the farmer's SMS opt-in (state, phone in E.164, daily cap and SMS sent today). */
export type SmsState = RouteData<'GET /sms'>;

export const smsKeys = { state: ['sms', 'state'] as const };

export const smsQueries = {
  state: { queryKey: smsKeys.state, queryFn: () => call('GET /sms') },
};

/** POST /api/sms/phone: a 6-digit code is sent to the phone (202). */
export async function requestSmsCode(phone: string) {
  return call('POST /sms/phone', { body: { phone } });
}

export async function verifySmsCode(code: string) {
  return call('POST /sms/verify', { body: { code } });
}

export async function stopSms() {
  return call('DELETE /sms');
}

/** "+213550123456" → "+213 5 50 •• •• 56", as the back office shows phones; anything else as it is. */
export function maskPhone(phone: string): string {
  const m = /^\+213(\d)(\d{2})\d{4}(\d{2})$/.exec(phone);
  return m ? `+213 ${m[1]} ${m[2]} •• •• ${m[3]}` : phone;
}

/** "+213550123456" → "0550 12 34 56", the way a farmer writes it (to fill the field again). */
export function nationalPhone(phone: string): string {
  const m = /^\+213(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return m ? `0${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}

/**
 * When the API lets the farmer ask for another code (ms since the epoch): one a minute after the last one, which
 * was sent `codeTtlMinutes` before the code's expiry. 0 when no code is pending.
 */
export function nextCodeAt(state: SmsState): number {
  if (!state.codeExpiresAt) return 0;
  const sent = Date.parse(state.codeExpiresAt) - SMS_LIMITS.codeTtlMinutes * 60_000;
  return sent + SMS_LIMITS.codeIntervalSeconds * 1000;
}
