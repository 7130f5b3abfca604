import { z } from 'zod';

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
export const MessageAnswer = z.object({ message: z.string() });
