import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../components/ui/Icon.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { ApiAnswerError, profileQuery } from '../../lib/queries.ts';
import { ContactSellerButton } from '../messaging/ContactSellerButton.tsx';
import { fetchPublication, marketKeys } from './api.ts';
import { Carousel } from './Carousel.tsx';
import { formatDate, sellerRoleName, useAreaBase, useLang, useUnitFormat, wilayaName } from './format.ts';
import { StateBadge } from './ProductCard.tsx';
import { useBack } from './useBack.ts';

export function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('marketplace');
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
    >
      <Icon name="chevronPrev" className="size-5" />
      {t('details.back')}
    </button>
  );
}

/** /user|seller/product-details/:id (SPEC §2): photos, name, price, quantity, availability, contact, seller. */
export function ProductDetailsPage() {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  const units = useUnitFormat();
  const base = useAreaBase();
  const back = useBack(`${base}/marketplace`);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const item = useQuery({ queryKey: marketKeys.one(id), queryFn: () => fetchPublication(id), enabled: valid });
  const me = useQuery(profileQuery);

  if (valid && item.isPending) return <Loading />;
  if (!valid || item.isError || !item.data) {
    const notFound = !valid || (item.error instanceof ApiAnswerError && item.error.status === 404);
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <BackButton onClick={back} />
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {notFound ? t('details.notFound') : t('details.loadError')}
        </div>
      </div>
    );
  }

  const p = item.data;
  const mine = me.data?.id === p.userId;
  const role = sellerRoleName(p.seller.sellerRole, lang);
  const facts: Array<[string, ReactNode]> = [
    [
      t('fields.quantity'),
      <span key="quantity" data-testid="details-quantity">
        {units.quantity(p.quantité, p.unit)}
      </span>,
    ],
    [t('fields.location'), p.addresse],
    [t('details.wilaya'), wilayaName(p.seller.wilaya, lang) || '—'],
    [
      t('fields.phone'),
      <a key="tel" href={`tel:${p.phoneNumber}`} className="font-semibold text-brand-800 underline underline-offset-2">
        <span dir="ltr">{p.phoneNumber}</span>
      </a>,
    ],
    [t('details.seller'), role ? `${p.seller.userName} — ${role}` : p.seller.userName],
    [t('details.published'), formatDate(p.createdAt, lang)],
  ];

  return (
    <article aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-4">
      <BackButton onClick={back} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Carousel images={p.images} name={p.nomProduit} />
        <div className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 id="page-title" className="text-2xl font-bold text-stone-900">
              {p.nomProduit}
            </h1>
            <StateBadge etat={p.etat} />
          </div>
          <p className="text-3xl font-bold text-brand-800" data-testid="details-price">
            {units.price(p.prixUnitaire, p.unit)}
          </p>
          <dl className="grid gap-4 sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-stone-600">{label}</dt>
                <dd className="mt-0.5 font-medium text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-3">
            <a
              href={`tel:${p.phoneNumber}`}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
            >
              <Icon name="phone" className="size-5" />
              {t('details.call')}
            </a>
            {!mine && me.isSuccess ? (
              <ContactSellerButton base={base} sellerId={p.userId} publicationId={p.id} />
            ) : null}
            {mine ? (
              <Link
                to={`${base}/my-product-details/${p.id}`}
                className="inline-flex items-center rounded-lg border border-stone-300 px-5 py-2.5 font-semibold text-stone-800 hover:bg-stone-100"
              >
                {t('details.edit')}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}
