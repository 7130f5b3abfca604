import { z } from 'zod';
import { Parcel } from '@filaha/shared/contracts';

/** SPEC §3 "Legende", "Indice (admin)", "Indices config", "AbonnementIndice", with the SPEC's field names. */
export const Legend = z.object({
  id: z.number().int(),
  legendeId: z.number().int(),
  intervalDeb: z.number(),
  intervalFin: z.number(),
  color: z.string(),
  /** In the caller's language (Accept-Language); both languages follow. */
  descriptionLeg: z.string(),
  descriptionLegFr: z.string(),
  descriptionLegAr: z.string(),
  indiceId: z.number().int(),
  position: z.number().int(),
});
export type Legend = z.infer<typeof Legend>;

export const Recommendation = z.object({
  range: z.object({ ar: z.string(), fr: z.string() }),
  ar: z.string(),
  fr: z.string(),
});

export const Index = z.object({
  id: z.number().int(),
  indiceName: z.string(),
  code: z.string(),
  recomndation: z.array(Recommendation),
  /** JSON text {"ar": …, "fr": …} (SPEC). */
  description: z.string(),
  legende: z.array(Legend),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Index = z.infer<typeof Index>;

export const IndexConfig = z.object({
  indiceId: z.number().int(),
  indiceName: z.string(),
  code: z.string(),
  description: z.string(),
  recomndation: z.array(Recommendation),
  legende: z.array(Legend),
  parcelles: z.array(Parcel),
  /** The subscription's quota for this index (null before its usage rows exist). */
  nbreq_total: z.number().int().nullable(),
  nbreq_restante: z.number().int().nullable(),
  abonnementUserId: z.number().int(),
});
export type IndexConfig = z.infer<typeof IndexConfig>;

export const Assignment = z.object({
  AbonnementId: z.number().int(),
  IndiceId: z.number().int(),
  nombre_de_requete: z.number().int(),
  nameAbonnement: z.string(),
  indiceName: z.string(),
});
export type Assignment = z.infer<typeof Assignment>;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export const UserIdParams = z.object({ userId: z.coerce.number().int().positive() });
export const AssignmentParams = z.object({
  abonnementId: z.coerce.number().int().positive(),
  indiceId: z.coerce.number().int().positive(),
});
export const LegendListQuery = z.object({ indiceId: z.coerce.number().int().positive().optional() });
export const MessageAnswer = z.object({ message: z.string() });
