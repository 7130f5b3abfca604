import { useEffect, useState } from 'react';
import type { RouteData } from '@filaha/shared/contracts';
import { SETTINGS_ELEMENT_ID } from '@filaha/shared/document';
import { isRecord } from './record.ts';

/**
 * GET /api/settings/public: the deployment's contact details, the field services' starting prices in DA (each null
 * when not set: nothing shown, or "on quotation") and whether index maps come from the synthetic demo catalog.
 */
export type PublicSettings = RouteData<'GET /settings/public'>;

export const NO_SETTINGS: PublicSettings = {
  contact: { phone: null, email: null, address: null },
  servicePrices: { soil: null, other: null },
  demoImagery: false,
};

let kept: Promise<PublicSettings> | null = null;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const priceOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The settings the document came with (GET /api/settings/public's answer, put there by the server), read field by
 * field: this runs before the API client is loaded, so nothing checks the block against the contract, and a field
 * missing or of another type reads as unset. null for a document without them (the service worker's shell, tests).
 */
function fromDocument(): PublicSettings | null {
  let data: unknown;
  try {
    // No block (or no document): JSON.parse of nothing throws, as it does on an unreadable block.
    data = JSON.parse(document.getElementById(SETTINGS_ELEMENT_ID)!.textContent!);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  const contact = isRecord(data.contact) ? data.contact : {};
  const prices = isRecord(data.servicePrices) ? data.servicePrices : {};
  return {
    contact: {
      phone: textOrNull(contact.phone),
      email: textOrNull(contact.email),
      address: textOrNull(contact.address),
    },
    servicePrices: { soil: priceOrNull(prices.soil), other: priceOrNull(prices.other) },
    demoImagery: data.demoImagery === true,
  };
}

/**
 * Read from the document when it carries them (no request), else asked once per page load; a failed answer is not
 * kept (the next screen asks again) and shows nothing.
 */
export function loadPublicSettings(): Promise<PublicSettings> {
  if (!kept) {
    const carried = fromDocument();
    if (carried) return (kept = Promise.resolve(carried));
    // The API client is loaded only to ask: the home page's documents carry the answer, and its first paint does
    // not pay for the client (docs/PERFORMANCE.md, "Web").
    const asking = import('./client.ts')
      .then(({ request }) => request('GET /settings/public', {}, { token: null }))
      .then((r) => (r.ok && r.data && typeof r.data === 'object' ? { ...NO_SETTINGS, ...r.data } : null))
      .catch(() => null)
      .then((settings) => {
        if (!settings) kept = null;
        return settings ?? NO_SETTINGS;
      });
    kept = asking;
  }
  return kept;
}

/** Tests: forget the kept answer. */
export function forgetPublicSettings(): void {
  kept = null;
}

/** The settings once known; null while asking (render nothing for them, so a prerendered page hydrates the same). */
export function usePublicSettings(): PublicSettings | null {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    let live = true;
    void loadPublicSettings().then((s) => {
      if (live) setSettings(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return settings;
}

/** `tel:` form of a displayed phone number: the digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
