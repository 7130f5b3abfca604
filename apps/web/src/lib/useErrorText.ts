import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from './api.ts';
import { useMessages } from './messages.ts';
import { ApiAnswerError } from './queries.ts';

const IN_USE_DETAILS = ['subscribed', 'assigned', 'used'] as const;
type InUseDetail = (typeof IN_USE_DETAILS)[number];
const isInUseDetail = (v: string): v is InUseDetail => (IN_USE_DETAILS as readonly string[]).includes(v);

/** A feature's own text for a 4xx answer, tried first; undefined leaves the answer to the shared rules. */
export type AnswerText = (error: ApiAnswerError) => string | undefined;

/** A failure's main line and, when the server said more, its own words below it. */
export interface ErrorText {
  text: string;
  detail?: string;
}

/** A feature's own text (and detail) for a 4xx answer; undefined leaves the answer to the screen's fallback. */
export type AnswerDetail = (error: ApiAnswerError) => ErrorText | undefined;

/**
 * Turns a failed API call into text in the visitor's language. The finest reason wins: the feature's own text
 * for the answer (`own`, e.g. messaging's blocks), a screen's own text for an issue code (`overrides`), then the
 * issue's locale key (`conflict.*`, `validation.*`), then the base error code, then the transport failure.
 * `own` is called with every answer: keep it stable (module level or useCallback).
 */
export function useErrorText(own?: AnswerText) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const { errorMessage, failureMessage, fieldMessage } = useMessages();

  return useCallback(
    (error: unknown, overrides: Readonly<Record<string, string>> = {}): string => {
      if (error instanceof ApiAnswerError) {
        const mine = own?.(error);
        if (mine) return mine;
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
      return failureMessage(error);
    },
    [own, t, i18n, errorMessage, failureMessage, fieldMessage],
  );
}

/**
 * The variant for a screen that words its own failure ("could not save the product") rather than the error
 * catalogue (SPEC §8, the marketplace writes): the feature's own text for the answer (`own`) first, a transport
 * failure as everywhere, any other answer the call's `fallback` with the server's message below it, and any other
 * error the fallback alone. `own` is called with every answer: keep it stable (module level or useCallback).
 */
export function useErrorTextWithFallback(own: AnswerDetail) {
  const { failureMessage } = useMessages();

  return useCallback(
    (error: unknown, fallback: string): ErrorText => {
      if (error instanceof ApiFailure) return { text: failureMessage(error) };
      if (!(error instanceof ApiAnswerError)) return { text: fallback };
      return own(error) ?? { text: fallback, detail: error.message };
    },
    [own, failureMessage],
  );
}
