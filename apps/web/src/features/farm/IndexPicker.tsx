import { useTranslation } from 'react-i18next';
import type { IndexConfig } from './farmApi.ts';
import { asLang, formatNumber } from './format.ts';
import { indexCodeOf, indexTone } from './legend.ts';

interface IndexPickerProps {
  indices: readonly IndexConfig[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The left column: one radio per index of the plan, coloured per SPEC §9, with the requests left. */
export function IndexPicker({ indices, selectedId, onSelect }: IndexPickerProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  return (
    <fieldset className="rounded-2xl border border-stone-200 bg-white p-4">
      <legend className="px-1 text-base font-bold text-stone-900">{t('indices.title')}</legend>
      {indices.length === 0 ? <p className="text-sm text-stone-600">{t('indices.empty')}</p> : null}
      <div className="mt-1 space-y-2">
        {indices.map((index) => {
          const code = indexCodeOf(index);
          const tone = indexTone(code);
          const checked = index.indiceId === selectedId;
          return (
            <label
              key={index.indiceId}
              className={`flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2 transition-colors ${
                checked ? `${tone.ring} bg-stone-50` : 'border-transparent hover:bg-stone-50'
              }`}
            >
              <input
                type="radio"
                name="farm-index"
                value={index.indiceId}
                checked={checked}
                onChange={() => onSelect(index.indiceId)}
                className="size-4 accent-brand-700"
              />
              <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${tone.dot}`} />
              <span className="flex-1">
                <span className="block font-semibold text-stone-900" dir="ltr">
                  {code}
                </span>
                {index.nbreq_total !== null && index.nbreq_restante !== null ? (
                  <span className="block text-xs text-stone-600">
                    {t('indices.remaining', {
                      left: formatNumber(index.nbreq_restante, lang),
                      total: formatNumber(index.nbreq_total, lang),
                    })}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
