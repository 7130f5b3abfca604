import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiIssue } from '@filaha/shared';
import { ApiFailure, type ApiResult } from '../../lib/api.ts';
import { useMessages } from '../../lib/messages.ts';

/** A 4xx answer kept whole (code, server message and issues), for react-query's error state. */
export class AnswerError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: readonly ApiIssue[];
  constructor(status: number, code: string, message: string, issues: readonly ApiIssue[] = []) {
    super(message);
    this.name = 'AnswerError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function unwrapAnswer<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new AnswerError(result.status, result.error.code, result.error.message, result.error.issues ?? []);
}

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
      if (!(error instanceof AnswerError)) return { text: fallback };
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
