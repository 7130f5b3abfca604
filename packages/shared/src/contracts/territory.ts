import { z } from 'zod';
import { ID_MAX } from '../limits.ts';
import { route } from './contract.ts';

const id = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(ID_MAX, 'validation.invalid');

const tags = ['organisations'];

/**
 * Issue 30 §2–§3: what an organisation's members see of the parcels it follows (granted to it, or its own). The
 * exports are files, not JSON: each is registered without a response schema (`z.string()` only says "a body").
 * Every read of a farmer's parcel is recorded for the farmer.
 */
export const territoryContract = {
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
    errors: ['FORBIDDEN', 'NOT_FOUND'],
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
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
