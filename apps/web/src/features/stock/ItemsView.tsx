import { useState } from 'react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MovementDirection } from '@filaha/shared';
import { PendingSubmissions } from '../../components/offline/PendingSubmissions.tsx';
import { Collapsible } from '../../components/ui/AdminPage.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useToast } from '../../components/ui/Toasts.tsx';
import { stockApi, stockKeys, type StockItem } from './api.ts';
import { useStockErrors } from './errors.ts';
import { isolate, useStockFormat } from './format.ts';
import { EditItemDialog, NewItemForm } from './ItemForm.tsx';

interface ItemsViewProps {
  items: UseQueryResult<StockItem[]>;
  /** Opens the movement form for this item and direction. */
  onMove: (item: StockItem, direction: MovementDirection) => void;
}

/**
 * The "Stock" tab: every item with its current stock as the server computes it, and its actions. Deleting
 * an item that has movements says how many will go with it, then sends `?withMovements=true`.
 */
export function ItemsView({ items, onMove }: ItemsViewProps) {
  const { t } = useTranslation('stock');
  const fmt = useStockFormat();
  const errors = useStockErrors();
  const toast = useToast();
  const client = useQueryClient();
  const [editing, setEditing] = useState<StockItem | null>(null);
  const [deleting, setDeleting] = useState<StockItem | null>(null);

  const remove = useMutation({
    mutationFn: (item: StockItem) => stockApi.deleteItem(item.id, item.movementCount > 0),
    onSuccess: async (_answer, item) => {
      await client.invalidateQueries({ queryKey: stockKeys.all });
      toast.success(t('items.deleted', { name: isolate(item.name) }));
    },
    onError: async (error) => {
      toast.error(errors.text(error));
      // The counts may have changed meanwhile (another tab): show the current ones.
      await client.invalidateQueries({ queryKey: stockKeys.items });
    },
    onSettled: () => setDeleting(null),
  });

  const columns: Column<StockItem>[] = [
    {
      id: 'name',
      header: t('items.columns.name'),
      cell: (i) => <span className="font-medium">{i.name}</span>,
      sort: (i) => i.name,
    },
    {
      id: 'stock',
      header: t('items.columns.stock'),
      cell: (i) => (
        <span className="font-semibold whitespace-nowrap" data-testid="item-stock">
          {fmt.quantity(i.stock, i.unit)}
        </span>
      ),
      sort: (i) => i.stock,
    },
    { id: 'kind', header: t('items.columns.kind'), cell: (i) => t(`itemKinds.${i.kind}`), sort: (i) => i.kind },
    { id: 'unit', header: t('items.columns.unit'), cell: (i) => fmt.unit(i.unit), sort: (i) => i.unit },
    {
      id: 'movements',
      header: t('items.columns.movements'),
      cell: (i) => fmt.number(i.movementCount),
      sort: (i) => i.movementCount,
    },
  ];

  return (
    <div className="space-y-4">
      <Collapsible openLabel={t('items.add')} title={t('items.addTitle')}>
        {(close) => <NewItemForm onDone={close} />}
      </Collapsible>
      <PendingSubmissions kind="stockItem" />
      <DataTable
        caption={t('items.caption')}
        columns={columns}
        rows={items.data}
        rowKey={(i) => i.id}
        loading={items.isPending}
        error={items.isError ? errors.text(items.error) : null}
        onRetry={() => void items.refetch()}
        emptyText={t('items.empty')}
        pageSize={20}
        actions={(i) =>
          (
            [
              ['entry', 'smallBrand', () => onMove(i, 'in')],
              ['exit', 'small', () => onMove(i, 'out')],
              ['edit', 'small', () => setEditing(i)],
              ['delete', 'smallDanger', () => setDeleting(i)],
            ] as const
          ).map(([action, look, run]) => (
            <Button
              key={action}
              type="button"
              onClick={run}
              aria-label={t(`items.${action}For`, { name: i.name })}
              variant={look}
            >
              {t(`items.${action}`)}
            </Button>
          ))
        }
      />
      {editing ? <EditItemDialog item={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('items.confirmTitle')}
          message={
            deleting.movementCount > 0
              ? t('items.confirmWithMovements', {
                  name: isolate(deleting.name),
                  count: fmt.number(deleting.movementCount),
                })
              : t('items.confirmText', { name: isolate(deleting.name) })
          }
          confirmLabel={
            deleting.movementCount > 0
              ? t('items.confirmWithMovementsButton', { count: fmt.number(deleting.movementCount) })
              : undefined
          }
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
