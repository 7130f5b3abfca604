import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from '@filaha/shared';
import { apiCalls } from '../../lib/apiCalls.ts';
import { KEYS } from './adminApi.ts';
import { sellerSubscriptionsQuery } from './queries.ts';
import type { SellerSubscription } from './types.ts';
import { AdminPage, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { useMoney } from '../../lib/money.ts';
import { useCatalogText } from './ui/Bilingual.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { useFormat } from '../../lib/format.ts';
import { StateBadge, StateFilter } from './ui/StateBadge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';

/** /admin/SellerAbonnementManager: the sellers' subscriptions with the state toggle and delete. */
function SellerSubscriptionsPageView() {
  const { t } = useTranslation('admin');
  const text = useCatalogText();
  const money = useMoney();
  const planName = (s: SellerSubscription) =>
    text(s.sellerabonnement.nameAbonnement, s.sellerabonnement.nameAbonnementAr);
  const fmt = useFormat();
  const errorText = useErrorText();
  const stateId = useId();
  const [state, setState] = useState('');
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<SellerSubscription | null>(null);
  const list = useQuery(sellerSubscriptionsQuery);
  const toggle = useAdminMutation({
    mutationFn: (v: { id: number; etat: SubscriptionState }) =>
      apiCalls.put(`/sellerAbonnementUser/${v.id}`, { etat: v.etat }),
    success: (_r, v) => (v.etat === 'actif' ? t('subscriptions.activated') : t('subscriptions.deactivated')),
    invalidate: [KEYS.sellerSubscriptions],
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => apiCalls.delete(`/sellerAbonnementUser/${id}`),
    success: () => t('subscriptions.deleted'),
    invalidate: [KEYS.sellerSubscriptions],
  });

  const posts = (s: SellerSubscription) =>
    s.remainingPosts === null
      ? t('sellerSubscriptions.postsUnlimited', { used: s.nbPost })
      : t('sellerSubscriptions.posts', { used: s.nbPost, left: s.remainingPosts });
  const rows = (list.data ?? []).filter(
    (s) =>
      (!state || s.etat === state) &&
      matches(query, s.User?.email, s.User?.userName, s.sellerabonnement.nameAbonnement, planName(s)),
  );
  const columns: Column<SellerSubscription>[] = [
    {
      id: 'email',
      header: t('subscriptions.columns.email'),
      cell: (s) => <span dir="ltr">{s.User?.email}</span>,
      sort: (s) => s.User?.email,
    },
    {
      id: 'plan',
      header: t('subscriptions.columns.plan'),
      cell: planName,
      sort: planName,
    },
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
    {
      id: 'etat',
      header: t('subscriptions.columns.etat'),
      cell: (s) => <StateBadge etat={s.etat} />,
      sort: (s) => s.etat,
    },
  ];

  return (
    <AdminPage
      title={t('sellerSubscriptions.title')}
      actions={
        <>
          <SearchBox label={t('subscriptions.search')} value={query} onChange={setQuery} />
          <StateFilter id={stateId} value={state} onChange={setState} />
        </>
      }
    >
      <DataTable
        caption={t('sellerSubscriptions.title')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        loading={list.isPending}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => void list.refetch()}
        initialSort={{ id: 'start', dir: 'desc' }}
        detailsSubtitle={(s) => s.User?.email ?? ''}
        details={(s) => [
          { label: t('common.id'), value: s.id },
          { label: t('subscriptions.user'), value: s.User?.userName ?? '—' },
          { label: t('subscriptions.columns.email'), value: <span dir="ltr">{s.User?.email}</span> },
          { label: t('subscriptions.columns.plan'), value: planName(s) },
          { label: t('sellerSubscriptions.start'), value: fmt.date(s.dateDebut) },
          { label: t('sellerSubscriptions.end'), value: fmt.date(s.dateFin) },
          { label: t('sellerSubscriptions.daysLeft'), value: fmt.number(s.remainingDays, 0) },
          { label: t('sellerSubscriptions.postsLabel'), value: posts(s) },
          { label: t('subscriptions.columns.etat'), value: <StateBadge etat={s.etat} /> },
        ]}
        actions={(s) => (
          <>
            <Button
              type="button"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ id: s.id, etat: s.etat === 'actif' ? 'désactivé' : 'actif' })}
              aria-label={`${s.etat === 'actif' ? t('subscriptions.deactivate') : t('subscriptions.activate')} — ${s.User?.email ?? s.id}`}
              variant={s.etat === 'actif' ? 'small' : 'smallBrand'}
            >
              {s.etat === 'actif' ? t('subscriptions.deactivate') : t('subscriptions.activate')}
            </Button>
            <Button
              type="button"
              onClick={() => setPending(s)}
              aria-label={`${t('common.delete')} — ${s.User?.email ?? s.id}`}
              variant="smallDanger"
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {pending ? (
        <ConfirmDialog
          title={t('subscriptions.confirmTitle')}
          message={t('subscriptions.confirmText', {
            plan: planName(pending),
            email: pending.User?.email ?? '',
          })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(pending.id, { onSettled: () => setPending(null) })}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </AdminPage>
  );
}

export const SellerSubscriptionsPage = withToasts(SellerSubscriptionsPageView);
