import { z } from 'zod';
import { CONDITION_CLASSES, CONDITION_RULE, CROPS } from '../organisations.ts';
import { route } from './contract.ts';
import { RouteId } from './organisations.ts';

const id = RouteId;

const tags = ['organisations'];

/**
 * What the territory view shows: all the followed parcels, or those of a crop, a class, irrigated or not, in a
 * wilaya (its official code; `0`: outside every outline).
 */
export const TerritoryQuery = z.object({
  crop: z.enum(CROPS).optional(),
  condition: z.enum([...CONDITION_CLASSES, 'none']).optional(),
  irrigated: z.enum(['true', 'false']).optional(),
  wilaya: z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(58).optional(),
});
export type TerritoryQuery = z.infer<typeof TerritoryQuery>;

const Count = z.object({ parcels: z.number().int(), areaHa: z.number() });

export const TerritorySummary = z.object({
  /** The rule the classes follow (CONDITION_RULE), for the legend. */
  rule: z.object({
    index: z.literal(CONDITION_RULE.index),
    windowDays: z.number(),
    minHistory: z.number(),
    minPeers: z.number(),
    wellBelow: z.number(),
    below: z.number(),
    above: z.number(),
  }),
  /** When the conditions were computed (they are kept a few minutes; consent is applied at every read). */
  computedAt: z.string(),
  total: Count,
  /** Per class (null: no reference yet). */
  classes: z.array(Count.extend({ class: z.enum(CONDITION_CLASSES).nullable() })),
  /** Per crop and class. */
  crops: z.array(Count.extend({ crop: z.enum(CROPS).nullable(), class: z.enum(CONDITION_CLASSES).nullable() })),
  /** Per wilaya (its official code; null: outside every outline) and class. */
  wilayas: z.array(Count.extend({ wilaya: z.number().int().nullable(), class: z.enum(CONDITION_CLASSES).nullable() })),
  /** Where the wilayas' outlines come from (e.g. "Natural Earth"); null when none is loaded. */
  wilayaSource: z.string().nullable(),
  /** The parcels to visit: well below normal, the largest first (at most 100). */
  visits: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      areaHa: z.number(),
      crop: z.enum(CROPS).nullable(),
      z: z.number(),
      pointDate: z.string().nullable(),
      median: z.number().nullable(),
      farmer: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
    }),
  ),
  /** [west, south, east, north] of the parcels shown; null when there are none. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type TerritorySummary = z.infer<typeof TerritorySummary>;

/** One acquisition day of a crop's territory curve: the median of the parcels' NDVI medians, and their quartiles. */
const CurvePoint = z.object({
  date: z.string(),
  parcels: z.number().int(),
  median: z.number(),
  p25: z.number(),
  p75: z.number(),
});

export const TerritoryCurve = z.object({
  index: z.literal(CONDITION_RULE.index),
  crop: z.enum(CROPS),
  /** The season shown (the year it starts, 1 September), that of the latest point; null before any point. */
  season: z.number().int().nullable(),
  /** Days with at least `minParcels` parcels of the crop that season, oldest first. */
  current: z.array(CurvePoint),
  /** The same for the season before (its parcels of that crop then). */
  previous: z.array(CurvePoint),
  minParcels: z.number().int(),
});
export type TerritoryCurve = z.infer<typeof TerritoryCurve>;

const tileCoord = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .min(0)
  .max(2 ** 22);

/**
 * Issue 30 §2–§3: what an organisation's members see of the parcels it follows (granted to it, or its own). The
 * exports are files, not JSON: each is registered without a response schema (`z.string()` only says "a body").
 * Every read of a farmer's parcel is recorded for the farmer.
 */
export const territoryContract = {
  summary: route({
    method: 'GET',
    path: '/organisations/:id/territory',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description:
      "The territory view's figures: the followed parcels and their area per condition class and crop, and the parcels to visit.",
    params: z.object({ id }),
    query: TerritoryQuery,
    responses: { 200: TerritorySummary },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
  curve: route({
    method: 'GET',
    path: '/organisations/:id/territory/curve',
    tags,
    auth: true,
    apiKeyScope: 'points:read',
    description:
      "A crop's season curve over the followed parcels (median of their NDVI medians per acquisition day, p25–p75), against the season before.",
    params: z.object({ id }),
    query: z.object({ crop: z.enum(CROPS) }),
    responses: { 200: TerritoryCurve },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
  /** A Mapbox vector tile (`application/vnd.mapbox-vector-tile`), layer `parcels`; registered without a JSON schema. */
  tile: route({
    method: 'GET',
    path: '/organisations/:id/tiles/:z/:x/:y.mvt',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description:
      'The followed parcels of one web-mercator tile as a vector tile (layer `parcels`: id, name, class, crop, z, area_ha).',
    params: z.object({ id, z: tileCoord.max(22), x: tileCoord, y: tileCoord }),
    query: TerritoryQuery,
    responses: { 200: z.string() },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
  exportCsv: route({
    method: 'GET',
    path: '/organisations/:id/export.csv',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description:
      "The organisation's parcels as CSV (UTF-8, `;`): crop, latest NDVI point, condition and outline (WKT); its members.",
    params: z.object({ id }),
    query: z.object({ lang: z.enum(['ar', 'fr']).optional() }),
    responses: { 200: z.string() },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
  exportGpkg: route({
    method: 'GET',
    path: '/organisations/:id/export.gpkg',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description: "The organisation's parcels as a GeoPackage (WGS 84), with the CSV's facts; its members.",
    params: z.object({ id }),
    responses: { 200: z.string() },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
};
