import { z } from 'zod';
import { ParcelInput } from '../parcel-input.ts';
import { route } from './contract.ts';
import { MessageAnswer, withExample } from './common.ts';

/** SPEC §3 "Parcel from server": bWS/bWN = min/max longitude, bES/bEN = min/max latitude; geom is GeoJSON. */
export const GeoJsonPolygon = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});

export const Parcel = z.object({
  id: z.number().int(),
  parcelleId: z.number().int(),
  identifiantU: z.string(),
  userId: z.number().int(),
  bWS: z.number(),
  bWN: z.number(),
  bES: z.number(),
  bEN: z.number(),
  geom: GeoJsonPolygon,
  culture: z.string().nullable(),
  /** Hectares on the spheroid (PostGIS geography), 4 decimals. */
  areaHa: z.number(),
  createdAt: z.string(),
});
export type Parcel = z.infer<typeof Parcel>;

export const ParcelIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ParcelListQuery = z.object({ userId: z.coerce.number().int().positive().optional() });
export const MessageWithParcel = z.object({ message: z.string(), parcelle: Parcel });

const parcelRoute = { tags: ['parcels'], auth: true } as const;

/** Parcels (SPEC "Parcelle"). Farmers own theirs; Admin and Manager read all; Admin writes for anyone. */
export const parcelsContract = {
  list: route({
    ...parcelRoute,
    method: 'GET',
    path: '/parcelle',
    query: ParcelListQuery,
    responses: { 200: z.array(Parcel) },
    errors: ['FORBIDDEN'],
  }),
  get: route({
    ...parcelRoute,
    method: 'GET',
    path: '/parcelle/:id',
    params: ParcelIdParams,
    responses: { 200: Parcel },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  create: route({
    ...parcelRoute,
    method: 'POST',
    path: '/parcelle',
    body: withExample(ParcelInput, {
      identifiantU: 'Parcelle nord',
      culture: 'Blé dur',
      geom: {
        type: 'Polygon',
        coordinates: [
          [
            [3.05, 36.7],
            [3.06, 36.7],
            [3.06, 36.71],
            [3.05, 36.71],
            [3.05, 36.7],
          ],
        ],
      },
    }),
    responses: { 201: MessageWithParcel },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_GEOMETRY', 'CONFLICT'],
  }),
  remove: route({
    ...parcelRoute,
    method: 'DELETE',
    path: '/parcelle/:id',
    params: ParcelIdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'IN_USE'],
  }),
};
