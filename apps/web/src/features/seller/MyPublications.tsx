import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/ui/Loading.tsx';
import { fetchMine, marketKeys } from '../marketplace/api.ts';
import { formatDate, useAreaBase, useLang, useUnitFormat } from '../marketplace/format.ts';
import { StateBadge } from '../marketplace/ProductCard.tsx';
import { ProductImage } from '../marketplace/ProductImage.tsx';

/** The caller's own publications (GET /publications/my-publications; 205 = none), each opening its edit page. */
export function MyPublications() {
  const { t } = useTranslation('seller');
  const lang = useLang();
  const base = useAreaBase();
  const units = useUnitFormat();
  const { t: tm } = useTranslation('marketplace');
  const mine = useQuery({ queryKey: marketKeys.mine, queryFn: fetchMine });

  return (
    <section aria-labelledby="mine-title" className="space-y-3">
      <h2 id="mine-title" className="text-xl font-bold text-stone-900">
        {t('mine.title')}
      </h2>
      {mine.isPending ? (
        <Loading className="py-6" />
      ) : mine.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t('mine.loadError')}
        </p>
      ) : mine.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
          {t('mine.empty')}
        </p>
      ) : (
        // grid-cols-1 (minmax(0, 1fr)) and min-w-0: a long product name is cut by its ellipsis instead of widening the
        // column, and with it the page, past a phone's screen.
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="my-publications">
          {mine.data.map((p) => (
            <li key={p.id} className="min-w-0">
              <Link
                to={`${base}/my-product-details/${p.id}`}
                className="flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-3 hover:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-700"
              >
                <ProductImage src={p.images[0]?.thumbPath} alt="" className="size-16 shrink-0 rounded-lg" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-stone-900">{p.nomProduit}</span>
                  <span className="block text-sm text-brand-800">
                    {units.price(p.prixUnitaire, p.unit)}
                    {' · '}
                    {tm('quantityValue', { quantity: units.quantity(p.quantité, p.unit) })}
                  </span>
                  <span className="block text-xs text-stone-600">
                    {t('mine.meta', { date: formatDate(p.createdAt, lang), photos: p.images.length })}
                  </span>
                </span>
                <StateBadge etat={p.etat} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
