import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../lib/catalogText.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from '../admin/adminApi.ts';
import type { FarmerSubscription } from '../admin/types.ts';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { useFormat } from '../../lib/format.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { pendingActivations } from './stats.ts';

/** Farmer subscriptions awaiting their first activation; the manager may activate them (PUT etat 'actif'). */
export function PendingActivations({
  list,
  loading,
  error,
}: {
  list: FarmerSubscription[] | undefined;
  loading: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('manager');
  const text = useCatalogText();
  const fmt = useFormat();
  const activate = useAdminMutation({
    mutationFn: (s: FarmerSubscription) =>
      call('PUT /abonnementUser/:id', { params: { id: s.id }, body: { etat: 'actif' } }),
    success: (_r, s) => t('pending.activated', { email: s.User?.email ?? '' }),
    invalidate: [KEYS.subscriptions, ['manager', 'usage']],
  });
  const columns: Column<FarmerSubscription>[] = [
    { id: 'date', header: t('pending.date'), cell: (s) => fmt.date(s.date_abonnement), sort: (s) => s.date_abonnement },
    { id: 'user', header: t('pending.user'), cell: (s) => s.User?.userName ?? '—', sort: (s) => s.User?.userName },
    {
      id: 'email',
      header: t('pending.email'),
      cell: (s) => <span dir="ltr">{s.User?.email}</span>,
      sort: (s) => s.User?.email,
    },
    {
      id: 'plan',
      header: t('pending.plan'),
      cell: (s) => text(s.abonnement.nameAbonnement, s.abonnement.nameAbonnementAr),
      sort: (s) => text(s.abonnement.nameAbonnement, s.abonnement.nameAbonnementAr),
    },
  ];
  return (
    <section aria-labelledby="pending-title" className="space-y-3">
      <h2 id="pending-title" className="text-lg font-bold text-stone-900">
        {t('pending.title')}
      </h2>
      <DataTable
        caption={t('pending.title')}
        columns={columns}
        rows={list ? pendingActivations(list) : undefined}
        rowKey={(s) => s.id}
        loading={loading}
        error={error}
        emptyText={t('pending.none')}
        pageSize={5}
        actions={(s) => (
          <Button
            type="button"
            disabled={activate.isPending}
            onClick={() => activate.mutate(s)}
            aria-label={`${t('pending.activate')} — ${s.User?.email ?? s.id}`}
            variant="smallBrand"
          >
            {t('pending.activate')}
          </Button>
        )}
      />
    </section>
  );
}
