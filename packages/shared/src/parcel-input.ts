import { z } from 'zod';
import { nameText, noBidi } from './text.ts';

/**
 * Where a parcel may lie and how big it may be. The server checks both with PostGIS (area on the geography);
 * the form may use them for an early hint.
 */
export const ALGERIA_BBOX = { minLon: -8.7, maxLon: 12.0, minLat: 18.9, maxLat: 37.2 } as const;
export const PARCEL_AREA_HA = { min: 0.01, max: 10_000 } as const;

/** Locale keys of the new-parcel form; the first two carry the SPEC's texts (§5). */
export const PARCEL_MESSAGES = {
  requiredFields: 'validation.parcelRequiredFields', // 'Veuillez remplir tous les champs requis.'
  geometryRequired: 'validation.parcelGeometryRequired', // 'Veuillez définir une géométrie ou entrer …'
  polygonOnly: 'validation.parcelPolygonOnly',
  ringTooShort: 'validation.parcelRingTooShort',
  ringNotClosed: 'validation.parcelRingNotClosed',
  badPosition: 'validation.parcelBadPosition',
  badJson: 'validation.parcelBadJson',
  boundsOrder: 'validation.parcelBoundsOrder',
  areaTooSmall: 'validation.parcelAreaTooSmall',
  areaTooLarge: 'validation.parcelAreaTooLarge',
  outsideAlgeria: 'validation.parcelOutsideAlgeria',
  invalidGeometry: 'validation.parcelInvalidGeometry',
} as const;

export type Position = [number, number];
export interface PolygonInput {
  type: 'Polygon';
  coordinates: Position[][];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Polygon, a Feature of one, or a FeatureCollection (its first feature, as the file drop does). */
function unwrapPolygon(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if (value.type === 'FeatureCollection' && Array.isArray(value.features)) return unwrapPolygon(value.features[0]);
  if (value.type === 'Feature') return unwrapPolygon(value.geometry);
  return value;
}

function toPosition(raw: unknown): Position | undefined {
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 3) return undefined;
  const [lon, lat] = raw as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    return undefined;
  }
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return undefined;
  // An altitude would make PostGIS build a 3D shape the 2D column refuses: it is dropped.
  return [lon, lat];
}

/** Either the normalised polygon or the locale key saying what is wrong with the input. */
export type PolygonParse = { ok: true; polygon: PolygonInput } | { ok: false; message: string };

/**
 * Parses whatever the clients send as `geom` (GeoJSON object or a string of it; SPEC §3 "sometimes a string")
 * into a 2D Polygon with closed rings of at least four positions. Spatial rules (validity, area, Algeria)
 * are checked by the server with PostGIS.
 */
export function parsePolygon(value: unknown): PolygonParse {
  const fail = (message: string): PolygonParse => ({ ok: false, message });
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return fail(PARCEL_MESSAGES.badJson);
    }
  }
  const geometry = unwrapPolygon(parsed);
  if (!isRecord(geometry) || geometry.type !== 'Polygon' || !Array.isArray(geometry.coordinates)) {
    return fail(PARCEL_MESSAGES.polygonOnly);
  }
  const rings: Position[][] = [];
  for (const rawRing of geometry.coordinates as unknown[]) {
    if (!Array.isArray(rawRing)) return fail(PARCEL_MESSAGES.badPosition);
    const ring = rawRing.map(toPosition);
    if (ring.some((p) => p === undefined)) return fail(PARCEL_MESSAGES.badPosition);
    rings.push(ring as Position[]);
  }
  if (rings.length === 0 || rings.some((ring) => ring.length < 4)) return fail(PARCEL_MESSAGES.ringTooShort);
  for (const ring of rings) {
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) return fail(PARCEL_MESSAGES.ringNotClosed);
  }
  return { ok: true, polygon: { type: 'Polygon', coordinates: rings } };
}

/** The closed rectangle the four manual bounds describe (bWS/bWN = min/max longitude, bES/bEN = min/max latitude). */
export function rectangleFromBounds(b: { bWS: number; bWN: number; bES: number; bEN: number }): PolygonInput {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [b.bWS, b.bES],
        [b.bWN, b.bES],
        [b.bWN, b.bEN],
        [b.bWS, b.bEN],
        [b.bWS, b.bES],
      ],
    ],
  };
}

/** Number fields arrive as numbers (JSON) or strings (form inputs); empty means "not given". */
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: PARCEL_MESSAGES.badPosition }).finite(PARCEL_MESSAGES.badPosition).optional(),
);
const toId = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v;
const requiredId = z.preprocess(
  toId,
  z
    .number({ error: PARCEL_MESSAGES.requiredFields })
    .int(PARCEL_MESSAGES.requiredFields)
    .positive(PARCEL_MESSAGES.requiredFields),
);
const optionalId = z.preprocess(toId, requiredId.optional());

const parcelFields = {
  identifiantU: nameText(120, PARCEL_MESSAGES.requiredFields),
  /** Required from an admin; a farmer's own id (or nothing) from a farmer. */
  userId: optionalId,
  geom: z.unknown().optional(),
  bWS: optionalNumber,
  bWN: optionalNumber,
  bES: optionalNumber,
  bEN: optionalNumber,
  culture: noBidi(z.string().trim().max(60)).nullish(),
};

interface RawParcel {
  identifiantU: string;
  userId?: number | undefined;
  geom?: unknown;
  bWS?: number | undefined;
  bWN?: number | undefined;
  bES?: number | undefined;
  bEN?: number | undefined;
  culture?: string | null | undefined;
}

/** Geometry wins over the manual bounds; with neither, the SPEC's "define a geometry" message. */
function resolveGeometry(v: RawParcel, ctx: z.RefinementCtx) {
  const { geom, bWS, bWN, bES, bEN, ...rest } = v;
  let polygon: PolygonInput | undefined;
  if (geom !== undefined && geom !== null && geom !== '') {
    const result = parsePolygon(geom);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', path: ['geom'], message: result.message });
      return z.NEVER;
    }
    polygon = result.polygon;
  } else if (bWS !== undefined && bWN !== undefined && bES !== undefined && bEN !== undefined) {
    if (bWS >= bWN) ctx.addIssue({ code: 'custom', path: ['bWN'], message: PARCEL_MESSAGES.boundsOrder });
    if (bES >= bEN) ctx.addIssue({ code: 'custom', path: ['bEN'], message: PARCEL_MESSAGES.boundsOrder });
    if (bWS >= bWN || bES >= bEN) return z.NEVER;
    polygon = rectangleFromBounds({ bWS, bWN, bES, bEN });
  } else {
    ctx.addIssue({ code: 'custom', path: ['geom'], message: PARCEL_MESSAGES.geometryRequired });
    return z.NEVER;
  }
  return { ...rest, geom: polygon };
}

/**
 * POST /api/parcelle — {identifiantU, userId, geom (GeoJSON Polygon or its string) | bWS,bWN,bES,bEN, culture?}.
 * The output always has a normalised 2D `geom`; the bounds the server stores are computed from it.
 */
export const ParcelInput = z.object(parcelFields).transform(resolveGeometry);
export type ParcelInput = z.output<typeof ParcelInput>;

/** The admin's new-parcel form: the same rules, and the farmer to attach the parcel to is required. */
export const ParcelForm = z.object({ ...parcelFields, userId: requiredId }).transform(resolveGeometry);
export type ParcelForm = z.output<typeof ParcelForm>;
