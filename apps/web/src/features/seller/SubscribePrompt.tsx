import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, useLang } from '../marketplace/format.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import type { SellerSubscription } from './api.ts';

/**
 * Shown instead of the form without an active seller subscription (SPEC §2). A seller is sent to /seller/offre;
 * a farmer learns that taking a seller plan lets them sell their produce, on /user/offre-vendeur.
 */
export function SubscribePrompt({ farmer, last }: { farmer: boolean; last: SellerSubscription | null }) {
  const { t } = useTranslation('seller');
  const text = useCatalogText();
  const lang = useLang();
  return (
    <section
      aria-labelledby="prompt-title"
      className="rounded-2xl border border-sand-300 bg-sand-50 p-6"
      data-testid="subscribe-prompt"
    >
      <h2 id="prompt-title" className="text-lg font-bold text-stone-900">
        {farmer ? t('prompt.farmerTitle') : t('prompt.title')}
      </h2>
      <p className="mt-2 max-w-3xl text-stone-800">{farmer ? t('prompt.farmerText') : t('prompt.text')}</p>
      {last ? (
        <p className="mt-2 text-sm text-stone-700">
          {t('prompt.lastEnded', {
            name: text(last.sellerabonnement.nameAbonnement, last.sellerabonnement.nameAbonnementAr),
            date: formatDate(last.dateFin, lang),
          })}
        </p>
      ) : null}
      <ol className="mt-4 list-decimal space-y-1 ps-5 text-stone-800">
        <li>{t('prompt.step1')}</li>
        <li>{t('prompt.step2')}</li>
        <li>{t('prompt.step3')}</li>
      </ol>
      <Link
        to={farmer ? '/user/offre-vendeur' : '/seller/offre'}
        className="mt-5 inline-block rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
      >
        {t('prompt.cta')}
      </Link>
    </section>
  );
}
