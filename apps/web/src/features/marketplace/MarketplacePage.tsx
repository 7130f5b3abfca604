import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/Icon.tsx';
import { useSession } from '../../app/session.tsx';
import { listPagesQuery, type ListFilters } from './api.ts';
import { FilterBar } from './FilterBar.tsx';
import { hasActiveFilters, readFilters, writeFilters } from './filters.ts';
import { formatAmount, useAreaBase, useLang } from './format.ts';
import { ProductCard } from './ProductCard.tsx';
import { CardSkeleton } from './ProductImage.tsx';

/**
 * /user/marketplace and /seller/marketplace (SPEC §2): server-side search and filters, a grid of product
 * cards (1 column on phones, 2 on tablets, 4 on large screens) and "show more" paging.
 */
export function MarketplacePage() {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  const base = useAreaBase();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useInfiniteQuery({
    ...listPagesQuery(filters),
    // While a new filter loads, the previous cards stay (dimmed) instead of flashing skeletons.
    placeholderData: (previous) => previous,
  });

  const onFilters = (next: ListFilters) => setParams(writeFilters(next), { replace: true });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const canPublish = session.status === 'authenticated' && (session.role === 'Seller' || session.role === 'User');

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="text-2xl font-bold text-stone-900">
            {t('list.title')}
          </h1>
          <p className="mt-1 text-stone-700">{t('list.intro')}</p>
        </div>
        {canPublish ? (
          <Link
            to={`${base}/product-submission`}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900"
          >
            <Icon name="store" className="size-5" />
            {t('list.publish')}
          </Link>
        ) : null}
      </header>

      <FilterBar filters={filters} onChange={onFilters} />

      {list.isError && !list.data ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{t('list.loadError')}</p>
          <button
            type="button"
            onClick={() => void list.refetch()}
            className="mt-3 rounded-lg border border-red-400 bg-white px-4 py-2 text-sm font-semibold hover:bg-red-100"
          >
            {t('list.retry')}
          </button>
        </div>
      ) : list.isPending ? (
        <div
          role="status"
          aria-label={t('list.loading')}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center">
          <Icon name="store" className="mx-auto size-10 text-stone-500" />
          <p className="mt-3 font-semibold text-stone-900">
            {hasActiveFilters(filters) ? t('list.emptyFiltered') : t('list.empty')}
          </p>
          {hasActiveFilters(filters) ? (
            <button
              type="button"
              onClick={() => onFilters({ ...filters, q: '', category: '', wilaya: '', etat: '' })}
              className="mt-4 rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100"
            >
              {t('filters.reset')}
            </button>
          ) : null}
        </div>
      ) : (
        <div
          aria-busy={list.isPlaceholderData}
          className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          <p role="status" className="mb-3 text-sm text-stone-700">
            {t('list.count', { shown: formatAmount(items.length, lang), total: formatAmount(total, lang) })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
            {items.map((item) => (
              <li key={item.id}>
                <ProductCard item={item} href={`${base}/product-details/${item.id}`} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                className="rounded-lg border border-brand-700 bg-white px-6 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
              >
                {list.isFetchingNextPage ? t('list.loadingMore') : t('list.more')}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
