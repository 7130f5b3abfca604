import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { sellerSubscriptionsQuery } from './queries.ts';
import { SubscriptionsPage, type SubscriptionKind } from './SubscriptionsPage.tsx';
import type { SellerSubscription } from './types.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';

/** The sellers' subscriptions: their period, days and posts left. */
const SELLER_SUBSCRIPTIONS: SubscriptionKind<SellerSubscription> = {
  query: sellerSubscriptionsQuery,
  setState: (id, etat) => call('PUT /sellerAbonnementUser/:id', { params: { id }, body: { etat } }),
  remove: (id) => call('DELETE /sellerAbonnementUser/:id', { params: { id } }),
  key: KEYS.sellerSubscriptions,
  title: (t) => t('sellerSubscriptions.title'),
  plan: (s) => ({ name: s.sellerabonnement.nameAbonnement, nameAr: s.sellerabonnement.nameAbonnementAr }),
  columns: ({ t, fmt, money, columns }) => [
    columns.email,
    columns.plan,
    {
      id: 'price',
      header: t('sellerPlans.columns.price'),
      cell: (s) => money.perYear(s.sellerabonnement.price),
      sort: (s) => s.sellerabonnement.price,
    },
    {
      id: 'start',
      header: t('sellerSubscriptions.start'),
      cell: (s) => fmt.date(s.dateDebut),
      sort: (s) => s.dateDebut,
    },
    { id: 'end', header: t('sellerSubscriptions.end'), cell: (s) => fmt.date(s.dateFin), sort: (s) => s.dateFin },
    columns.etat,
  ],
  initialSort: { id: 'start', dir: 'desc' },
  details: (s, { t, fmt, etat }) => [
    { label: t('sellerSubscriptions.start'), value: fmt.date(s.dateDebut) },
    { label: t('sellerSubscriptions.end'), value: fmt.date(s.dateFin) },
    { label: t('sellerSubscriptions.daysLeft'), value: fmt.number(s.remainingDays, 0) },
    {
      label: t('sellerSubscriptions.postsLabel'),
      value:
        s.remainingPosts === null
          ? t('sellerSubscriptions.postsUnlimited', { used: s.nbPost })
          : t('sellerSubscriptions.posts', { used: s.nbPost, left: s.remainingPosts }),
    },
    etat(s),
  ],
};

/** /admin/SellerAbonnementManager: the sellers' subscriptions with the state toggle and delete. */
function SellerSubscriptionsPageView() {
  return <SubscriptionsPage kind={SELLER_SUBSCRIPTIONS} />;
}

export const SellerSubscriptionsPage = withToasts(SellerSubscriptionsPageView);
