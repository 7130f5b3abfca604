import { resolve } from 'node:path';
import { DEMO_CATALOG_PATH } from '@filaha/imagery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';

export const PublicSettings = z.object({
  /** CONTACT_PHONE / CONTACT_EMAIL / CONTACT_ADDRESS; null when the deployment has not set them (nothing shown). */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable(), address: z.string().nullable() }),
  /** SERVICE_PRICE_SOIL / SERVICE_PRICE_OTHER: starting prices of the field services in DA; null → on quotation. */
  servicePrices: z.object({ soil: z.number().int().nullable(), other: z.number().int().nullable() }),
  /** True when index maps come from the bundled synthetic demo catalog only (no STAC_API_URL). */
  demoImagery: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** Index maps are synthetic when the only catalog searched is the bundled demo catalog. */
export function usesDemoImagery(config: Pick<Config, 'stacApiUrl' | 'stacCatalogPath'>): boolean {
  if (config.stacApiUrl) return false;
  return config.stacCatalogPath === undefined || resolve(config.stacCatalogPath) === resolve(DEMO_CATALOG_PATH);
}

export function publicSettingsOf(
  config: Pick<Config, 'contact' | 'servicePrices' | 'stacApiUrl' | 'stacCatalogPath'>,
): PublicSettings {
  return {
    contact: {
      phone: config.contact.phone ?? null,
      email: config.contact.email ?? null,
      address: config.contact.address ?? null,
    },
    servicePrices: { soil: config.servicePrices.soil ?? null, other: config.servicePrices.other ?? null },
    demoImagery: usesDemoImagery(config),
  };
}

/** GET /api/settings/public: what any visitor may know about this deployment (contact details, demo imagery). */
export const settingsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const answer = publicSettingsOf(config);
  app.get(
    '/settings/public',
    { schema: { tags: ['settings'], response: { 200: PublicSettings } } },
    async (_request, reply) => {
      // Read once at start-up; a short cache keeps the pages from asking on every view.
      reply.header('cache-control', 'public, max-age=300');
      return answer;
    },
  );
};
