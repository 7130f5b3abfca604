import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LIMITS, SellerPlanInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { call } from '../../lib/client.ts';
import { useMessages } from '../../lib/messages.ts';
import { KEYS } from './adminApi.ts';
import {
  PlanCatalogPage,
  PlanFormFrame,
  planNameValues,
  usePlanSave,
  type PlanHelpers,
  type PlanKind,
  type PlanWrites,
} from './PlanCatalogPage.tsx';
import { sellerPlansQuery } from './queries.ts';
import type { SellerPlan } from './types.ts';
import { hasArabic, MissingArabic } from './ui/Bilingual.tsx';

const WRITES: PlanWrites<SellerPlanInput> = {
  texts: 'sellerPlans',
  save: (body, id) =>
    id === undefined
      ? call('POST /sellerAbonnement', { body })
      : call('PUT /sellerAbonnement/:id', { params: { id }, body }),
  remove: (id) => call('DELETE /sellerAbonnement/:id', { params: { id } }),
  invalidate: [KEYS.sellerPlans],
};

/**
 * SPEC §5: nameAbonnement, nameClient, price, priority (default 1) required; nbPost optional (empty = unlimited).
 * Name, client type and description have an Arabic version (optional: without it the French is shown). The same
 * form creates a plan or, given `editing`, edits it (PUT).
 */
function SellerPlanForm({ editing, onDone }: { editing?: SellerPlan; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const form = useForm({
    resolver: zodResolver(SellerPlanInput),
    defaultValues: editing
      ? {
          ...planNameValues(editing),
          price: String(editing.price),
          priority: String(editing.priority),
          nbPost: editing.nbPost === null ? '' : String(editing.nbPost),
          description: editing.description ?? '',
          descriptionAr: editing.descriptionAr ?? '',
        }
      : { priority: String(LIMITS.sellerPriorityDefault), nbPost: '' },
  });
  const errors = form.formState.errors;
  const frame = usePlanSave(WRITES, form, editing?.id, onDone);
  return (
    <PlanFormFrame
      {...frame}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      submitClassName="sm:col-span-2 lg:col-span-3"
    >
      <TextField
        type="number"
        min={0}
        step="any"
        label={t('sellerPlans.columns.price')}
        error={fieldMessage(errors.price?.message)}
        {...form.register('price')}
      />
      <TextField
        type="number"
        min={1}
        step={1}
        label={t('sellerPlans.columns.priority')}
        error={fieldMessage(errors.priority?.message)}
        {...form.register('priority')}
      />
      <TextField
        type="number"
        min={0}
        step={1}
        label={t('sellerPlans.columns.nbPost')}
        hint={t('sellerPlans.nbPostHint')}
        error={fieldMessage(errors.nbPost?.message)}
        {...form.register('nbPost')}
      />
      <TextAreaField
        label={t('sellerPlans.descriptionFr')}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.description?.message)}
        {...form.register('description')}
      />
      <TextAreaField
        label={t('sellerPlans.descriptionAr')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.descriptionAr?.message)}
        {...form.register('descriptionAr')}
      />
    </PlanFormFrame>
  );
}

/** A seller plan's post limit: a count, or unlimited. */
const posts = (p: SellerPlan, { t, fmt }: Pick<PlanHelpers, 't' | 'fmt'>) =>
  p.nbPost === null ? t('common.unlimited') : fmt.number(p.nbPost, 0);

/** The seller plans: price per year, priority, post limit. */
const SELLER_PLANS: PlanKind<SellerPlan> = {
  ...WRITES,
  query: sellerPlansQuery,
  deleteErrors: (t) => ({ in_use: t('sellerPlans.inUse') }),
  initialSort: { id: 'priority', dir: 'asc' },
  Form: SellerPlanForm,
  columns: ({ t, fmt, money }) => [
    {
      id: 'price',
      header: t('sellerPlans.columns.price'),
      cell: (p) => money.perYear(p.price),
      sort: (p) => p.price,
    },
    { id: 'priority', header: t('sellerPlans.columns.priority'), cell: (p) => p.priority, sort: (p) => p.priority },
    {
      id: 'nbPost',
      header: t('sellerPlans.columns.nbPost'),
      cell: (p) => posts(p, { t, fmt }),
      sort: (p) => p.nbPost ?? Number.MAX_SAFE_INTEGER,
    },
  ],
  details: (p, { t, fmt, money, text }) => [
    { label: t('sellerPlans.columns.price'), value: money.perYear(p.price) },
    { label: t('sellerPlans.columns.priority'), value: p.priority },
    { label: t('sellerPlans.columns.nbPost'), value: posts(p, { t, fmt }) },
    {
      label: t('sellerPlans.descriptionFr'),
      value: p.description ? <span lang="fr">{p.description}</span> : '—',
    },
    {
      label: t('sellerPlans.descriptionAr'),
      value: hasArabic(p.descriptionAr) ? (
        <span lang="ar">{p.descriptionAr}</span>
      ) : p.description ? (
        <MissingArabic />
      ) : (
        '—'
      ),
    },
    {
      label: t('plans.functionalities'),
      value: (p.fonctionnalities ?? []).map((f) => text(f.name, f.nameAr)).join(' · ') || t('plans.none'),
    },
  ],
};

/** /admin/SellerAbonnement: the seller plans (post limits, priority) with a form and deletes. */
function SellerPlansPageView() {
  return <PlanCatalogPage kind={SELLER_PLANS} />;
}

export const SellerPlansPage = withToasts(SellerPlansPageView);
