import { resolve } from 'node:path';
import { DEMO_CATALOG_PATH } from '@filaha/imagery';
import {
  settingsContract as contract,
  type PublicSettings,
  type ServicePriceValues,
  type ServicePricesAnswer,
} from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { authedCtxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { SettingsRepository, StoredServicePrices } from './settings.repository.ts';

type Prices = ServicePriceValues;

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
  const admin = app.requireRole('Admin');

  const pricesAnswer = async (): Promise<ServicePricesAnswer> => {
    const stored = await settings.servicePrices();
    return {
      prices: effectivePrices(config, stored.prices),
      defaults: defaultPrices(config),
      setInBackOffice: Object.keys(stored.prices).length > 0,
      updatedAt: stored.updatedAt?.toISOString() ?? null,
    };
  };

  app.route({
    ...fromContract(contract.public),
    handler: async (_request, reply) => {
      // The prices may change in the back office: every page load asks again (one small read), a revalidating
      // cache rather than a fixed age, so a changed price is seen on the next visit.
      reply.header('cache-control', 'no-cache');
      return publicSettingsOf(config, (await settings.servicePrices()).prices);
    },
  });

  app.route({
    ...fromContract(contract.servicePrices),
    onRequest: admin,
    handler: () => pricesAnswer(),
  });

  app.route({
    ...fromContract(contract.setServicePrices),
    onRequest: admin,
    handler: async (request) => {
      await settings.setServicePrices(request.body, authedCtxOf(request).actor.id);
      return pricesAnswer();
    },
  });

  app.route({
    ...fromContract(contract.resetServicePrices),
    onRequest: admin,
    handler: async () => {
      await settings.clearServicePrices();
      return pricesAnswer();
    },
  });
};
