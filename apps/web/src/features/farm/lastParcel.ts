import type { Parcel } from './farmApi.ts';

/** localStorage key of the parcel a farmer last chose on the farm map (one per user: a phone may be shared). */
export const lastParcelKey = (userId: number) => `filaha:farm:lastParcel:${userId}`;

/** The parcel this user last chose on the farm map, as kept on this device (null when none or unreadable). */
export function rememberedParcel(userId: number): number | null {
  try {
    const kept = localStorage.getItem(lastParcelKey(userId));
    return kept && /^\d+$/.test(kept) ? Number(kept) : null;
  } catch {
    return null;
  }
}

/** Keeps the parcel chosen on the farm map, so the next visit opens on it. */
export function rememberParcel(userId: number, parcelId: number): void {
  try {
    localStorage.setItem(lastParcelKey(userId), String(parcelId));
  } catch {
    // Storage unavailable (private mode): the next visit opens on the first parcel.
  }
}

/**
 * The parcel the farm map opens on when the link names none (issue 27 §2): the one this user last chose, while it
 * is still theirs, else the only one, else the first. null without parcels.
 */
export function defaultParcelId(parcels: readonly Pick<Parcel, 'id'>[], userId: number): number | null {
  const kept = rememberedParcel(userId);
  if (kept !== null && parcels.some((p) => p.id === kept)) return kept;
  return parcels[0]?.id ?? null;
}
