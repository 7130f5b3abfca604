import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from './ErrorBanner.tsx';
import { Icon } from './Icon.tsx';
import { Loading } from './Loading.tsx';
import { DetailsPanel, type DetailItem } from './DetailsPanel.tsx';
import { compareValues, pageCount, type SortDir, type SortValue } from './tableLogic.ts';

/**
 * Text from users (names, prices like '12000 DA / an') is isolated so a Latin value keeps its own order in an
 * Arabic page, and the other way round.
 */
function isolate(content: ReactNode): ReactNode {
  return typeof content === 'string' || typeof content === 'number' ? <bdi>{content}</bdi> : content;
}

/** A value of a card (under 640 px): its column's name before it, both wrapping inside the card. */
const CARD_CELL =
  'max-sm:flex max-sm:min-w-0 max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:[overflow-wrap:anywhere] max-sm:*:min-w-0 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-stone-600 max-sm:before:content-[attr(data-label)]';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The value a click on the header sorts by; a column without one is not sortable. */
  sort?: (row: T) => SortValue;
  className?: string;
}

interface DataTableProps<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** A load error, shown in place of the rows with a retry. */
  error?: string | null;
  onRetry?: () => void;
  pageSize?: number;
  /** What the 'Plus Details' panel lists for a row; without it rows are not clickable. */
  details?: (row: T) => DetailItem[];
  detailsSubtitle?: (row: T) => string;
  /** Buttons of the last column; their clicks do not open the details. */
  actions?: (row: T) => ReactNode;
  initialSort?: { id: string; dir: SortDir };
  /** Replaces 'No data available' where the SPEC words an empty table its own way. */
  emptyText?: string;
}

/**
 * The back-office table (SPEC §2 "All admin tables"): sortable headers (aria-sort), pages of `pageSize`
 * rows, the 'No data available' row when empty, loading and error states, and a row click (or Enter on a
 * focused row) opening the 'Plus Details' side panel.
 *
 * Under 640 px (a phone) the same table is laid out as cards, with CSS only: one card per row, each value under its
 * column's name (`data-label`), the actions at the bottom of the card, the sortable headers as a row of buttons
 * above — nothing scrolls sideways, so no button is hidden past the edge and an empty table's text is whole.
 * The table, row and cell roles are explicit: browsers drop a table's semantics once CSS changes its display, and a
 * screen reader must still read the cards as rows of named cells.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, rows, rowKey, loading, error, onRetry, pageSize = 10, details, actions } = props;
  const { t, i18n } = useTranslation('admin');
  const [sort, setSort] = useState<{ id: string; dir: SortDir } | null>(props.initialSort ?? null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<T | null>(null);

  const sorted = useMemo(() => {
    const list = [...(rows ?? [])];
    const column = sort ? columns.find((c) => c.id === sort.id) : undefined;
    if (!sort || !column?.sort) return list;
    const by = column.sort;
    const sign = sort.dir === 'asc' ? 1 : -1;
    return list.sort((a, b) => sign * compareValues(by(a), by(b), i18n.language));
  }, [rows, sort, columns, i18n.language]);

  if (loading) return <Loading />;
  if (error) return <ErrorBanner message={error} onClose={() => onRetry?.()} />;

  const pages = pageCount(sorted.length, pageSize);
  const current = Math.min(page, pages);
  const visible = sorted.slice((current - 1) * pageSize, current * pageSize);
  const span = columns.length + (actions ? 1 : 0);

  const toggleSort = (id: string) =>
    setSort((s) => (s?.id === id ? { id, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { id, dir: 'asc' }));
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    setOpen(row);
  };

  return (
    <div>
      <div
        data-layout="cards-under-640"
        className="overflow-x-auto rounded-2xl border border-stone-200 bg-white max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent"
      >
        <table role="table" className="w-full text-start text-sm max-sm:block">
          <caption className="sr-only">
            {caption}
            {details ? `. ${t('table.rowHint')}` : ''}
          </caption>
          <thead
            role="rowgroup"
            className={`bg-stone-50 text-stone-700 max-sm:bg-transparent ${visible.length === 0 ? 'max-sm:hidden' : 'max-sm:block'}`}
          >
            <tr role="row" className="max-sm:flex max-sm:flex-wrap max-sm:gap-2 max-sm:pb-3">
              {columns.map((c) => {
                const dir = sort?.id === c.id ? sort.dir : null;
                return (
                  <th
                    role="columnheader"
                    key={c.id}
                    scope="col"
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                    className={`px-4 py-3 text-start font-semibold whitespace-nowrap max-sm:rounded-full max-sm:border max-sm:border-stone-300 max-sm:bg-white max-sm:px-3 max-sm:py-1 ${
                      c.sort ? '' : 'max-sm:hidden'
                    }`}
                  >
                    {c.sort ? (
                      <button
                        type="button"
                        onClick={() => toggleSort(c.id)}
                        className="inline-flex items-center gap-1 rounded hover:text-brand-900"
                        title={t('table.sortBy', { column: c.header })}
                      >
                        {c.header}
                        <span aria-hidden="true" className="text-xs">
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
              {actions ? (
                <th role="columnheader" scope="col" className="px-4 py-3 text-start font-semibold max-sm:hidden">
                  {t('table.actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-stone-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0">
            {visible.length === 0 ? (
              <tr
                role="row"
                className="max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:bg-white"
              >
                <td role="cell" colSpan={span} className="px-4 py-8 text-center text-stone-600 max-sm:block">
                  {props.emptyText ?? t('table.empty')}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr
                  role="row"
                  key={rowKey(row)}
                  tabIndex={details ? 0 : undefined}
                  onClick={details ? () => setOpen(row) : undefined}
                  onKeyDown={details ? (e) => onRowKey(e, row) : undefined}
                  className={`max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:bg-white max-sm:p-3 ${
                    details ? 'cursor-pointer hover:bg-brand-50/60 focus-visible:bg-brand-50' : ''
                  }`}
                >
                  {columns.map((c) => (
                    <td
                      role="cell"
                      key={c.id}
                      data-label={c.header}
                      className={`px-4 py-3 align-top ${CARD_CELL} ${c.className ?? ''}`}
                    >
                      {isolate(c.cell(row))}
                    </td>
                  ))}
                  {actions ? (
                    <td
                      role="cell"
                      className="px-4 py-3 align-top max-sm:block max-sm:px-0 max-sm:pt-3 max-sm:pb-0"
                      onClick={(e) => e.stopPropagation()}
                    >
                      <div className="flex gap-2 whitespace-nowrap max-sm:flex-wrap max-sm:whitespace-normal">
                        {actions(row)}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label={t('table.pagination')} className="mt-3 flex items-center justify-end gap-3 text-sm">
          <button
            type="button"
            onClick={() => setPage(current - 1)}
            disabled={current <= 1}
            aria-label={t('table.previous')}
            className="rounded-md border border-stone-300 bg-white p-1.5 hover:bg-stone-100 disabled:opacity-50"
          >
            <Icon name="chevronPrev" className="size-4" />
          </button>
          <span aria-live="polite">{t('table.page', { page: current, pages })}</span>
          <button
            type="button"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages}
            aria-label={t('table.next')}
            className="rounded-md border border-stone-300 bg-white p-1.5 hover:bg-stone-100 disabled:opacity-50"
          >
            <Icon name="chevronNext" className="size-4" />
          </button>
        </nav>
      ) : null}
      {open && details ? (
        <DetailsPanel items={details(open)} subtitle={props.detailsSubtitle?.(open)} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
