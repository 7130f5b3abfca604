import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { CONDITION_RULE, type ConditionClass, type Crop } from '@filaha/shared';
import { territoryContract as contract, type TerritoryQuery, type TerritorySummary } from '@filaha/shared/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../../core/contract-route.ts';
import { ValidationError } from '../../../core/errors.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { pickLanguage } from '../../../i18n/language.ts';
import { orgCaller, readerOf } from '../api-keys/org-caller.ts';
import { createOrganisationsRepository } from '../organisations.repository.ts';
import { parcelsCsv, parcelsGeoPackage } from './export.ts';
import {
  CURVE_MIN_PARCELS,
  createTerritoryRepository,
  type SummaryRow,
  type TerritoryFilters,
} from './territory.repository.ts';

/** `/organisations/:id/export.*` (issue 30 §2): its members only; anyone else gets 404, as for the organisation. */
const territoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const organisations = createOrganisationsRepository(app.database.db);
  const territory = createTerritoryRepository(app.database.db);
  /** Its members, or its keys with `parcels:read` (issue 30 §4); anyone else 404. */
  const follower = async (request: FastifyRequest, id: number) => {
    const caller = await orgCaller(request, organisations, id, 'parcels:read');
    // A member's check read the organisation already; a key's did not (its name is only for the file's name).
    const name = caller.kind === 'member' ? caller.organisationName : (await organisations.get(0, id))!.name;
    return { caller, org: { id, name } };
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

/** The query's filters as the repository takes them. */
const filtersOf = (q: TerritoryQuery): TerritoryFilters => ({
  ...(q.crop ? { crop: q.crop } : {}),
  ...(q.condition ? { condition: q.condition } : {}),
  ...(q.irrigated ? { irrigated: q.irrigated === 'true' } : {}),
  ...(q.wilaya !== undefined ? { wilaya: q.wilaya } : {}),
});

const ha = (m2: number) => Math.round(Number(m2) / 100) / 100;

/** The rows' parcels and area summed per key (crop × class, wilaya × class), in the rows' order. */
function grouped<K extends Record<string, unknown>>(rows: SummaryRow[], keyOf: (r: SummaryRow) => K) {
  const out = new Map<string, K & { parcels: number; area: number }>();
  for (const r of rows) {
    const key = keyOf(r);
    const id = JSON.stringify(key);
    const c = out.get(id) ?? { ...key, parcels: 0, area: 0 };
    out.set(id, { ...c, parcels: c.parcels + r.parcels, area: c.area + Number(r.area_m2) });
  }
  return [...out.values()].map(({ area, ...c }) => ({ ...c, areaHa: ha(area) }));
}

/** `/organisations/:id/territory` and its tiles (issue 30 §3): its members, or its keys with `parcels:read`. */
const territoryViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const organisations = createOrganisationsRepository(app.database.db);
  const territory = createTerritoryRepository(app.database.db);
  const pglite = app.database.kind === 'pglite';

  /**
   * The rows a read serves (territory.current): when a new refresh is due and the read did not make it, a
   * `territory-refresh` job is queued (one per organisation at a time: its singleton key); the read does not wait.
   */
  async function servedRun(request: FastifyRequest, organisationId: number): Promise<Date> {
    const { computedAt, due } = await territory.current(organisationId);
    if (due)
      await app.jobs
        .boss()
        .then((boss) =>
          boss.send(QUEUES.territoryRefresh, { organisationId }, { singletonKey: `territory:${organisationId}` }),
        )
        .catch((error: unknown) => request.log.warn({ err: error, organisationId }, 'territory refresh not queued'));
    return computedAt;
  }

  app.route({
    ...fromContract(contract.summary),
    onRequest: app.authenticateOrKey,
    handler: async (request) => {
      const caller = await orgCaller(request, organisations, request.params.id, 'parcels:read');
      const computedAt = await servedRun(request, request.params.id);
      const filters = filtersOf(request.query);
      const { rows, extent, farmers } = await territory.summary(request.params.id, filters);
      const visits = await territory.visits(request.params.id, filters, 100);
      // The view shows these farmers' parcels (counted, mapped, listed): one read each, as the list records it.
      await territory.recordReads(request.params.id, readerOf(caller), farmers);
      const byClass = new Map<string | null, { parcels: number; area: number }>();
      for (const r of rows) {
        const c = byClass.get(r.class) ?? { parcels: 0, area: 0 };
        byClass.set(r.class, { parcels: c.parcels + r.parcels, area: c.area + Number(r.area_m2) });
      }
      const summary: TerritorySummary = {
        rule: {
          index: CONDITION_RULE.index,
          windowDays: CONDITION_RULE.windowDays,
          minHistory: CONDITION_RULE.minHistory,
          minPeers: CONDITION_RULE.minPeers,
          wellBelow: CONDITION_RULE.wellBelow,
          below: CONDITION_RULE.below,
          above: CONDITION_RULE.above,
        },
        computedAt: computedAt.toISOString(),
        total: {
          parcels: rows.reduce((n, r) => n + r.parcels, 0),
          areaHa: ha(rows.reduce((n, r) => n + Number(r.area_m2), 0)),
        },
        classes: [...byClass].map(([klass, c]) => ({
          class: klass as ConditionClass | null,
          parcels: c.parcels,
          areaHa: ha(c.area),
        })),
        crops: grouped(rows, (r) => ({ crop: r.crop as Crop | null, class: r.class as ConditionClass | null })),
        wilayas: grouped(rows, (r) => ({ wilaya: r.wilaya_id, class: r.class as ConditionClass | null })),
        wilayaSource: await territory.wilayaSource(),
        visits: visits.map((v) => ({
          id: v.parcel_id,
          name: v.name,
          areaHa: ha(v.area_m2),
          crop: v.crop as Crop | null,
          z: Math.round(Number(v.z) * 100) / 100,
          pointDate: v.point_date === null ? null : new Date(v.point_date).toISOString().slice(0, 10),
          median: v.median === null ? null : Number(v.median),
          farmer: v.farmer_id === null ? null : { id: v.farmer_id, userName: v.farmer_name ?? '' },
        })),
        extent:
          extent && extent.xmin !== null
            ? [Number(extent.xmin), Number(extent.ymin), Number(extent.xmax), Number(extent.ymax)]
            : null,
      };
      return summary;
    },
  });

  app.route({
    ...fromContract(contract.curve),
    onRequest: app.authenticateOrKey,
    handler: async (request) => {
      const caller = await orgCaller(request, organisations, request.params.id, 'points:read');
      const computedAt = await servedRun(request, request.params.id);
      const { season, rows, farmers } = await territory.cachedCurve(
        request.params.id,
        request.query.crop,
        computedAt,
        CURVE_MIN_PARCELS,
      );
      await territory.recordReads(request.params.id, readerOf(caller), farmers);
      const point = ({ season: _, ...r }: (typeof rows)[number]) => r;
      return {
        index: CONDITION_RULE.index,
        crop: request.query.crop,
        season,
        current: rows.filter((r) => r.season === season).map(point),
        previous: rows.filter((r) => r.season !== season).map(point),
        minParcels: CURVE_MIN_PARCELS,
      };
    },
  });

  // Binary, not JSON: registered without the contract's response schema (as the CSV exports).
  const tile = fromContract(contract.tile);
  const { response: _tileBytes, ...tileSchema } = tile.schema;
  app.route({
    ...tile,
    schema: { ...tileSchema, produces: ['application/vnd.mapbox-vector-tile'] },
    onRequest: app.authenticateOrKey,
    handler: async (request, reply) => {
      await orgCaller(request, organisations, request.params.id, 'parcels:read');
      const { z, x, y } = request.params;
      if (x >= 2 ** z || y >= 2 ** z) throw ValidationError.field('x', 'validation.invalid');
      await servedRun(request, request.params.id);
      const found = await territory.tile(request.params.id, filtersOf(request.query), z, x, y, !pglite);
      const bytes =
        'mvt' in found
          ? found.mvt
          : encodeTile(
              found.geojson.map((f) => ({
                type: 'Feature' as const,
                id: f.properties.id as number,
                geometry: JSON.parse(f.geometry) as GeoJSON.Polygon,
                properties: f.properties,
              })),
              z,
              x,
              y,
            );
      return reply
        .header('content-type', 'application/vnd.mapbox-vector-tile')
        .header('cache-control', 'private, max-age=60')
        .send(Buffer.from(bytes));
    },
  });
};

/**
 * The embedded database's tiles: its PostGIS is built without protobuf (no ST_AsMVT), so the tile's parcels are cut
 * and encoded here with MapLibre's own geojson-vt and vt-pbf — the same layer, properties and 4096 extent.
 */
function encodeTile(features: GeoJSON.Feature[], z: number, x: number, y: number): Uint8Array {
  const tile = geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y, { extent: 4096, buffer: 64 });
  return fromGeojsonVt({ parcels: tile }, { version: 2, extent: 4096 });
}

const territory: FastifyPluginAsync = async (app) => {
  await app.register(territoryRoutes);
  await app.register(territoryViewRoutes);
};

/** What an organisation sees of the parcels it follows (issue 30 §2–§3): the exports so far. */
export const territoryModule = fp(territory, {
  name: 'territory',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
