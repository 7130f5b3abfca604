import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../lib/messages.ts';
import type { ApiAnswerError } from '../../lib/queries.ts';
import { useErrorTextWithFallback, type ErrorText } from '../../lib/useErrorText.ts';

export type { ErrorText };

/** Answers the marketplace words with the shared error catalogue. */
const CATALOGUED = ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA', 'FORBIDDEN'];

/**
 * Marketplace write failures in the visitor's language. SPEC §8: a refused publication (401, no active seller
 * subscription) shows the server's message; the post limit (403 `post_limit_reached`) names the limit and
 * keeps the server message below; other answers use the error catalogue, the rest the SPEC's fallback text
 * (`useErrorTextWithFallback`).
 */
export function useMarketErrors() {
  const { t } = useTranslation('marketplace');
  const { errorMessage } = useMessages();
  const own = useCallback(
    (error: ApiAnswerError): ErrorText | undefined => {
      const issue = error.issues[0]?.code;
      if (issue === 'post_limit_reached') return { text: t('errors.postLimit'), detail: error.message };
      if (error.status === 401 && error.message) return { text: error.message };
      if (error.code === 'PAYLOAD_TOO_LARGE') return { text: t('errors.tooLarge') };
      if (issue === 'too_many') return { text: t('errors.tooMany') };
      if (CATALOGUED.includes(error.code)) return { text: errorMessage(error.code) };
      return undefined;
    },
    [t, errorMessage],
  );
  return useErrorTextWithFallback(own);
}
