import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Parcel } from './farmApi.ts';
import { asLang, formatNumber } from './format.ts';

interface ParcelListProps {
  parcels: readonly Parcel[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The farmer's parcels: select one on the map, or open its page (latest images, history per index). */
export function ParcelList({ parcels, selectedId, onSelect }: ParcelListProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  return (
    <section aria-labelledby="farm-parcels-title" className="rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id="farm-parcels-title" className="text-base font-bold text-stone-900">
        {t('parcels.title')}
      </h2>
      {parcels.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t('parcels.empty')}</p> : null}
      <ul className="mt-2 divide-y divide-stone-100">
        {parcels.map((p) => {
          const selected = p.id === selectedId;
          return (
            <li key={p.id} className="py-2">
              <p className={`font-semibold break-words ${selected ? 'text-red-700' : 'text-stone-900'}`}>
                {p.identifiantU}
              </p>
              {p.areaHa !== undefined ? (
                <p className="text-xs text-stone-600">{t('parcels.area', { area: formatNumber(p.areaHa, lang, 2) })}</p>
              ) : null}
              <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                <button
                  type="button"
                  onClick={() => onSelect(p.id)}
                  aria-pressed={selected}
                  aria-label={t('parcels.showLabel', { name: p.identifiantU })}
                  className="rounded-md border border-stone-300 px-2 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-100 aria-pressed:border-red-600 aria-pressed:text-red-700"
                >
                  {t('parcels.show')}
                </button>
                <Link
                  to={`/user/ferme-map/${p.id}`}
                  className="text-sm font-semibold text-brand-800 underline hover:text-brand-900"
                >
                  {t('parcels.open')}
                  <span className="sr-only"> — {p.identifiantU}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
