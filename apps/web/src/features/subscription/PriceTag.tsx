import { useMoney } from '../../lib/money.ts';

/**
 * The first price of an offer in DA (SPEC §2/§9), with its period when the text names one, in the reader's
 * locale: "40 000 دج / سنة", "40 000 DA / an". A text without a number is shown as written.
 */
export function PriceTag({ prices, className = '' }: { prices: string; className?: string }) {
  const money = useMoney();
  return <span className={className}>{money.plan(prices)}</span>;
}
