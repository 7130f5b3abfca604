import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { asLang, formatDay } from './format.ts';

interface OrderDayDialogProps {
  day: string;
  indexCode: string;
  parcelName: string;
  /** Requests left for the index (null: unknown or unlimited), and the plan's total. */
  remaining: number | null;
  total: number | null;
  onOrder: () => void;
  onClose: () => void;
}

/**
 * "Order this date's map" from a season-curve point (issue 27 §2): what the order costs and what is left, then
 * the order itself (an ordinary, charged image request on that day). With no request left it says so instead.
 */
export function OrderDayDialog({
  day,
  indexCode,
  parcelName,
  remaining,
  total,
  onOrder,
  onClose,
}: OrderDayDialogProps) {
  const { t, i18n } = useTranslation('farm');
  const { t: tc } = useTranslation();
  const date = formatDay(day, asLang(i18n.language));
  const none = remaining === 0;
  return (
    <Dialog
      title={t('season.confirmTitle', { date })}
      onClose={onClose}
      actions={
        <>
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-lg border border-stone-300 px-4 font-semibold text-stone-800 hover:bg-stone-100"
          >
            {tc('actions.cancel')}
          </button>
          {none ? null : (
            <button
              type="button"
              data-testid="season-order-confirm"
              onClick={onOrder}
              className="min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
            >
              {t('season.confirmOrder')}
            </button>
          )}
        </>
      }
    >
      <p>{t('season.confirmBody', { index: indexCode, parcel: parcelName, date })}</p>
      {none ? (
        <p className="mt-3 font-semibold text-amber-900">
          {t('generate.hints.noRequestsLeft', { index: indexCode, total: total ?? 0 })}
        </p>
      ) : remaining !== null && total !== null ? (
        <p className="mt-3" data-testid="season-order-left">
          {t('season.confirmLeft', { index: indexCode, left: remaining, total })}
        </p>
      ) : null}
    </Dialog>
  );
}
