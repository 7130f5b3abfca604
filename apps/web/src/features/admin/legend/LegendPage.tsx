import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/client.ts';
import { KEYS } from '../adminApi.ts';
import { indicesQuery } from '../queries.ts';
import type { Legend } from '../types.ts';
import { AdminPage } from '../../../components/ui/AdminPage.tsx';
import { scrollBehavior } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { card } from '../../../components/ui/styles.ts';
import { DeleteButton, EditButton, useConfirmedDelete } from '../ui/RowActions.tsx';
import { LegendFormCard } from './LegendForm.tsx';
import { withToasts } from '../../../components/ui/Toasts.tsx';
import { useTableState } from '../ui/useTableState.ts';

/** /admin/legend: the legend form with its live ramp preview, and the chosen index's classes (edit, delete). */
function LegendPageView() {
  const { t } = useTranslation('admin');
  const formRef = useRef<HTMLDivElement>(null);
  const [indiceId, setIndiceId] = useState<number | undefined>();
  const [editing, setEditing] = useState<Legend | null>(null);
  const indices = useQuery(indicesQuery);
  const legends = useQuery({
    queryKey: [...KEYS.legends, indiceId ?? 0],
    queryFn: () => call('GET /legende', { query: { indiceId: indiceId ?? 0 } }),
    enabled: indiceId !== undefined,
  });
  const legendsState = useTableState(legends);
  const remove = useConfirmedDelete({
    remove: (l: Legend) => call('DELETE /legende/:id', { params: { id: l.id } }),
    success: () => t('legends.deleted'),
    invalidate: [KEYS.legends, KEYS.indices],
    // A class deleted while in the form leaves the form.
    onSettled: (l) => {
      if (editing?.id === l.id) setEditing(null);
    },
    confirm: (l) => ({
      title: t('legends.confirmTitle'),
      message: t('legends.confirmText', { name: l.descriptionLeg }),
    }),
  });
  const indexName = indices.data?.find((i) => i.id === indiceId)?.indiceName ?? '';
  const rows = legends.data ?? [];

  const columns: Column<Legend>[] = [
    {
      id: 'start',
      header: t('legends.start'),
      cell: (l) => <span dir="ltr">{l.intervalDeb}</span>,
      sort: (l) => l.intervalDeb,
    },
    {
      id: 'end',
      header: t('legends.end'),
      cell: (l) => <span dir="ltr">{l.intervalFin}</span>,
      sort: (l) => l.intervalFin,
    },
    {
      id: 'color',
      header: t('legends.color'),
      cell: (l) => (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-4 rounded border border-stone-300"
            style={{ background: l.color }}
          />
          <span dir="ltr" className="font-mono text-xs">
            {l.color}
          </span>
        </span>
      ),
    },
    {
      id: 'description',
      header: t('legends.description'),
      cell: (l) => l.descriptionLeg,
      sort: (l) => l.descriptionLeg,
    },
  ];

  const startEdit = (l: Legend) => {
    setEditing(l);
    formRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  };

  return (
    <AdminPage title={t('legends.title')} intro={t('legends.intro')}>
      <div ref={formRef} className={card}>
        <h2 className="text-lg font-bold text-stone-900">{editing ? t('legends.editTitle') : t('legends.addTitle')}</h2>
        <div className="mt-4">
          <LegendFormCard
            indices={indices.data ?? []}
            indiceId={indiceId}
            onIndexChange={setIndiceId}
            legends={rows}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        </div>
      </div>
      <div className="space-y-3">
        <h2 className="text-lg font-bold text-stone-900">
          {indiceId ? t('legends.listTitle', { name: indexName }) : t('legends.listTitleNone')}
        </h2>
        {indiceId ? (
          <DataTable
            caption={t('legends.listTitle', { name: indexName })}
            columns={columns}
            rows={rows}
            rowKey={(l) => l.id}
            {...legendsState}
            initialSort={{ id: 'start', dir: 'asc' }}
            detailsSubtitle={(l) => l.descriptionLeg}
            details={(l) => [
              { label: t('common.id'), value: l.id },
              { label: t('legends.index'), value: indexName },
              { label: t('legends.start'), value: l.intervalDeb },
              { label: t('legends.end'), value: l.intervalFin },
              { label: t('legends.color'), value: <span dir="ltr">{l.color}</span> },
              {
                label: t('legends.descriptionAr'),
                value: <span lang="ar">{l.descriptionLegAr ?? l.descriptionLeg}</span>,
              },
              {
                label: t('legends.descriptionFr'),
                value: <span lang="fr">{l.descriptionLegFr ?? l.descriptionLeg}</span>,
              },
            ]}
            actions={(l) => (
              <>
                <EditButton name={l.descriptionLeg} onClick={() => startEdit(l)} />
                <DeleteButton name={l.descriptionLeg} onClick={() => remove.ask(l)} />
              </>
            )}
          />
        ) : (
          <p className="text-stone-600">{t('legends.chooseIndex')}</p>
        )}
      </div>
      {remove.dialog}
    </AdminPage>
  );
}

export const LegendPage = withToasts(LegendPageView);
