import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from '@filaha/shared';
import { apiCalls } from '../../lib/apiCalls.ts';
import { KEYS } from './adminApi.ts';
import { subscriptionsQuery } from './queries.ts';
import type { FarmerSubscription } from './types.ts';
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

/**
 * /admin/AbonnementManagement: the farmers' subscriptions (date_abonnement, etat, nameAbonnement, prices,
 * email) with Activer/Désactiver (activation creates the usage rows on the server) and Supprimer.
 */
function AbonnementManagementView() {
  const { t } = useTranslation('admin');
  const text = useCatalogText();
  const money = useMoney();
  const fmt = useFormat();
  const errorText = useErrorText();
  const stateId = useId();
  const [state, setState] = useState('');
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<FarmerSubscription | null>(null);
  const list = useQuery(subscriptionsQuery);

  const toggle = useAdminMutation({
    mutationFn: (v: { id: number; etat: SubscriptionState }) =>
      apiCalls.put(`/abonnementUser/${v.id}`, { etat: v.etat }),
    success: (_r, v) => (v.etat === 'actif' ? t('subscriptions.activated') : t('subscriptions.deactivated')),
    invalidate: [KEYS.subscriptions],
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => apiCalls.delete(`/abonnementUser/${id}`),
    success: () => t('subscriptions.deleted'),
    invalidate: [KEYS.subscriptions],
  });

  const planName = (s: FarmerSubscription) => text(s.abonnement.nameAbonnement, s.abonnement.nameAbonnementAr);
  const rows = (list.data ?? []).filter(
    (s) =>
      (!state || s.etat === state) &&
      matches(query, s.User?.email, s.User?.userName, s.abonnement.nameAbonnement, planName(s)),
  );
  const columns: Column<FarmerSubscription>[] = [
    {
      id: 'date',
      header: t('subscriptions.columns.date'),
      cell: (s) => fmt.date(s.date_abonnement),
      sort: (s) => s.date_abonnement,
    },
    {
      id: 'etat',
      header: t('subscriptions.columns.etat'),
      cell: (s) => <StateBadge etat={s.etat} />,
      sort: (s) => s.etat,
    },
    {
      id: 'plan',
      header: t('subscriptions.columns.plan'),
      cell: planName,
      sort: planName,
    },
    {
      id: 'prices',
      header: t('subscriptions.columns.prices'),
      cell: (s) => money.plan(s.abonnement.prices),
      sort: (s) => s.abonnement.prices,
    },
    {
      id: 'email',
      header: t('subscriptions.columns.email'),
      cell: (s) => <span dir="ltr">{s.User?.email}</span>,
      sort: (s) => s.User?.email,
    },
  ];

  return (
    <AdminPage
      title={t('subscriptions.title')}
      intro={t('subscriptions.intro')}
      actions={
        <>
          <SearchBox label={t('subscriptions.search')} value={query} onChange={setQuery} />
          <StateFilter id={stateId} value={state} onChange={setState} />
        </>
      }
    >
      <DataTable
        caption={t('subscriptions.title')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        loading={list.isPending}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => void list.refetch()}
        initialSort={{ id: 'date', dir: 'desc' }}
        detailsSubtitle={(s) => s.User?.email ?? ''}
        details={(s) => [
          { label: t('common.id'), value: s.id },
          { label: t('subscriptions.user'), value: s.User?.userName ?? '—' },
          { label: t('subscriptions.columns.email'), value: <span dir="ltr">{s.User?.email}</span> },
          { label: t('subscriptions.columns.plan'), value: planName(s) },
          { label: t('subscriptions.client'), value: s.abonnement.nameClient },
          { label: t('subscriptions.columns.prices'), value: money.plan(s.abonnement.prices) },
          { label: t('subscriptions.columns.date'), value: fmt.date(s.date_abonnement) },
          { label: t('subscriptions.duration'), value: t('subscriptions.months', { n: s.durée }) },
          { label: t('subscriptions.columns.etat'), value: <StateBadge etat={s.etat} /> },
          {
            label: t('subscriptions.activatedOn'),
            value: s.date_activation ? fmt.date(s.date_activation) : t('subscriptions.never'),
          },
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

export const AbonnementManagement = withToasts(AbonnementManagementView);
