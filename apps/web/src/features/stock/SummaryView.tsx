import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { card } from '../../components/ui/styles.ts';
import { summaryQuery, type Period, type SummaryRow } from './api.ts';
import { useStockErrors } from './errors.ts';
import { useStockFormat } from './format.ts';

/**
 * The "entries / exits / difference" view of a period: per item the quantities in and out, their difference,
 * the stock at the end of the period and the purchase and sale values; the period's totals in DA above.
 */
export function SummaryView({ period }: { period: Period }) {
  const { t } = useTranslation('stock');
  const fmt = useStockFormat();
  const errors = useStockErrors();
  const summary = useQuery({ ...summaryQuery(period), placeholderData: keepPreviousData });

  const columns: Column<SummaryRow>[] = [
    {
      id: 'item',
      header: t('summary.columns.item'),
      cell: (r) => <span className="font-medium">{r.name}</span>,
      sort: (r) => r.name,
    },
    {
      id: 'entries',
      header: t('summary.columns.entries'),
      cell: (r) => fmt.quantity(r.entries, r.unit),
      sort: (r) => r.entries,
    },
    {
      id: 'exits',
      header: t('summary.columns.exits'),
      cell: (r) => fmt.quantity(r.exits, r.unit),
      sort: (r) => r.exits,
    },
    {
      id: 'difference',
      header: t('summary.columns.difference'),
      cell: (r) => (
        <span className={r.difference < 0 ? 'text-red-800' : r.difference > 0 ? 'text-brand-900' : undefined}>
          {fmt.quantity(r.difference, r.unit)}
        </span>
      ),
      sort: (r) => r.difference,
    },
    {
      id: 'stock',
      header: t('summary.columns.stock'),
      cell: (r) => <span className="font-semibold">{fmt.quantity(r.stock, r.unit)}</span>,
      sort: (r) => r.stock,
    },
    {
      id: 'purchases',
      header: t('summary.columns.purchases'),
      cell: (r) => fmt.amount(r.purchasesValue),
      sort: (r) => r.purchasesValue,
    },
    {
      id: 'sales',
      header: t('summary.columns.sales'),
      cell: (r) => fmt.amount(r.salesValue),
      sort: (r) => r.salesValue,
    },
  ];
  const totals = summary.data?.totals;

  return (
    <div className="space-y-4">
      {totals ? (
        <section aria-label={t('summary.totals')} className="grid gap-3 sm:grid-cols-2">
          <p className={card}>
            <span className="block text-sm text-stone-600">{t('summary.totalPurchases')}</span>
            <span className="mt-1 block text-xl font-bold text-stone-900" data-testid="total-purchases">
              {fmt.amount(totals.purchasesValue)}
            </span>
          </p>
          <p className={card}>
            <span className="block text-sm text-stone-600">{t('summary.totalSales')}</span>
            <span className="mt-1 block text-xl font-bold text-stone-900" data-testid="total-sales">
              {fmt.amount(totals.salesValue)}
            </span>
          </p>
        </section>
      ) : null}
      <DataTable
        caption={t('summary.caption')}
        columns={columns}
        rows={summary.data?.items}
        rowKey={(r) => r.id}
        loading={summary.isPending}
        error={summary.isError ? errors.text(summary.error) : null}
        onRetry={() => void summary.refetch()}
        emptyText={t('summary.empty')}
        pageSize={20}
      />
    </div>
  );
}
