import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WILAYAS } from '@filaha/shared';
import { sellerSubscriptionsQuery, subscriptionsQuery, usersQuery } from '../admin/queries.ts';
import { AdminPage } from '../../components/ui/AdminPage.tsx';
import { useFormat } from '../../lib/format.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { allPublications, usageOf } from './dashboardApi.ts';
import { FigurePanel } from './FigurePanel.tsx';
import { MonthlyRequests } from './MonthlyRequests.tsx';
import { PendingActivations } from './PendingActivations.tsx';
import { withToasts } from '../../components/ui/Toasts.tsx';
import {
  farmerSubscriptionFigures,
  publicationsPerCategory,
  requestsPerIndex,
  sellerSubscriptionFigures,
  usersByRole,
  usersByWilaya,
} from './stats.ts';

/**
 * /manager/Dashboard: the platform's real figures, computed from the list routes a manager may read (users,
 * farmer and seller subscriptions, quota rows, publications), as charts and tables, and the subscriptions
 * waiting for activation.
 */
function DashboardView() {
  const { t } = useTranslation('manager');
  const { t: tc } = useTranslation();
  const fmt = useFormat();
  const errorText = useErrorText();
  const users = useQuery(usersQuery);
  const farmer = useQuery(subscriptionsQuery);
  const seller = useQuery(sellerSubscriptionsQuery);
  const publications = useQuery({ queryKey: ['manager', 'publications'], queryFn: allPublications });
  const usage = useQuery({
    queryKey: ['manager', 'usage', (farmer.data ?? []).map((s) => `${s.id}:${s.etat}`).join(',')],
    queryFn: () => usageOf(farmer.data ?? []),
    enabled: farmer.isSuccess,
  });

  const err = (q: { isError: boolean; error: unknown }) => (q.isError ? errorText(q.error) : null);
  const farmerFigures = farmerSubscriptionFigures(farmer.data ?? []);
  const sellerFigures = sellerSubscriptionFigures(seller.data ?? []);
  const wilayaName = (id: number) => {
    const w = WILAYAS.find((x) => x.id === id);
    return w ? `${id} — ${fmt.lang === 'fr' ? w.fr : w.ar}` : String(id);
  };
  const kpis = [
    { label: t('kpi.users'), value: users.data?.length },
    { label: t('kpi.activeFarmers'), value: farmer.data ? farmerFigures.active : undefined },
    { label: t('kpi.pending'), value: farmer.data ? farmerFigures.pending : undefined },
    { label: t('kpi.activeSellers'), value: seller.data ? sellerFigures.active : undefined },
    { label: t('kpi.publications'), value: publications.data?.total },
  ];

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {kpis.map((k) => (
          <div key={k.label} className="rounded-2xl border border-stone-200 bg-white p-4">
            <dt className="text-sm text-stone-600">{k.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand-900 tabular-nums">
              {k.value === undefined ? '…' : fmt.number(k.value, 0)}
            </dd>
          </div>
        ))}
      </dl>

      <PendingActivations list={farmer.data} loading={farmer.isPending} error={err(farmer)} />

      <div className="grid gap-6 lg:grid-cols-2">
        <MonthlyRequests />
        <FigurePanel
          title={t('figures.byRole')}
          headers={[t('columns.role'), t('columns.users')]}
          loading={users.isPending}
          error={err(users)}
          data={usersByRole(users.data ?? []).map((r) => ({ name: tc(`roles.${r.key}`), value: r.count }))}
        />
        <FigurePanel
          title={t('figures.subscriptions')}
          kind="donut"
          headers={[t('columns.state'), t('columns.subscriptions')]}
          loading={farmer.isPending || seller.isPending}
          error={err(farmer) ?? err(seller)}
          data={[
            { name: t('states.farmerPending'), value: farmerFigures.pending },
            { name: t('states.farmerActive'), value: farmerFigures.active },
            { name: t('states.farmerSuspended'), value: farmerFigures.suspended },
            { name: t('states.sellerActive'), value: sellerFigures.active },
            { name: t('states.sellerInactive'), value: sellerFigures.inactive },
          ]}
        />
        <FigurePanel
          title={t('figures.byWilaya')}
          headers={[t('columns.wilaya'), t('columns.users')]}
          loading={users.isPending}
          error={err(users)}
          data={usersByWilaya(users.data ?? []).map((w) => ({ name: wilayaName(w.key), value: w.count }))}
        />
        <FigurePanel
          title={t('figures.requests')}
          headers={[t('columns.index'), t('columns.used'), t('columns.granted')]}
          loading={farmer.isPending || usage.isPending}
          error={err(farmer) ?? err(usage)}
          data={requestsPerIndex(usage.data ?? []).map((u) => ({ name: u.name, value: u.used, value2: u.total }))}
        />
        <FigurePanel
          title={t('figures.publications')}
          headers={[t('columns.category'), t('columns.publications')]}
          loading={publications.isPending}
          error={err(publications)}
          data={publicationsPerCategory(publications.data?.items ?? []).map((c) => ({
            name: c.id === 0 ? t('noCategory') : fmt.lang === 'fr' ? c.fr : c.ar || c.fr,
            value: c.count,
          }))}
        />
      </div>
    </AdminPage>
  );
}

export const Dashboard = withToasts(DashboardView);
