import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { subscriptionsQuery } from './queries.ts';
import { SubscriptionsPage, type SubscriptionKind } from './SubscriptionsPage.tsx';
import type { FarmerSubscription } from './types.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';

/** The farmers' subscriptions: date_abonnement, etat, nameAbonnement, prices, email; details up to the activation. */
const FARMER_SUBSCRIPTIONS: SubscriptionKind<FarmerSubscription> = {
  query: subscriptionsQuery,
  setState: (id, etat) => call('PUT /abonnementUser/:id', { params: { id }, body: { etat } }),
  remove: (id) => call('DELETE /abonnementUser/:id', { params: { id } }),
  key: KEYS.subscriptions,
  title: (t) => t('subscriptions.title'),
  intro: (t) => t('subscriptions.intro'),
  plan: (s) => ({ name: s.abonnement.nameAbonnement, nameAr: s.abonnement.nameAbonnementAr }),
  columns: ({ t, fmt, money, columns }) => [
    {
      id: 'date',
      header: t('subscriptions.columns.date'),
      cell: (s) => fmt.date(s.date_abonnement),
      sort: (s) => s.date_abonnement,
    },
    columns.etat,
    columns.plan,
    {
      id: 'prices',
      header: t('subscriptions.columns.prices'),
      cell: (s) => money.plan(s.abonnement.prices),
      sort: (s) => s.abonnement.prices,
    },
    columns.email,
  ],
  initialSort: { id: 'date', dir: 'desc' },
  details: (s, { t, fmt, money, etat }) => [
    { label: t('subscriptions.client'), value: s.abonnement.nameClient },
    { label: t('subscriptions.columns.prices'), value: money.plan(s.abonnement.prices) },
    { label: t('subscriptions.columns.date'), value: fmt.date(s.date_abonnement) },
    { label: t('subscriptions.duration'), value: t('subscriptions.months', { n: s.durée }) },
    etat(s),
    {
      label: t('subscriptions.activatedOn'),
      value: s.date_activation ? fmt.date(s.date_activation) : t('subscriptions.never'),
    },
  ],
};

/** /admin/AbonnementManagement: the farmers' subscriptions with Activer/Désactiver and Supprimer. */
function AbonnementManagementView() {
  return <SubscriptionsPage kind={FARMER_SUBSCRIPTIONS} />;
}

export const AbonnementManagement = withToasts(AbonnementManagementView);
