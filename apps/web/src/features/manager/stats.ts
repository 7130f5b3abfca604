import type { Publication } from '@filaha/shared/contracts';
import { ROLE_NAMES, type RoleName } from '@filaha/shared';
import { parseRole } from '../../lib/roles.ts';
import type { FarmerSubscription, SellerSubscription, Usage, UserRow } from '../admin/types.ts';

/** GET /api/publications/all item, only what the dashboard counts (packages/shared/src/contracts/marketplace.ts). */
export type PublicationLite = Pick<Publication, 'id'> & { seller?: Pick<Publication['seller'], 'sellerRole'> | null };

export interface Count<K> {
  key: K;
  count: number;
}

/** Every role, zeros included, in the platform's order. */
export function usersByRole(users: readonly UserRow[]): Array<Count<RoleName>> {
  const counts = new Map<RoleName, number>(ROLE_NAMES.map((r) => [r, 0]));
  for (const u of users) {
    const role = parseRole(u.roleName);
    if (role) counts.set(role, (counts.get(role) ?? 0) + 1);
  }
  return ROLE_NAMES.map((key) => ({ key, count: counts.get(key) ?? 0 }));
}

/** Wilayas with at least one user, most users first (ties by wilaya number). */
export function usersByWilaya(users: readonly UserRow[]): Array<Count<number>> {
  const counts = new Map<number, number>();
  for (const u of users) {
    if (typeof u.wilaya === 'number') counts.set(u.wilaya, (counts.get(u.wilaya) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key - b.key);
}

export interface SubscriptionFigures {
  /** 'désactivé' and never activated: waiting for staff. */
  pending: number;
  active: number;
  /** Deactivated after having been active. */
  suspended: number;
}

export function farmerSubscriptionFigures(list: readonly FarmerSubscription[]): SubscriptionFigures {
  const figures = { pending: 0, active: 0, suspended: 0 };
  for (const s of list) {
    if (s.etat === 'actif') figures.active++;
    else if (s.date_activation === null) figures.pending++;
    else figures.suspended++;
  }
  return figures;
}

/** Seller subscriptions start 'actif' (SPEC §4): the active ones, and the others (deactivated or ended). */
export function sellerSubscriptionFigures(list: readonly SellerSubscription[]): { active: number; inactive: number } {
  const active = list.filter((s) => s.isActive).length;
  return { active, inactive: list.length - active };
}

/** Farmer subscriptions awaiting their first activation, oldest first (first come, first served). */
export function pendingActivations(list: readonly FarmerSubscription[]): FarmerSubscription[] {
  return list
    .filter((s) => s.etat !== 'actif' && s.date_activation === null)
    .sort((a, b) => a.date_abonnement.localeCompare(b.date_abonnement) || a.id - b.id);
}

export interface IndexUsage {
  code: string;
  name: string;
  used: number;
  total: number;
}

/** Sums the quota rows of every subscription per index. */
export function requestsPerIndex(usages: ReadonlyArray<readonly Usage[]>): IndexUsage[] {
  const byCode = new Map<string, IndexUsage>();
  for (const rows of usages) {
    for (const u of rows) {
      const entry = byCode.get(u.code) ?? { code: u.code, name: u.indiceName, used: 0, total: 0 };
      entry.used += u.nbreq_used;
      entry.total += u.nbreq_total;
      byCode.set(u.code, entry);
    }
  }
  return [...byCode.values()].sort((a, b) => b.used - a.used || a.code.localeCompare(b.code));
}

export interface CategoryCount {
  /** Seller role id, or 0 for publications whose seller has no role. */
  id: number;
  fr: string;
  ar: string;
  count: number;
}

/** Publications per seller category (the seller's role: Agriculteur, Fournisseur…). */
export function publicationsPerCategory(list: readonly PublicationLite[]): CategoryCount[] {
  const byId = new Map<number, CategoryCount>();
  for (const p of list) {
    const role = p.seller?.sellerRole ?? null;
    const id = role?.id ?? 0;
    const entry = byId.get(id) ?? { id, fr: role?.roleName ?? '', ar: role?.roleNameAr ?? '', count: 0 };
    entry.count++;
    byId.set(id, entry);
  }
  return [...byId.values()].sort((a, b) => b.count - a.count || a.id - b.id);
}
