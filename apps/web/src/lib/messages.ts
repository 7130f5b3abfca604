import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, LIMITS, type ApiError, type ErrorCode } from '@filaha/shared';
import { ApiFailure } from './api.ts';
import { numberFormat } from './intl.ts';

const LIMIT_VALUES = {
  min: LIMITS.passwordMinLength,
  max: LIMITS.passwordMaxLength,
  digits: LIMITS.phoneMaxDigits,
};

/** "14 minutes" / "14 دقيقة", "40 secondes": whole minutes from one minute on, rounded up (never less than the wait). */
export function waitText(seconds: number, lang: string): string {
  const locale = lang === 'fr' ? 'fr-FR' : 'ar-DZ';
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * Turns what the API and the shared zod schemas say into the visitor's language:
 * `validation.*` issue messages, `{ code }` error answers, and thrown ApiFailures.
 */
export function useMessages() {
  const { t, i18n } = useTranslation(['errors', 'validation']);

  /** zod messages are keys like "validation.phone"; anything else (a library default) gets a generic text. */
  const fieldMessage = useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = message.replace(/^validation\./, 'validation:');
      if (key.startsWith('validation:') && i18n.exists(key)) {
        // The key was checked at run time; the cast only narrows it for the typed t().
        return t(key as 'validation:required', LIMIT_VALUES);
      }
      return t('validation:invalid');
    },
    [t, i18n],
  );

  /** A code, or the whole answer: a 429 that says how long to wait gets a message naming the wait. */
  const errorMessage = useCallback(
    (error: string | ApiError): string => {
      const code = typeof error === 'string' ? error : error.code;
      const wait = typeof error === 'string' ? undefined : error.retryAfterSeconds;
      if (code === 'RATE_LIMITED' && wait) return t('errors:rateLimitedWait', { wait: waitText(wait, i18n.language) });
      return isErrorCode(code) ? t(`errors:${code}`) : t('errors:generic');
    },
    [t, i18n],
  );

  const failureMessage = useCallback(
    (error: unknown): string => {
      if (error instanceof ApiFailure) {
        if (error.kind === 'timeout') return t('errors:timeout');
        if (error.kind === 'network') return t('errors:network');
        return t('errors:INTERNAL');
      }
      return t('errors:generic');
    },
    [t],
  );

  return { fieldMessage, errorMessage, failureMessage };
}
