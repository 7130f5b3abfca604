import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { telHref, usePublicSettings } from '../../lib/publicSettings.ts';
import { CONTACT } from '../home/content.ts';
import type { QuotaPayload } from './farmApi.ts';
import { asLang, formatNumber } from './format.ts';

/**
 * SPEC §2 limit-reached modal: title, message, 'indicateurs utilisés / limite' counter, contact (social page
 * and phone), OK. The server sends the message in both languages; the one of the current language is shown,
 * so switching Ar/Fr while it is open switches the text too. Direction follows the page (RTL in Arabic).
 */
export function LimitModal({ payload, onClose }: { payload: QuotaPayload; onClose: () => void }) {
  const { t, i18n } = useTranslation('farm');
  const { t: tc } = useTranslation();
  const lang = asLang(i18n.language);
  const message = (lang === 'fr' ? payload.message_fr : payload.message_ar) ?? payload.message ?? t('limit.message');
  const used = payload.indicator_info?.indicators_used;
  const limit = payload.indicator_info?.indicators_limit;
  const facebook = CONTACT.social.find((s) => s.network === 'facebook') ?? CONTACT.social[0];
  const phone = usePublicSettings()?.contact.phone;

  return (
    <Dialog
      tone="error"
      title={t('limit.title')}
      onClose={onClose}
      actions={
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-brand-800 px-6 py-2 font-semibold text-white hover:bg-brand-900"
        >
          {tc('actions.ok')}
        </button>
      }
    >
      <p>{message}</p>
      {used !== undefined && limit !== undefined ? (
        <p className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-900" data-testid="farm-limit-counter">
          <span className="block text-sm">{t('limit.counterLabel')}</span>
          <span className="text-xl font-bold tabular-nums" dir="ltr">
            {formatNumber(used, lang)} / {formatNumber(limit, lang)}
          </span>
        </p>
      ) : null}
      <div className="mt-4 text-sm">
        <p>{t('limit.contact')}</p>
        <ul className="mt-2 space-y-1">
          {facebook ? (
            <li>
              <a
                href={facebook.url}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-800 underline hover:text-brand-900"
              >
                {t('limit.social')} <span className="sr-only">{tc('footer.newTab')}</span>
              </a>
            </li>
          ) : null}
          {phone ? (
            <li>
              {t('limit.phone')}{' '}
              <a
                href={telHref(phone)}
                dir="ltr"
                className="font-semibold text-brand-800 underline hover:text-brand-900"
              >
                {phone}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </Dialog>
  );
}
