import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogCoverage, type CatalogCoverage } from './coverage.ts';
import { createImagery, imageryOptionsFromConfig, type Imagery } from './imagery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The imagery engine of the interactive requests (the images, change and season modules): one catalog and one
     * COG tile cache per app, built from `app.config`. The background jobs build their own (jobs/plugin.ts).
     */
    imagery: Imagery;
    /** Where that engine's catalog has imagery, cached: OUTSIDE_COVERAGE answers and the admin parcel map. */
    catalogCoverage: CatalogCoverage;
  }
}

/**
 * Decorates `imagery` and `catalogCoverage`. Wrapped in fastify-plugin so the modules registered after it in the
 * same scope (/api) share the one engine and its tile cache.
 */
const plugin: FastifyPluginAsync = async (app) => {
  const imagery = createImagery({
    ...imageryOptionsFromConfig(app.config),
    warn: (message) => app.log.warn({ module: 'imagery' }, message),
  });
  app.decorate('imagery', imagery);
  app.decorate('catalogCoverage', createCatalogCoverage(imagery.catalog));
};

export const imageryPlugin = fp(plugin, { name: 'imagery', dependencies: ['platform'] });
