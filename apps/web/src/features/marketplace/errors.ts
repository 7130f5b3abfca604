import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../lib/api.ts';
import { useMessages } from '../../lib/messages.ts';
import { ApiAnswerError } from '../../lib/queries.ts';

/** What to show for a failed marketplace write: a main line and, when the server said more, its own words. */
export interface ErrorText {
  text: string;
  detail?: string;
}

/**
 * Marketplace write failures in the visitor's language. SPEC §8: a refused publication (401, no active seller
 * subscription) shows the server's message; the post limit (403 `post_limit_reached`) names the limit and
 * keeps the server message below; other answers use the error catalogue, the rest the SPEC's fallback text.
 */
export function useMarketErrors() {
  const { t } = useTranslation('marketplace');
  const { errorMessage, failureMessage } = useMessages();
  return useCallback(
    (error: unknown, fallback: string): ErrorText => {
      if (error instanceof ApiFailure) return { text: failureMessage(error) };
      if (!(error instanceof ApiAnswerError)) return { text: fallback };
      const issue = error.issues[0]?.code;
      if (issue === 'post_limit_reached') return { text: t('errors.postLimit'), detail: error.message };
      if (error.status === 401 && error.message) return { text: error.message };
      if (error.code === 'PAYLOAD_TOO_LARGE') return { text: t('errors.tooLarge') };
      if (issue === 'too_many') return { text: t('errors.tooMany') };
      if (error.code === 'VALIDATION_FAILED' || error.code === 'UNSUPPORTED_MEDIA' || error.code === 'FORBIDDEN')
        return { text: errorMessage(error.code) };
      return { text: fallback, detail: error.message };
    },
    [t, errorMessage, failureMessage],
  );
}
