import { z } from 'zod';
import { ServicePricesInput } from '../admin.ts';
import { route } from './contract.ts';

/** Starting prices of the field services in DA; null → on quotation. */
export const ServicePriceValues = z.object({ soil: z.number().int().nullable(), other: z.number().int().nullable() });
export type ServicePriceValues = z.infer<typeof ServicePriceValues>;

export const PublicSettings = z.object({
  /** CONTACT_PHONE / CONTACT_EMAIL / CONTACT_ADDRESS; null when the deployment has not set them (nothing shown). */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable(), address: z.string().nullable() }),
  /**
   * Starting prices of the field services in DA; null → on quotation. Set in the back office
   * (PUT /api/settings/service-prices), else the deployment's SERVICE_PRICE_SOIL / SERVICE_PRICE_OTHER.
   */
  servicePrices: ServicePriceValues,
  /** True when index maps come from the bundled synthetic demo catalog only (no STAC_API_URL). */
  demoImagery: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** The back office's view of the service prices: what applies, and where it comes from. */
export const ServicePricesAnswer = z.object({
  /** The prices visitors see (back office values, else the deployment's). */
  prices: ServicePriceValues,
  /** The deployment's SERVICE_PRICE_* (the initial values, applied again after a reset). */
  defaults: ServicePriceValues,
  /** Whether the back office has set the prices (false: the deployment's apply). */
  setInBackOffice: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ServicePricesAnswer = z.infer<typeof ServicePricesAnswer>;

const pricesRoute = { tags: ['settings'], auth: true, responses: { 200: ServicePricesAnswer } } as const;

/**
 * GET /api/settings/public: what any visitor may know about this deployment (contact details, service prices,
 * demo imagery). GET / PUT / DELETE /api/settings/service-prices: the service prices in the back office (Admin).
 */
export const settingsContract = {
  public: route({
    method: 'GET',
    path: '/settings/public',
    tags: ['settings'],
    auth: false,
    responses: { 200: PublicSettings },
    errors: [],
  }),
  servicePrices: route({
    ...pricesRoute,
    method: 'GET',
    path: '/settings/service-prices',
    errors: ['FORBIDDEN'],
  }),
  setServicePrices: route({
    ...pricesRoute,
    method: 'PUT',
    path: '/settings/service-prices',
    body: ServicePricesInput,
    errors: ['FORBIDDEN'],
  }),
  resetServicePrices: route({
    ...pricesRoute,
    method: 'DELETE',
    path: '/settings/service-prices',
    errors: ['FORBIDDEN'],
  }),
};
