import { SMS_LIMITS } from '@filaha/shared';

/**
 * The verification SMS, in the farmer's language: one segment each (Arabic in UCS-2 ≤ 70 characters, French in
 * GSM-7 ≤ 160; sms.texts.test.ts), with how to stop.
 */
export function verificationText(code: string, language: 'ar' | 'fr'): string {
  const minutes = SMS_LIMITS.codeTtlMinutes;
  return language === 'ar'
    ? `فلاحة: رمز التحقق ${code}، صالح ${minutes} دقائق. للإيقاف أرسل توقف`
    : `Filaha : votre code de verification est ${code} (valable ${minutes} min). Pour ne plus recevoir de SMS Filaha, repondez STOP.`;
}
