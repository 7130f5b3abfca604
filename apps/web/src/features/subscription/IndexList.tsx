import { useTranslation } from 'react-i18next';
import type { PlanIndex } from './api.ts';
import { localizedText, splitSentences, type Lang } from './format.ts';

/**
 * The indices of a plan (SPEC §2): name, description in the current language, and the recommendations,
 * each a value range followed by its advice split into sentences.
 */
export function IndexList({ indices }: { indices: readonly PlanIndex[] }) {
  const { t, i18n } = useTranslation('subscription');
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'ar';
  if (indices.length === 0) return <p className="text-sm text-stone-600">{t('details.noIndex')}</p>;
  return (
    <ul className="space-y-4">
      {indices.map((ix) => (
        <li key={ix.id} className="rounded-xl border border-stone-200 bg-stone-50 p-4">
          <h5 className="font-semibold text-stone-900">{ix.name}</h5>
          <p className="mt-1 text-sm leading-relaxed text-stone-700">{localizedText(ix.description, lang)}</p>
          {ix.recommendation.length ? (
            <>
              <h6 className="mt-3 text-sm font-semibold text-stone-800">{t('details.recommendations')}</h6>
              <ul className="mt-2 space-y-3">
                {ix.recommendation.map((rec, i) => {
                  const range = rec.range[lang] || rec.range[lang === 'ar' ? 'fr' : 'ar'];
                  const sentences = splitSentences(rec[lang] || rec[lang === 'ar' ? 'fr' : 'ar']);
                  return (
                    <li key={i} className="text-sm">
                      {range ? (
                        <span className="inline-block rounded-md bg-white px-2 py-0.5 font-semibold text-brand-900 ring-1 ring-stone-200">
                          {range}
                        </span>
                      ) : null}
                      <ul
                        className="mt-1.5 list-disc space-y-1 ps-5 text-stone-700"
                        data-testid="recommendation-sentences"
                      >
                        {sentences.map((sentence, j) => (
                          <li key={j}>{sentence}</li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
