import { resolve } from 'node:path';
import { DEMO_CATALOG_PATH } from '@filaha/imagery';
import { ServicePricesInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedCtxOf } from '../../context.ts';
import type { SettingsRepository, StoredServicePrices } from './settings.repository.ts';

const Prices = z.object({ soil: z.number().int().nullable(), other: z.number().int().nullable() });
type Prices = z.infer<typeof Prices>;

export const PublicSettings = z.object({
  /** CONTACT_PHONE / CONTACT_EMAIL / CONTACT_ADDRESS; null when the deployment has not set them (nothing shown). */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable(), address: z.string().nullable() }),
  /**
   * Starting prices of the field services in DA; null → on quotation. Set in the back office
   * (PUT /api/settings/service-prices), else the deployment's SERVICE_PRICE_SOIL / SERVICE_PRICE_OTHER.
   */
  servicePrices: Prices,
  /** True when index maps come from the bundled synthetic demo catalog only (no STAC_API_URL). */
  demoImagery: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** The back office's view of the service prices: what applies, and where it comes from. */
export const ServicePricesAnswer = z.object({
  /** The prices visitors see (back office values, else the deployment's). */
  prices: Prices,
  /** The deployment's SERVICE_PRICE_* (the initial values, applied again after a reset). */
  defaults: Prices,
  /** Whether the back office has set the prices (false: the deployment's apply). */
  setInBackOffice: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ServicePricesAnswer = z.infer<typeof ServicePricesAnswer>;

/** Index maps are synthetic when the only catalog searched is the bundled demo catalog. */
export function usesDemoImagery(config: Pick<Config, 'stacApiUrl' | 'stacCatalogPath'>): boolean {
  if (config.stacApiUrl) return false;
  return config.stacCatalogPath === undefined || resolve(config.stacCatalogPath) === resolve(DEMO_CATALOG_PATH);
}

function defaultPrices(config: Pick<Config, 'servicePrices'>): Prices {
  return { soil: config.servicePrices.soil ?? null, other: config.servicePrices.other ?? null };
}

/** Back office values where set (a null there is "on quotation", on purpose), else the deployment's. */
function effectivePrices(config: Pick<Config, 'servicePrices'>, stored: StoredServicePrices['prices']): Prices {
  const defaults = defaultPrices(config);
  return {
    soil: stored.soil !== undefined ? stored.soil : defaults.soil,
    other: stored.other !== undefined ? stored.other : defaults.other,
  };
}

export function publicSettingsOf(
  config: Pick<Config, 'contact' | 'servicePrices' | 'stacApiUrl' | 'stacCatalogPath'>,
  stored: StoredServicePrices['prices'] = {},
): PublicSettings {
  return {
    contact: {
      phone: config.contact.phone ?? null,
      email: config.contact.email ?? null,
      address: config.contact.address ?? null,
    },
    servicePrices: effectivePrices(config, stored),
    demoImagery: usesDemoImagery(config),
  };
}

/**
 * GET /api/settings/public: what any visitor may know about this deployment (contact details, service prices,
 * demo imagery). GET / PUT / DELETE /api/settings/service-prices: the service prices in the back office (Admin).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ config: Config; settings: SettingsRepository }> = async (
  app,
  { config, settings },
) => {
  const admin = { onRequest: app.requireRole('Admin') };
  const secured = { tags: ['settings'], security: [{ bearer: [] }] };

  const pricesAnswer = async (): Promise<ServicePricesAnswer> => {
    const stored = await settings.servicePrices();
    return {
      prices: effectivePrices(config, stored.prices),
      defaults: defaultPrices(config),
      setInBackOffice: Object.keys(stored.prices).length > 0,
      updatedAt: stored.updatedAt?.toISOString() ?? null,
    };
  };

  app.get(
    '/settings/public',
    { schema: { tags: ['settings'], response: { 200: PublicSettings } } },
    async (_request, reply) => {
      // The prices may change in the back office: every page load asks again (one small read), a revalidating
      // cache rather than a fixed age, so a changed price is seen on the next visit.
      reply.header('cache-control', 'no-cache');
      return publicSettingsOf(config, (await settings.servicePrices()).prices);
    },
  );

  app.get(
    '/settings/service-prices',
    { ...admin, schema: { ...secured, response: { 200: ServicePricesAnswer } } },
    () => pricesAnswer(),
  );

  app.put(
    '/settings/service-prices',
    { ...admin, schema: { ...secured, body: ServicePricesInput, response: { 200: ServicePricesAnswer } } },
    async (request) => {
      await settings.setServicePrices(request.body, authedCtxOf(request).actor.id);
      return pricesAnswer();
    },
  );

  app.delete(
    '/settings/service-prices',
    { ...admin, schema: { ...secured, response: { 200: ServicePricesAnswer } } },
    async () => {
      await settings.clearServicePrices();
      return pricesAnswer();
    },
  );
};
