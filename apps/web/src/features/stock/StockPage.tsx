import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MovementDirection } from '@filaha/shared';
import { Icon } from '../../components/ui/Icon.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { ApiAnswerError } from '../../lib/queries.ts';
import { AdminPage } from '../../components/ui/AdminPage.tsx';
import { card } from '../../components/ui/styles.ts';
import { Button } from '../../components/ui/Button.tsx';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { itemsQuery, type Period, type StockItem } from './api.ts';
import { ItemsView } from './ItemsView.tsx';
import { MovementFormCard } from './MovementFormCard.tsx';
import type { MovementPreset } from './movementForm.ts';
import { MovementsView } from './MovementsView.tsx';
import { PeriodBar, periodInOrder } from './PeriodBar.tsx';
import { SummaryView } from './SummaryView.tsx';

const OPEN_PERIOD: Period = { from: '', to: '' };

/**
 * /user/stock-management (issue 7): items and their current stock, entries and exits, the period summary,
 * purchases, sales, every movement, and the CSV export. Quantities in stock always come from the API.
 */
function StockPageView() {
  const { t } = useTranslation('stock');
  const formId = useId();
  const items = useQuery(itemsQuery);
  // Each opening (and each row's Entry/Exit button) mounts a fresh form with its own preset.
  const [panel, setPanel] = useState<{ key: number; preset?: MovementPreset } | null>(null);
  const [draft, setDraft] = useState<Period>(OPEN_PERIOD);
  const [applied, setApplied] = useState<Period>(OPEN_PERIOD);

  const changePeriod = (next: Period) => {
    setDraft(next);
    if (periodInOrder(next)) setApplied(next);
  };
  const openForm = (item: StockItem, direction: MovementDirection) =>
    setPanel((p) => ({ key: (p?.key ?? 0) + 1, preset: { itemId: item.id, direction } }));
  const toggleForm = () => setPanel((p) => (p ? null : { key: Date.now() }));

  if (items.error instanceof ApiAnswerError && items.error.status === 403) {
    return (
      <AdminPage title={t('title')}>
        <p role="alert" className={`${card} text-stone-800`}>
          {t('forbidden')}
        </p>
      </AdminPage>
    );
  }

  const list = items.data ?? [];
  const period = <PeriodBar draft={draft} applied={applied} onChange={changePeriod} />;
  const withPeriod = (view: ReactNode) => (
    <div className="space-y-4">
      {period}
      {view}
    </div>
  );

  return (
    <AdminPage
      title={t('title')}
      intro={t('intro')}
      actions={
        <Button
          type="button"
          aria-expanded={panel !== null}
          aria-controls={formId}
          onClick={toggleForm}
          variant={panel ? 'secondary' : 'primary'}
        >
          <Icon name={panel ? 'close' : 'chevronNext'} className="size-4 rtl:rotate-180" />
          {t('movements.record')}
        </Button>
      }
    >
      {panel ? (
        <section id={formId} aria-labelledby={`${formId}-title`} className={card}>
          <h2 id={`${formId}-title`} className="mb-4 text-lg font-bold text-stone-900">
            {t('movements.formTitle')}
          </h2>
          {items.isPending ? (
            <Loading className="py-4" />
          ) : (
            <MovementFormCard key={panel.key} items={list} preset={panel.preset} />
          )}
        </section>
      ) : null}
      <Tabs
        label={t('tabs.label')}
        items={[
          { id: 'stock', label: t('tabs.stock'), panel: <ItemsView items={items} onMove={openForm} /> },
          { id: 'summary', label: t('tabs.summary'), panel: withPeriod(<SummaryView period={applied} />) },
          {
            id: 'purchases',
            label: t('tabs.purchases'),
            panel: withPeriod(<MovementsView scope="purchases" period={applied} items={list} />),
          },
          {
            id: 'sales',
            label: t('tabs.sales'),
            panel: withPeriod(<MovementsView scope="sales" period={applied} items={list} />),
          },
          {
            id: 'movements',
            label: t('tabs.movements'),
            panel: withPeriod(<MovementsView scope="all" period={applied} items={list} />),
          },
        ]}
      />
    </AdminPage>
  );
}

export const StockPage = withToasts(StockPageView);
