import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteData } from '@filaha/shared/contracts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { ServicePricesPanel } from './ServicePricesPanel.tsx';
import { AdminPage, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { useFormat } from '../../lib/format.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { useTableState } from './ui/useTableState.ts';

/**
 * /admin/ServiceRequests: the services' starting prices (ServicePricesPanel), then the requests sent from the
 * services page, newest first; the message in the details.
 */
type ServiceRequest = RouteData<'GET /service-requests'>[number];

function ServiceRequestsPageView() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const [query, setQuery] = useState('');
  const list = useQuery({
    queryKey: KEYS.serviceRequests,
    queryFn: () => call('GET /service-requests'),
  });
  const listState = useTableState(list);
  const service = (r: ServiceRequest) => t(`serviceRequests.services.${r.serviceKey}`);
  const rows = (list.data ?? []).filter((r) => matches(query, r.name, r.email, r.phone, service(r)));
  const columns: Column<ServiceRequest>[] = [
    {
      id: 'date',
      header: t('serviceRequests.columns.date'),
      cell: (r) => fmt.date(r.createdAt),
      sort: (r) => r.createdAt,
    },
    { id: 'service', header: t('serviceRequests.columns.service'), cell: service, sort: service },
    {
      id: 'name',
      header: t('serviceRequests.columns.name'),
      cell: (r) => <span className="font-medium">{r.name}</span>,
      sort: (r) => r.name,
    },
    {
      id: 'email',
      header: t('serviceRequests.columns.email'),
      cell: (r) => <span dir="ltr">{r.email}</span>,
      sort: (r) => r.email,
    },
    { id: 'phone', header: t('serviceRequests.columns.phone'), cell: (r) => <span dir="ltr">{r.phone}</span> },
  ];
  return (
    <AdminPage
      title={t('serviceRequests.title')}
      actions={<SearchBox label={t('serviceRequests.search')} value={query} onChange={setQuery} />}
    >
      <ServicePricesPanel />
      <DataTable
        caption={t('serviceRequests.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        {...listState}
        initialSort={{ id: 'date', dir: 'desc' }}
        detailsSubtitle={(r) => r.name}
        details={(r) => [
          { label: t('serviceRequests.columns.date'), value: fmt.date(r.createdAt) },
          { label: t('serviceRequests.columns.service'), value: service(r) },
          { label: t('serviceRequests.columns.name'), value: r.name },
          { label: t('serviceRequests.columns.email'), value: <span dir="ltr">{r.email}</span> },
          { label: t('serviceRequests.columns.phone'), value: <span dir="ltr">{r.phone}</span> },
          { label: t('serviceRequests.message'), value: <span className="whitespace-pre-line">{r.message}</span> },
          { label: t('serviceRequests.account'), value: r.userId ? `#${r.userId}` : t('serviceRequests.visitor') },
        ]}
      />
    </AdminPage>
  );
}

export const ServiceRequestsPage = withToasts(ServiceRequestsPageView);
