import type { ParcelRecord } from './parcels.repository.ts';
import type { Parcel } from '@filaha/shared/contracts';

const M2_PER_HA = 10_000;

export function toParcel(p: ParcelRecord): Parcel {
  return {
    id: p.id,
    parcelleId: p.id,
    identifiantU: p.name,
    userId: p.userId,
    bWS: p.bWS,
    bWN: p.bWN,
    bES: p.bES,
    bEN: p.bEN,
    geom: p.geom,
    culture: p.crop,
    areaHa: Math.round((p.areaM2 / M2_PER_HA) * 10_000) / 10_000,
    createdAt: p.createdAt.toISOString(),
  };
}
