import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { PlanInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { call } from '../../lib/client.ts';
import { useMessages } from '../../lib/messages.ts';
import { PriceTag } from '../subscription/PriceTag.tsx';
import { firstPrice } from '../subscription/format.ts';
import { KEYS } from './adminApi.ts';
import {
  PlanCatalogPage,
  PlanFormFrame,
  planNameValues,
  usePlanSave,
  type PlanKind,
  type PlanWrites,
} from './PlanCatalogPage.tsx';
import { plansQuery } from './queries.ts';
import type { PlanDetails } from './types.ts';

const WRITES: PlanWrites<PlanInput> = {
  texts: 'plans',
  save: (body, id) =>
    id === undefined ? call('POST /abonnement', { body }) : call('PUT /abonnement/:id', { params: { id }, body }),
  remove: (id) => call('DELETE /abonnement/:id', { params: { id } }),
  invalidate: [KEYS.plans, KEYS.assignments],
};

/**
 * SPEC §5: nameAbonnement, nameClient, prices required; the descriptions (fr, ar) are optional. Names and client
 * types have an Arabic version next to the French one (optional: without it the French is shown). The same form
 * creates a plan or, given `editing`, edits it (PUT).
 */
function PlanForm({ editing, onDone }: { editing?: PlanDetails; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const form = useForm({
    resolver: zodResolver(PlanInput),
    defaultValues: editing
      ? {
          ...planNameValues(editing),
          prices: editing.prices,
          descriptionFr: editing.descriptionFr ?? '',
          descriptionAr: editing.descriptionAr ?? '',
        }
      : undefined,
  });
  const errors = form.formState.errors;
  const frame = usePlanSave(WRITES, form, editing?.id, onDone);
  return (
    <PlanFormFrame {...frame} className="grid gap-4 sm:grid-cols-2" submitClassName="flex items-end sm:col-span-2">
      <TextField
        label={t('plans.columns.prices')}
        hint={t('plans.pricesHint')}
        error={fieldMessage(errors.prices?.message)}
        {...form.register('prices')}
      />
      <div className="hidden sm:block" />
      <TextAreaField label={t('plans.descriptionFr')} lang="fr" dir="ltr" {...form.register('descriptionFr')} />
      <TextAreaField label={t('plans.descriptionAr')} lang="ar" dir="rtl" {...form.register('descriptionAr')} />
    </PlanFormFrame>
  );
}

/** The offer catalogue (nameAbonnement, nameClient, prices), its functionalities and index quotas. */
const FARMER_PLANS: PlanKind<PlanDetails> = {
  ...WRITES,
  query: plansQuery,
  Form: PlanForm,
  columns: ({ t }) => [
    {
      id: 'prices',
      header: t('plans.columns.prices'),
      cell: (p) => <PriceTag prices={p.prices} />,
      sort: (p) => firstPrice(p.prices).amount ?? Number.POSITIVE_INFINITY,
    },
  ],
  details: (p, { t, fmt, text }) => [
    { label: t('plans.columns.prices'), value: <PriceTag prices={p.prices} /> },
    { label: t('plans.description'), value: p.description || '—' },
    {
      label: t('plans.functionalities'),
      value: p.fonctionnalities.length
        ? p.fonctionnalities.map((f) => text(f.name, f.nameAr)).join(' · ')
        : t('plans.none'),
    },
    {
      label: t('plans.indices'),
      value: p.indices.length
        ? p.indices.map((i) => t('plans.indexQuota', { name: i.name, n: i.nombre_de_requete })).join(' · ')
        : t('plans.none'),
    },
    { label: t('common.createdAt'), value: fmt.date(p.createdAt) },
  ],
};

/** /admin/Abonnement: the offer catalogue (nameAbonnement, nameClient, prices, Delete) and 'Add New Abonnement'. */
function PlansPageView() {
  return <PlanCatalogPage kind={FARMER_PLANS} />;
}

export const PlansPage = withToasts(PlansPageView);
