import { controlClass } from '../../../components/ui/fields.tsx';
import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from '@filaha/shared';

/** SPEC §2: state 'actif' in green, otherwise red; the text says it too (colour is never the only cue). */
export function StateBadge({ etat }: { etat: SubscriptionState }) {
  const { t } = useTranslation('admin');
  const active = etat === 'actif';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        active ? 'bg-brand-100 text-brand-900' : 'bg-red-100 text-red-900'
      }`}
    >
      {active ? t('common.states.active') : t('common.states.inactive')}
    </span>
  );
}

/** A state select for the subscription tables ('' = every state). */
export function StateFilter({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="w-full sm:w-48">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t('common.stateFilter')}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${controlClass} mt-1`}>
        <option value="">{t('common.states.all')}</option>
        <option value="actif">{t('common.states.active')}</option>
        <option value="désactivé">{t('common.states.inactive')}</option>
      </select>
    </div>
  );
}
