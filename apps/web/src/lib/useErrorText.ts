import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from './messages.ts';
import { ApiAnswerError } from './queries.ts';
import { AdminApiError } from './apiCalls.ts';

const IN_USE_DETAILS = ['subscribed', 'assigned', 'used'] as const;
type InUseDetail = (typeof IN_USE_DETAILS)[number];
const isInUseDetail = (v: string): v is InUseDetail => (IN_USE_DETAILS as readonly string[]).includes(v);

/**
 * Turns a failed admin call into text in the visitor's language. The finest reason wins: a screen's own
 * text for an issue code (`overrides`), then the issue's locale key (`conflict.*`, `validation.*`), then the
 * base error code, then the transport failure.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const { errorMessage, failureMessage, fieldMessage } = useMessages();

  return useCallback(
    (error: unknown, overrides: Readonly<Record<string, string>> = {}): string => {
      if (error instanceof AdminApiError) {
        const issue = error.issues[0];
        if (issue) {
          const override = overrides[issue.code];
          if (override) return override;
          // PostGIS explains a self-intersection in English with coordinates: our own text says it plainly.
          if (issue.code === 'self_intersection') return t('admin:common.selfIntersection');
          if (error.code === 'IN_USE' && isInUseDetail(issue.code)) return t(`admin:inUse.${issue.code}`);
          if (issue.message.startsWith('conflict.')) {
            const key = `errors:${issue.message}`;
            // Checked at run time; the cast only narrows it for the typed t().
            if (i18n.exists(key)) return t(key as 'errors:conflict.duplicate');
          }
          if (issue.message.startsWith('validation.') && i18n.exists(issue.message.replace('.', ':'))) {
            return fieldMessage(issue.message) ?? errorMessage(error.code);
          }
        }
        return errorMessage(error.code);
      }
      if (error instanceof ApiAnswerError) return errorMessage(error.code);
      return failureMessage(error);
    },
    [t, i18n, errorMessage, failureMessage, fieldMessage],
  );
}
