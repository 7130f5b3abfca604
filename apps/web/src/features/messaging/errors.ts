import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError } from '../../lib/apiCalls.ts';
import { useErrorText } from '../../lib/useErrorText.ts';

/** Messaging failures in the visitor's language: a block says which side blocked, the rest as elsewhere. */
export function useChatErrors() {
  const { t } = useTranslation('messaging');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof AdminApiError) {
        const issue = error.issues[0]?.code;
        if (error.code === 'BLOCKED')
          return issue === 'blocked_by_you' ? t('errors.blockedByYou') : t('errors.blockedByThem');
        if (error.code === 'RATE_LIMITED') return t('errors.rateLimited');
        if (error.status === 404) return t('errors.notFound');
      }
      return errorText(error);
    },
    [t, errorText],
  );
}
