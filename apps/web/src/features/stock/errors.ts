import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockUnit } from '@filaha/shared';
import { useMessages } from '../../lib/messages.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { shortfallOf } from './api.ts';
import { useStockFormat } from './format.ts';

/** Issue messages of the stock API whose text this screen carries itself (`stock:fieldErrors.*`). */
const OWN_FIELD_KEYS = [
  'futureDate',
  'movementKindDirection',
  'stockUnit',
  'stockItemKind',
  'movementDirection',
  'movementKind',
] as const;
type OwnFieldKey = (typeof OWN_FIELD_KEYS)[number];
const isOwnKey = (key: string): key is OwnFieldKey => (OWN_FIELD_KEYS as readonly string[]).includes(key);

/**
 * Stock failures in the visitor's language. A refused exit or deletion (409 STOCK_NEGATIVE) names the first
 * day the stock would go negative and how much would be missing; the rest follows the back office's rules
 * (issue texts, then the error code, then the transport failure).
 */
export function useStockErrors() {
  const { t, i18n } = useTranslation('stock');
  const { fieldMessage } = useMessages();
  const errorText = useErrorText();
  const fmt = useStockFormat();

  /** A field's `validation.*` message: the shared catalogue first, else this screen's own text. */
  const field = useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = message.replace(/^validation\./, '');
      if (!i18n.exists(`validation:${key}`) && isOwnKey(key)) return t(`fieldErrors.${key}`);
      return fieldMessage(message);
    },
    [t, i18n, fieldMessage],
  );

  /** `unit` is the item's, to word the shortfall ("3 kg"); `action` says which refusal text applies. */
  const text = useCallback(
    (error: unknown, unit?: StockUnit, action: 'exit' | 'delete' = 'exit'): string => {
      const missing = shortfallOf(error);
      if (missing) {
        return t(action === 'exit' ? 'errors.negativeExit' : 'errors.negativeDelete', {
          quantity: unit ? fmt.quantity(missing.shortfall, unit) : fmt.number(missing.shortfall),
          date: fmt.date(missing.date),
        });
      }
      return errorText(error, {
        has_movements: t('errors.hasMovements'),
        future_date: t('fieldErrors.futureDate'),
      });
    },
    [t, fmt, errorText],
  );

  return { field, text };
}
