import type { ServiceKey } from '@filaha/shared';
import type { IconName } from '../../components/ui/Icon.tsx';
import { formatAmount } from '../../lib/money.ts';

export interface ServiceDef {
  key: ServiceKey;
  icon: IconName;
  /**
   * Which starting price applies (SPEC §9: soil analysis, and the others): amounts in DA set by an administrator
   * in the back office, else the deployment's SERVICE_PRICE_SOIL / SERVICE_PRICE_OTHER (GET /api/settings/public);
   * none → on quotation.
   */
  price: 'soil' | 'other';
}

/** The four services of SPEC §1, in the home carousel's order; texts live in the `services` namespace. */
export const SERVICES: readonly ServiceDef[] = [
  { key: 'marketplace', icon: 'store', price: 'other' },
  { key: 'precision', icon: 'satellite', price: 'other' },
  { key: 'drilling', icon: 'drill', price: 'other' },
  { key: 'soil', icon: 'soil', price: 'soil' },
];

/** What each detail view lists under "what is included" (keys of `services:items.<key>.includes`). */
export const INCLUDES = ['a', 'b', 'c', 'd'] as const;

export function serviceByKey(key: string | null): ServiceDef | undefined {
  return SERVICES.find((s) => s.key === key);
}

export const MESSAGING_PATH = '/user/Messaging-page';

/**
 * Dinar amounts in the reader's locale: "12 000 DA" / "12 000 دج" (Latin digits, thousands grouped the same way in
 * both languages: lib/money.ts, shared with the plan and product prices).
 */
export function formatDinars(amount: number, lang: 'ar' | 'fr'): string {
  const number = formatAmount(amount, lang, 0);
  return lang === 'fr' ? `${number} DA` : `${number} دج`;
}
