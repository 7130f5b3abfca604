import { useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SubscriptionState } from '@filaha/shared';
import { AdminPage, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import type { DetailItem } from '../../components/ui/DetailsPanel.tsx';
import { useFormat } from '../../lib/format.ts';
import { useMoney } from '../../lib/money.ts';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { useCatalogText } from './ui/Bilingual.tsx';
import { DeleteButton, RowButton, useConfirmedDelete } from './ui/RowActions.tsx';
import { StateBadge, StateFilter } from './ui/StateBadge.tsx';
import { useTableState } from './ui/useTableState.ts';

/** What both subscription lists (farmers', sellers') have: the state the toggle flips and the subscriber. */
export interface SubscriptionRow {
  id: number;
  etat: SubscriptionState;
  User?: { email: string; userName: string };
}

/** What a kind's columns and details are built with. */
export interface SubscriptionHelpers<S extends SubscriptionRow> {
  t: TFunction<'admin'>;
  fmt: ReturnType<typeof useFormat>;
  money: ReturnType<typeof useMoney>;
  planName: (s: S) => string;
  /** The shared columns, for the kind to place. */
  columns: { etat: Column<S>; plan: Column<S>; email: Column<S> };
  /** The state as a details line. */
  etat: (s: S) => DetailItem;
}

/** How the farmers' and the sellers' subscriptions differ: their API, texts, columns and details. */
export interface SubscriptionKind<S extends SubscriptionRow> {
  query: { queryKey: QueryKey; queryFn: () => Promise<S[]> };
  /** Switches a subscription's state (PUT `{ etat }`). */
  setState: (id: number, etat: SubscriptionState) => Promise<unknown>;
  /** Deletes a subscription. */
  remove: (id: number) => Promise<unknown>;
  key: QueryKey;
  title: (t: TFunction<'admin'>) => string;
  intro?: (t: TFunction<'admin'>) => string;
  /** The plan's French name and its name in the visitor's language (search and the plan column). */
  plan: (s: S) => { name: string; nameAr: string | undefined };
  columns: (h: SubscriptionHelpers<S>) => Column<S>[];
  initialSort: { id: string; dir: 'asc' | 'desc' };
  /** The details lines after the plan's. */
  details: (s: S, h: SubscriptionHelpers<S>) => DetailItem[];
}

/**
 * A subscriptions screen of the back office: search, state filter, the table with Activer/Désactiver (activation
 * creates the usage rows on the server) and Supprimer behind a confirmation.
 */
export function SubscriptionsPage<S extends SubscriptionRow>({ kind }: { kind: SubscriptionKind<S> }) {
  const { t } = useTranslation('admin');
  const text = useCatalogText();
  const money = useMoney();
  const fmt = useFormat();
  const [state, setState] = useState('');
  const [query, setQuery] = useState('');
  const list = useQuery(kind.query);
  const listState = useTableState(list);

  const toggle = useAdminMutation({
    mutationFn: (v: { id: number; etat: SubscriptionState }) => kind.setState(v.id, v.etat),
    success: (_r, v) => (v.etat === 'actif' ? t('subscriptions.activated') : t('subscriptions.deactivated')),
    invalidate: [kind.key],
  });
  const planName = (s: S) => {
    const plan = kind.plan(s);
    return text(plan.name, plan.nameAr);
  };
  /** Who a row's buttons name: the subscriber's email, else the subscription's id. */
  const subscriber = (s: S) => String(s.User?.email ?? s.id);
  const remove = useConfirmedDelete({
    remove: (s: S) => kind.remove(s.id),
    success: () => t('subscriptions.deleted'),
    invalidate: [kind.key],
    confirm: (s) => ({
      title: t('subscriptions.confirmTitle'),
      message: t('subscriptions.confirmText', { plan: planName(s), email: s.User?.email ?? '' }),
    }),
  });
  const helpers: SubscriptionHelpers<S> = {
    t,
    fmt,
    money,
    planName,
    columns: {
      etat: {
        id: 'etat',
        header: t('subscriptions.columns.etat'),
        cell: (s) => <StateBadge etat={s.etat} />,
        sort: (s) => s.etat,
      },
      plan: { id: 'plan', header: t('subscriptions.columns.plan'), cell: planName, sort: planName },
      email: {
        id: 'email',
        header: t('subscriptions.columns.email'),
        cell: (s) => <span dir="ltr">{s.User?.email}</span>,
        sort: (s) => s.User?.email,
      },
    },
    etat: (s) => ({ label: t('subscriptions.columns.etat'), value: <StateBadge etat={s.etat} /> }),
  };
  const rows = (list.data ?? []).filter(
    (s) =>
      (!state || s.etat === state) && matches(query, s.User?.email, s.User?.userName, kind.plan(s).name, planName(s)),
  );
  const title = kind.title(t);

  return (
    <AdminPage
      title={title}
      intro={kind.intro?.(t)}
      actions={
        <>
          <SearchBox label={t('subscriptions.search')} value={query} onChange={setQuery} />
          <StateFilter value={state} onChange={setState} />
        </>
      }
    >
      <DataTable
        caption={title}
        columns={kind.columns(helpers)}
        rows={rows}
        rowKey={(s) => s.id}
        {...listState}
        initialSort={kind.initialSort}
        detailsSubtitle={(s) => s.User?.email ?? ''}
        details={(s) => [
          { label: t('common.id'), value: s.id },
          { label: t('subscriptions.user'), value: s.User?.userName ?? '—' },
          { label: t('subscriptions.columns.email'), value: <span dir="ltr">{s.User?.email}</span> },
          { label: t('subscriptions.columns.plan'), value: planName(s) },
          ...kind.details(s, helpers),
        ]}
        actions={(s) => (
          <>
            <RowButton
              label={s.etat === 'actif' ? t('subscriptions.deactivate') : t('subscriptions.activate')}
              name={subscriber(s)}
              variant={s.etat === 'actif' ? 'small' : 'smallBrand'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ id: s.id, etat: s.etat === 'actif' ? 'désactivé' : 'actif' })}
            />
            <DeleteButton name={subscriber(s)} onClick={() => remove.ask(s)} />
          </>
        )}
      />
      {remove.dialog}
    </AdminPage>
  );
}
