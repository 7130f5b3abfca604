import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_DIRECTIONS, type MovementDirection } from '@filaha/shared';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useToast } from '../../components/ui/Toasts.tsx';
import { stockApi, stockKeys, summaryQuery, type Period, type StockItem, type StockMovement } from './api.ts';
import { useStockErrors } from './errors.ts';
import { isolate, useStockFormat } from './format.ts';

/** Which list: the purchases, the sales, or every movement (with item and direction filters). */
export type MovementsScope = 'purchases' | 'sales' | 'all';
const KIND = { purchases: 'purchase', sales: 'sale', all: undefined } as const;

interface MovementsViewProps {
  scope: MovementsScope;
  period: Period;
  items: readonly StockItem[];
}

/** The movements of a period, newest day first, each deletable after confirmation. */
export function MovementsView({ scope, period, items }: MovementsViewProps) {
  const { t } = useTranslation('stock');
  const fmt = useStockFormat();
  const errors = useStockErrors();
  const toast = useToast();
  const client = useQueryClient();
  const [itemId, setItemId] = useState('');
  const [direction, setDirection] = useState<'' | MovementDirection>('');
  const [deleting, setDeleting] = useState<StockMovement | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const filters = {
    ...period,
    kind: KIND[scope],
    itemId: itemId ? Number(itemId) : undefined,
    direction: direction || undefined,
  };
  const movements = useQuery({
    queryKey: stockKeys.movements(filters),
    queryFn: () => stockApi.movements(filters),
    placeholderData: keepPreviousData,
  });
  // The period's purchase and sale totals come from the summary (the same query as the summary tab).
  const summary = useQuery({ ...summaryQuery(period), enabled: scope !== 'all', placeholderData: keepPreviousData });

  const remove = useMutation({
    mutationFn: (m: StockMovement) => stockApi.deleteMovement(m.id),
    onSuccess: async () => {
      setRefusal(null);
      await client.invalidateQueries({ queryKey: stockKeys.all });
      toast.success(t('movements.deleted'));
    },
    onError: (error, m) => setRefusal(errors.text(error, m.unit, 'delete')),
    onSettled: () => setDeleting(null),
  });

  const columns: Column<StockMovement>[] = [
    {
      id: 'date',
      header: t('movements.columns.date'),
      cell: (m) => <span className="whitespace-nowrap">{fmt.date(m.date)}</span>,
      sort: (m) => m.date,
    },
    {
      id: 'item',
      header: t('movements.columns.item'),
      cell: (m) => <span className="font-medium">{m.itemName}</span>,
      sort: (m) => m.itemName,
    },
    ...(scope === 'all'
      ? ([
          {
            id: 'direction',
            header: t('movements.columns.direction'),
            cell: (m) => (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                  m.direction === 'in' ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'
                }`}
              >
                {t(`directions.${m.direction}`)}
              </span>
            ),
            sort: (m) => m.direction,
          },
          {
            id: 'kind',
            header: t('movements.columns.kind'),
            cell: (m) => t(`movementKinds.${m.kind}`),
            sort: (m) => m.kind,
          },
        ] satisfies Column<StockMovement>[])
      : []),
    {
      id: 'quantity',
      header: t('movements.columns.quantity'),
      cell: (m) => <span className="whitespace-nowrap">{fmt.quantity(m.quantity, m.unit)}</span>,
      sort: (m) => m.quantity,
    },
    {
      id: 'unitPrice',
      header: t('movements.columns.unitPrice'),
      cell: (m) => <span className="whitespace-nowrap">{fmt.amount(m.unitPrice)}</span>,
      sort: (m) => m.unitPrice,
    },
    {
      id: 'total',
      header: t('movements.columns.total'),
      cell: (m) => <span className="whitespace-nowrap">{fmt.amount(m.total)}</span>,
      sort: (m) => m.total,
    },
    { id: 'note', header: t('movements.columns.note'), cell: (m) => m.note || '—' },
  ];

  const total =
    scope === 'purchases'
      ? summary.data?.totals.purchasesValue
      : scope === 'sales'
        ? summary.data?.totals.salesValue
        : undefined;

  return (
    <div className="space-y-4">
      {scope === 'all' ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:w-2/3">
          <SelectField label={t('movements.filterItem')} value={itemId} onChange={(e) => setItemId(e.target.value)}>
            <option value="">{t('movements.allItems')}</option>
            {items.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {i.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('movements.filterDirection')}
            value={direction}
            onChange={(e) => setDirection(e.target.value as '' | MovementDirection)}
          >
            <option value="">{t('movements.allDirections')}</option>
            {MOVEMENT_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {t(`directions.${d}`)}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {total !== undefined ? (
        <p className="font-semibold text-stone-900" data-testid={`${scope}-total`}>
          {t(scope === 'purchases' ? 'movements.totalPurchases' : 'movements.totalSales', {
            amount: fmt.amount(total),
          })}
        </p>
      ) : null}
      {refusal ? <ErrorBanner message={refusal} onClose={() => setRefusal(null)} /> : null}
      <DataTable
        caption={t(`movements.caption.${scope}`)}
        columns={columns}
        rows={movements.data}
        rowKey={(m) => m.id}
        loading={movements.isPending}
        error={movements.isError ? errors.text(movements.error) : null}
        onRetry={() => void movements.refetch()}
        emptyText={t(`movements.empty.${scope}`)}
        pageSize={20}
        actions={(m) => (
          <Button
            type="button"
            onClick={() => setDeleting(m)}
            aria-label={t('movements.deleteFor', { date: fmt.date(m.date), name: m.itemName })}
            variant="smallDanger"
          >
            {t('movements.delete')}
          </Button>
        )}
      />
      {deleting ? (
        <ConfirmDialog
          title={t('movements.confirmTitle')}
          message={t('movements.confirmText', {
            direction: t(`directions.${deleting.direction}`),
            quantity: fmt.quantity(deleting.quantity, deleting.unit),
            name: isolate(deleting.itemName),
            date: fmt.date(deleting.date),
          })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
