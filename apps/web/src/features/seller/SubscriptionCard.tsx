import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatDays, useLang } from '../marketplace/format.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import type { SellerSubscription } from './api.ts';

/** Posts left on a limited plan, "Illimité" otherwise; the bar shows the share already used. */
export function RemainingPosts({ subscription }: { subscription: SellerSubscription }) {
  const { t } = useTranslation('seller');
  const lang = useLang();
  const limit = subscription.sellerabonnement.nbPost;
  if (subscription.remainingPosts === null || limit === null)
    return <p data-testid="remaining-posts">{t('current.postsUnlimited')}</p>;
  const used = Math.min(limit, Math.max(0, limit - subscription.remainingPosts));
  return (
    <div>
      <p data-testid="remaining-posts">
        {t('current.postsLeft', {
          n: formatAmount(subscription.remainingPosts, lang),
          total: formatAmount(limit, lang),
        })}
      </p>
      <div
        role="progressbar"
        aria-label={t('current.postsUsedLabel')}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${limit ? (used / limit) * 100 : 100}%` }} />
      </div>
    </div>
  );
}

/** The seller's subscription: plan, period, remaining days (SPEC §9: rounded-up) and remaining posts. */
export function SubscriptionCard({ subscription, active }: { subscription: SellerSubscription; active: boolean }) {
  const { t } = useTranslation('seller');
  const lang = useLang();
  const text = useCatalogText();
  return (
    <section
      aria-labelledby="current-title"
      data-testid="current-subscription"
      className={`rounded-2xl border p-5 ${active ? 'border-brand-200 bg-brand-50' : 'border-stone-300 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="current-title" className="text-lg font-semibold text-stone-900">
          {active ? t('current.title') : t('current.lastTitle')}
        </h2>
        <span
          className={`rounded-full px-3 py-0.5 text-xs font-semibold ${active ? 'bg-brand-800 text-white' : 'bg-red-100 text-red-900'}`}
        >
          {active ? t('current.active') : t('current.inactive')}
        </span>
      </div>
      <dl className="mt-4 grid gap-4 text-stone-900 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm text-stone-600">{t('current.plan')}</dt>
          <dd className="font-semibold">
            {text(subscription.sellerabonnement.nameAbonnement, subscription.sellerabonnement.nameAbonnementAr)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('current.period')}</dt>
          <dd>
            {t('current.periodValue', {
              from: formatDate(subscription.dateDebut, lang),
              to: formatDate(subscription.dateFin, lang),
            })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('current.days')}</dt>
          <dd data-testid="remaining-days" className="font-semibold">
            {active ? formatDays(subscription.remainingDays, lang) : t('current.ended')}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('current.posts')}</dt>
          <dd>
            <RemainingPosts subscription={subscription} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
