import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/Icon.tsx';
import type { Publication } from './api.ts';
import { sellerRoleName, useLang, useUnitFormat } from './format.ts';
import { ProductImage } from './ProductImage.tsx';

export function StateBadge({ etat }: { etat: Publication['etat'] }) {
  const { t } = useTranslation('marketplace');
  const available = etat === 'DISPO';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        available ? 'bg-brand-100 text-brand-900' : 'bg-stone-200 text-stone-800'
      }`}
    >
      {t(`state.${etat}`)}
    </span>
  );
}

/**
 * One product of the grid (SPEC §2): photo, name, price in DA, address, phone. The whole card opens the
 * details through its title link (stretched over the card); the phone stays a separate tap-to-call link.
 */
export function ProductCard({ item, href }: { item: Publication; href: string }) {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  const units = useUnitFormat();
  const role = sellerRoleName(item.seller.sellerRole, lang);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <div className="relative">
        <ProductImage src={item.images[0]?.thumbPath} alt={item.nomProduit} className="aspect-[4/3] w-full" />
        <span className="absolute start-2 top-2">
          <StateBadge etat={item.etat} />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 className="line-clamp-2 font-semibold text-stone-900">
          <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
            {item.nomProduit}
          </Link>
        </h2>
        <p className="text-lg font-bold text-brand-800" data-testid="card-price">
          {units.price(item.prixUnitaire, item.unit)}
        </p>
        <p className="text-sm text-stone-700" data-testid="card-quantity">
          {t('quantityValue', { quantity: units.quantity(item.quantité, item.unit) })}
        </p>
        <p className="flex items-start gap-1.5 text-sm text-stone-700">
          <Icon name="pin" className="mt-0.5 size-4 shrink-0 text-stone-500" />
          <span className="line-clamp-2">{item.addresse}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <a
            href={`tel:${item.phoneNumber}`}
            className="relative z-10 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
            aria-label={t('card.call', { phone: item.phoneNumber })}
          >
            <Icon name="phone" className="size-4" />
            <span dir="ltr">{item.phoneNumber}</span>
          </a>
          {role ? <span className="text-xs text-stone-600">{role}</span> : null}
        </div>
      </div>
    </article>
  );
}
