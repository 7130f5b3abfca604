import { z } from 'zod';
import {
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_REFUSALS,
  type ImportField,
  type ImportFormat,
  type ImportRefusal,
} from '../organisations.ts';
import { route } from './contract.ts';
import { RouteId } from './organisations.ts';

const id = RouteId;

export { IMPORT_FIELDS, IMPORT_FORMATS, IMPORT_REFUSALS, type ImportField, type ImportFormat, type ImportRefusal };

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * Why a whole file was refused (the import's `error`); `not_stored`: the server could not store the import — its
 * job failed every retry (a full or read-only disk) or could not be queued — and nothing of it was kept.
 */
export const IMPORT_FILE_ERRORS = [
  'unreadable',
  'empty',
  'unknown_format',
  'unknown_crs',
  'too_many_features',
  'too_large_unzipped',
  'not_stored',
] as const;
export type ImportFileErrorCode = (typeof IMPORT_FILE_ERRORS)[number];

/** Bytes of one import file: 50,000 parcels as GeoJSON are about 25 MB. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export const ImportRefusalEntry = z.object({
  /** The feature's number in the file, from 1 (a CSV's data row, a Shapefile's record…). */
  feature: z.number().int(),
  reason: z.enum(IMPORT_REFUSALS),
  /** What PostGIS or the reader said (the self-intersection's place, the area, the earlier feature's number…). */
  detail: z.string().nullable(),
});
export type ImportRefusalEntry = z.infer<typeof ImportRefusalEntry>;

export const ParcelImport = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  /** Features read from the file (null until it is read). */
  total: z.number().int().nullable(),
  accepted: z.number().int(),
  /** Accepted after PostGIS repaired their outline (a spike, a repeated point). */
  repaired: z.number().int(),
  refused: z.array(ImportRefusalEntry),
  error: z.enum(IMPORT_FILE_ERRORS).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ParcelImport = z.infer<typeof ParcelImport>;

/** The import's list entry: its counts without the refusals. */
export const ParcelImportSummary = ParcelImport.omit({ refused: true }).extend({ refusedCount: z.number().int() });
export type ParcelImportSummary = z.infer<typeof ParcelImportSummary>;

const tags = ['organisations'];

/**
 * Issue 30 §2: an organisation's parcels in bulk. The file is sent as `multipart/form-data` (`file`, and optionally
 * `mapping`: a JSON object naming the column of each of IMPORT_FIELDS); the answer is 202 with the import, which a
 * job reads, checks and stores; `GET /imports/:id` gives its progress and report, `/imports/:id/report.csv` the
 * refusals as a spreadsheet. Its admins and agronomists import; every member reads the reports.
 */
export const importsContract = {
  create: route({
    method: 'POST',
    path: '/organisations/:id/parcels/import',
    tags,
    auth: true,
    apiKeyScope: 'parcels:write',
    consumes: ['multipart/form-data'],
    description:
      'Uploads a GeoJSON, KML, KMZ, zipped Shapefile, GeoPackage or CSV file of parcels; answered 202, checked by a job.',
    params: z.object({ id }),
    responses: { 202: ParcelImport },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  list: route({
    method: 'GET',
    path: '/organisations/:id/imports',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description: "The organisation's imports, newest first.",
    params: z.object({ id }),
    responses: { 200: z.array(ParcelImportSummary) },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  get: route({
    method: 'GET',
    path: '/imports/:id',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description: 'An import: its progress, counts and the refused features with their reason.',
    params: z.object({ id }),
    responses: { 200: ParcelImport },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  /** The refusals as CSV (`text/csv`, an attachment); registered without a JSON response schema. */
  reportCsv: route({
    method: 'GET',
    path: '/imports/:id/report.csv',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    params: z.object({ id }),
    query: z.object({ lang: z.enum(['ar', 'fr']).optional() }),
    responses: { 200: z.string() },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
