import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/ui/Icon.tsx';

const AUDIENCES = [
  { id: 'farmers', icon: 'farmer' },
  { id: 'suppliers', icon: 'leaf' },
  { id: 'cooperatives', icon: 'people' },
  { id: 'institutions', icon: 'bank' },
  { id: 'equipment', icon: 'tractor' },
  { id: 'finance', icon: 'coins' },
] as const satisfies ReadonlyArray<{ id: string; icon: IconName }>;

/** The six audiences of SPEC §1 (suppliers and input distributors share a card). */
export function AudienceGrid() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="audiences-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="audiences-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
        {t('audiences.title')}
      </h2>
      <p className="mt-2 text-stone-700">{t('audiences.lead')}</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {AUDIENCES.map((a) => (
          <li key={a.id} className="rounded-xl border border-stone-200 bg-white p-6">
            <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
              <Icon name={a.icon} className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-stone-900">{t(`audiences.items.${a.id}.title`)}</h3>
            <p className="mt-2 text-sm text-stone-700">{t(`audiences.items.${a.id}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
