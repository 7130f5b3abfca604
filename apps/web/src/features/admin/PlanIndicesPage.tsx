import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { assignmentsQuery, plansQuery } from './queries.ts';
import { AssignIndexForm } from './AssignIndexForm.tsx';
import { EditRequestsDialog } from './EditRequestsDialog.tsx';
import type { Assignment } from './types.ts';
import { AdminPage, Collapsible, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { useCatalogText } from './ui/Bilingual.tsx';
import { DeleteButton, EditButton, useConfirmedDelete } from './ui/RowActions.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { useFormat } from '../../lib/format.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { useTableState } from './ui/useTableState.ts';

const keyOf = (a: Assignment) => `${a.AbonnementId}-${a.IndiceId}`;

/** /admin/Abonementindices: plan ↔ index assignments with their request counts; assign, edit, delete. */
function PlanIndicesPageView() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Assignment | null>(null);
  const list = useQuery(assignmentsQuery);
  const listState = useTableState(list);
  // The assignment list names the plan in French; the plans list has its Arabic name too.
  const plans = useQuery(plansQuery);
  const text = useCatalogText();
  const planName = (a: Assignment) => {
    const plan = plans.data?.find((p) => p.id === a.AbonnementId);
    return plan ? text(plan.nameAbonnement, plan.nameAbonnementAr) : a.nameAbonnement;
  };
  const remove = useConfirmedDelete({
    remove: (a: Assignment) =>
      call('DELETE /abonnementIndice/:abonnementId/:indiceId', {
        params: { abonnementId: a.AbonnementId, indiceId: a.IndiceId },
      }),
    success: () => t('planIndices.deleted'),
    invalidate: [KEYS.assignments, KEYS.plans],
    confirm: (a) => ({
      title: t('planIndices.confirmTitle'),
      message: t('planIndices.confirmText', { plan: planName(a), index: a.indiceName }),
    }),
  });

  const rows = (list.data ?? []).filter((a) => matches(query, a.nameAbonnement, planName(a), a.indiceName));
  const columns: Column<Assignment>[] = [
    {
      id: 'plan',
      header: t('planIndices.plan'),
      cell: (a) => <span className="font-medium">{planName(a)}</span>,
      sort: planName,
    },
    { id: 'index', header: t('planIndices.index'), cell: (a) => a.indiceName, sort: (a) => a.indiceName },
    {
      id: 'requests',
      header: t('planIndices.requests'),
      cell: (a) => fmt.number(a.nombre_de_requete, 0),
      sort: (a) => a.nombre_de_requete,
    },
  ];
  const label = (a: Assignment) => `${planName(a)} — ${a.indiceName}`;

  return (
    <AdminPage
      title={t('planIndices.title')}
      intro={t('planIndices.intro')}
      actions={<SearchBox label={t('planIndices.search')} value={query} onChange={setQuery} />}
    >
      <Collapsible openLabel={t('planIndices.assign')} title={t('planIndices.assign')}>
        {() => <AssignIndexForm />}
      </Collapsible>
      <DataTable
        caption={t('planIndices.title')}
        columns={columns}
        rows={rows}
        rowKey={keyOf}
        {...listState}
        initialSort={{ id: 'plan', dir: 'asc' }}
        detailsSubtitle={label}
        details={(a) => [
          { label: t('planIndices.plan'), value: `${planName(a)} (#${a.AbonnementId})` },
          { label: t('planIndices.index'), value: `${a.indiceName} (#${a.IndiceId})` },
          { label: t('planIndices.requests'), value: fmt.number(a.nombre_de_requete, 0) },
        ]}
        actions={(a) => (
          <>
            <EditButton name={label(a)} onClick={() => setEditing(a)} />
            <DeleteButton name={label(a)} onClick={() => remove.ask(a)} />
          </>
        )}
      />
      {editing ? (
        <EditRequestsDialog assignment={editing} planName={planName(editing)} onClose={() => setEditing(null)} />
      ) : null}
      {remove.dialog}
    </AdminPage>
  );
}

export const PlanIndicesPage = withToasts(PlanIndicesPageView);
