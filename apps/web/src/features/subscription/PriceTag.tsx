import { useTranslation } from 'react-i18next';
import { firstPrice, formatNumber, type Lang } from './format.ts';

/** The first price of an offer in DA (SPEC §2/§9), with its period when the text names one. */
export function PriceTag({ prices, className = '' }: { prices: string; className?: string }) {
  const { t, i18n } = useTranslation('subscription');
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const price = firstPrice(prices);
  if (price.amount === null) return <span className={className}>{price.raw}</span>;
  const amount = t('price.amount', { amount: formatNumber(price.amount, lang) });
  const text =
    price.period === 'year'
      ? t('price.perYear', { amount })
      : price.period === 'month'
        ? t('price.perMonth', { amount })
        : amount;
  return <span className={className}>{text}</span>;
}
