import type { ServiceKey } from '@filaha/shared';
import type { IconName } from '../../components/ui/Icon.tsx';

export interface ServiceDef {
  key: ServiceKey;
  icon: IconName;
  /** Starting price in euros (SPEC §9: from 100 € for soil analysis, 150 € for the others). */
  priceFromEur: number;
}

/** The four services of SPEC §1, in the home carousel's order; texts live in the `services` namespace. */
export const SERVICES: readonly ServiceDef[] = [
  { key: 'marketplace', icon: 'store', priceFromEur: 150 },
  { key: 'precision', icon: 'satellite', priceFromEur: 150 },
  { key: 'drilling', icon: 'drill', priceFromEur: 150 },
  { key: 'soil', icon: 'soil', priceFromEur: 100 },
];

/** What each detail view lists under "what is included" (keys of `services:items.<key>.includes`). */
export const INCLUDES = ['a', 'b', 'c', 'd'] as const;

export function serviceByKey(key: string | null): ServiceDef | undefined {
  return SERVICES.find((s) => s.key === key);
}

export const MESSAGING_PATH = '/user/Messaging-page';

/** Euro amounts in the reader's locale ("150 €" / "150 €" with Algerian Arabic digits kept Latin). */
export function formatEuros(amount: number, lang: 'ar' | 'fr'): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'ar-DZ', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(amount);
}
