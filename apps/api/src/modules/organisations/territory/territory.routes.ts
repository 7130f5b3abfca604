import { territoryContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../../core/contract-route.ts';
import { pickLanguage } from '../../../i18n/language.ts';
import { orgCaller, readerOf } from '../api-keys/org-caller.ts';
import { createOrganisationsRepository } from '../organisations.repository.ts';
import { parcelsCsv, parcelsGeoPackage } from './export.ts';
import { createTerritoryRepository } from './territory.repository.ts';

/** `/organisations/:id/export.*` (issue 30 §2): its members only; anyone else gets 404, as for the organisation. */
const territoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const organisations = createOrganisationsRepository(app.database.db);
  const territory = createTerritoryRepository(app.database.db);
  /** Its members, or its keys with `parcels:read` (issue 30 §4); anyone else 404. */
  const follower = async (request: FastifyRequest, id: number) => {
    const caller = await orgCaller(request, organisations, id, 'parcels:read');
    const row = await organisations.get(caller.kind === 'member' ? caller.userId : 0, id);
    return { caller, org: row! };
  };
  const filename = (name: string, ext: string) =>
    `${
      name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\w]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase()
        .slice(0, 60) || 'organisation'
    }-parcels.${ext}`;

  // Files, not JSON: registered without the contract's response schema (as the stock export).
  const csv = fromContract(contract.exportCsv);
  const { response: _csvText, ...csvSchema } = csv.schema;
  app.route({
    ...csv,
    schema: { ...csvSchema, produces: ['text/csv'] },
    onRequest: app.authenticateOrKey,
    handler: async (request, reply) => {
      const { caller, org } = await follower(request, request.params.id);
      const lang = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      const rows = await territory.parcels(org.id, readerOf(caller), 'wkt');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename(org.name, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(parcelsCsv(rows, lang));
    },
  });
  const gpkg = fromContract(contract.exportGpkg);
  const { response: _gpkgBytes, ...gpkgSchema } = gpkg.schema;
  app.route({
    ...gpkg,
    schema: { ...gpkgSchema, produces: ['application/geopackage+sqlite3'] },
    onRequest: app.authenticateOrKey,
    handler: async (request, reply) => {
      const { caller, org } = await follower(request, request.params.id);
      const rows = await territory.parcels(org.id, readerOf(caller), 'wkb');
      return reply
        .header('content-type', 'application/geopackage+sqlite3')
        .header('content-disposition', `attachment; filename="${filename(org.name, 'gpkg')}"`)
        .header('cache-control', 'no-store')
        .send(await parcelsGeoPackage(rows));
    },
  });
};

const territory: FastifyPluginAsync = async (app) => {
  await app.register(territoryRoutes);
};

/** What an organisation sees of the parcels it follows (issue 30 §2–§3): the exports so far. */
export const territoryModule = fp(territory, {
  name: 'territory',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
