import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon.tsx';
import { formatAmount, useLang, usePriceFormat } from '../marketplace/format.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import type { SellerPlan } from './api.ts';

interface PlanPickerProps {
  plans: readonly SellerPlan[];
  selected: number | null;
  onSelect: (id: number) => void;
  /** Shown (read-only) when the caller cannot buy now: an open subscription, or a role that cannot sell. */
  disabled?: boolean;
  /** The plan of the caller's active subscription, marked as such. */
  currentPlanId?: number | null;
  describedBy?: string;
}

/** The seller plans as one radio group (a single choice): name, client, price, posts, priority, features. */
export function PlanPicker({
  plans,
  selected,
  onSelect,
  disabled = false,
  currentPlanId = null,
  describedBy,
}: PlanPickerProps) {
  const { t } = useTranslation('seller');
  const lang = useLang();
  const price = usePriceFormat();
  const text = useCatalogText();
  const name = useId();
  return (
    <fieldset aria-describedby={describedBy} disabled={disabled}>
      <legend className="text-lg font-semibold text-stone-900">{t('plans.legend')}</legend>
      <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {plans.map((plan) => {
          const checked = selected === plan.id;
          return (
            <li key={plan.id}>
              <label
                className={`flex h-full cursor-pointer flex-col rounded-2xl border bg-white p-5 shadow-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                  checked ? 'border-brand-700 ring-2 ring-brand-600' : 'border-stone-200 hover:border-brand-600'
                } ${disabled ? 'cursor-default opacity-90' : ''}`}
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-900">
                    {text(plan.nameAbonnement, plan.nameAbonnementAr)}
                  </span>
                  <input
                    type="radio"
                    name={name}
                    value={plan.id}
                    checked={checked}
                    onChange={() => onSelect(plan.id)}
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    aria-label={t('plans.choose', { name: text(plan.nameAbonnement, plan.nameAbonnementAr) })}
                  />
                </span>
                {plan.id === currentPlanId ? (
                  <span className="mt-2 self-start rounded-full bg-brand-800 px-2.5 py-0.5 text-xs font-semibold text-white">
                    {t('plans.current')}
                  </span>
                ) : null}
                <span className="mt-2 text-sm text-stone-700">{text(plan.nameClient, plan.nameClientAr)}</span>
                <span className="mt-3 text-2xl font-bold text-brand-900" data-testid="plan-price">
                  {price(plan.price)}
                  <span className="text-sm font-medium text-stone-600"> {t('plans.perYear')}</span>
                </span>
                <span className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <span className="rounded-lg bg-stone-100 px-2 py-1.5 text-stone-800">
                    <span className="block text-xs text-stone-600">{t('plans.posts')}</span>
                    <strong data-testid="plan-posts">
                      {plan.nbPost === null ? t('plans.unlimited') : formatAmount(plan.nbPost, lang)}
                    </strong>
                  </span>
                  <span className="rounded-lg bg-stone-100 px-2 py-1.5 text-stone-800">
                    <span className="block text-xs text-stone-600">{t('plans.priority')}</span>
                    <strong>{formatAmount(plan.priority, lang)}</strong>
                  </span>
                </span>
                {plan.description ? (
                  <span className="mt-3 text-sm text-stone-700">{text(plan.description, plan.descriptionAr)}</span>
                ) : null}
                {plan.fonctionnalities.length ? (
                  <span className="mt-3 block">
                    <span className="block text-sm font-semibold text-stone-800">{t('plans.functionalities')}</span>
                    <span className="mt-1 block space-y-1">
                      {plan.fonctionnalities.map((f) => (
                        <span key={f.id} className="flex items-start gap-2 text-sm text-stone-700">
                          <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                          {text(f.name, f.nameAr)}
                        </span>
                      ))}
                    </span>
                  </span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
