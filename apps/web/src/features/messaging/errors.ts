import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswerError } from '../../lib/queries.ts';
import { useErrorText } from '../../lib/useErrorText.ts';

/** Messaging failures in the visitor's language: a block says which side blocked, the rest as elsewhere. */
export function useChatErrors() {
  const { t } = useTranslation('messaging');
  const own = useCallback(
    (error: ApiAnswerError): string | undefined => {
      const issue = error.issues[0]?.code;
      if (error.code === 'BLOCKED')
        return issue === 'blocked_by_you' ? t('errors.blockedByYou') : t('errors.blockedByThem');
      if (error.code === 'RATE_LIMITED') return t('errors.rateLimited');
      if (error.status === 404) return t('errors.notFound');
      return undefined;
    },
    [t],
  );
  return useErrorText(own);
}
