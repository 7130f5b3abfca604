import { eq, inArray, or } from 'drizzle-orm';
import type { PublicationState, SubscriptionState } from '@filaha/shared';
import {
  farmerSubscriptions,
  indexResults,
  indices,
  parcels,
  planIndices,
  plans,
  publications,
  sellerPlans,
  sellerSubscriptions,
  subscriptionIndexUsage,
  type PolygonGeometry,
} from '../schema/index.ts';
import { createUsageRows } from '../seed/catalog.ts';
import { toDb, uniqueSuffix, type DbLike } from './factories.ts';

export type IndexCode = 'NDVI' | 'NDMI' | 'NDWI' | 'NDRE' | 'MSAVI';

/** Id of a seeded index by its code ('NDVI'…). */
export async function indexIdByCode(target: DbLike, code: IndexCode): Promise<number> {
  const [row] = await toDb(target).select({ id: indices.id }).from(indices).where(eq(indices.code, code));
  if (!row) throw new Error(`Index ${code} is not seeded`);
  return row.id;
}

/** Codes the imagery engine computes that the seed does not create (the API refuses other codes). */
export const UNSEEDED_ENGINE_CODES = ['EVI', 'SAVI', 'GNDVI'] as const;

/**
 * An engine code free for a test to create an index 'Indice <code>' with (POST /api/indice refuses codes the
 * engine cannot compute; codes and names are unique): the first unseeded code no index holds as code or
 * name, or else one whose holders — indices earlier tests created — are deleted here with their results,
 * usage rows, legends and assignments. `keep`: ids of indices the caller still uses, never deleted.
 */
export async function vacantIndexCode(target: DbLike, keep: readonly number[] = []): Promise<string> {
  const db = toDb(target);
  const names = UNSEEDED_ENGINE_CODES.map((code) => `Indice ${code}`);
  const rows = await db
    .select({ id: indices.id, code: indices.code, name: indices.name })
    .from(indices)
    .where(or(inArray(indices.code, [...UNSEEDED_ENGINE_CODES]), inArray(indices.name, names)));
  const holdersOf = (code: string) => rows.filter((r) => r.code === code || r.name === `Indice ${code}`);
  const free = UNSEEDED_ENGINE_CODES.find((code) => holdersOf(code).length === 0);
  if (free) return free;
  const code = UNSEEDED_ENGINE_CODES.find((c) => holdersOf(c).every((h) => !keep.includes(h.id)));
  if (!code) throw new Error('No engine code left to create an index with');
  for (const holder of holdersOf(code)) {
    await db.delete(indexResults).where(eq(indexResults.indexId, holder.id));
    await db.delete(subscriptionIndexUsage).where(eq(subscriptionIndexUsage.indexId, holder.id));
    await db.delete(indices).where(eq(indices.id, holder.id));
  }
  return code;
}

export interface CreatePlanOptions {
  name?: string;
  /** Requests per index; default 6 for each of the five indices. */
  requests?: Partial<Record<IndexCode, number>>;
}

export async function createPlan(target: DbLike, options: CreatePlanOptions = {}) {
  const db = toDb(target);
  const suffix = uniqueSuffix();
  const [plan] = await db
    .insert(plans)
    .values({ name: options.name ?? `Plan ${suffix}`, clientName: `Client ${suffix}`, prices: '10000 DA/an' })
    .returning();
  if (!plan) throw new Error('createPlan: no row');
  const requests = options.requests ?? { NDVI: 6, NDMI: 6, NDWI: 6, NDRE: 6, MSAVI: 6 };
  for (const [code, requestCount] of Object.entries(requests)) {
    if (requestCount === undefined) continue;
    const indexId = await indexIdByCode(db, code as IndexCode);
    await db.insert(planIndices).values({ planId: plan.id, indexId, requestCount });
  }
  return { plan };
}

export interface CreateFarmerSubscriptionOptions {
  userId: number;
  planId?: number;
  /** Default 'actif' (with usage rows created as activation does); 'désactivé' creates none. */
  state?: SubscriptionState;
}

export async function createFarmerSubscription(target: DbLike, options: CreateFarmerSubscriptionOptions) {
  const db = toDb(target);
  const planId = options.planId ?? (await createPlan(db)).plan.id;
  const state = options.state ?? 'actif';
  const [subscription] = await db
    .insert(farmerSubscriptions)
    .values({ planId, userId: options.userId, state, activatedAt: state === 'actif' ? new Date() : null })
    .returning();
  if (!subscription) throw new Error('createFarmerSubscription: no row');
  if (state === 'actif') await createUsageRows(db, subscription.id);
  const usage = await db
    .select()
    .from(subscriptionIndexUsage)
    .where(eq(subscriptionIndexUsage.subscriptionId, subscription.id));
  return { subscription, usage };
}

/** A closed square ring of `sizeDeg` degrees with its south-west corner at (lon, lat). */
export function squarePolygon(lon: number, lat: number, sizeDeg = 0.002): PolygonGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + sizeDeg, lat],
        [lon + sizeDeg, lat + sizeDeg],
        [lon, lat + sizeDeg],
        [lon, lat],
      ],
    ],
  };
}

/** An irregular, non-rectangular field in the Mitidja (lon, lat): each of its bounds comes from a different vertex. */
export const IRREGULAR_FIELD: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [2.986, 36.605],
      [2.992, 36.6042],
      [2.993, 36.608],
      [2.9868, 36.6088],
      [2.986, 36.605],
    ],
  ],
};

export interface CreateParcelOptions {
  userId: number;
  name?: string;
  geom?: PolygonGeometry;
  crop?: string | null;
}

/** Default geometry: a ~2 ha square inside the demo area (Mitidja), so imagery tests find demo data. */
export async function createParcel(target: DbLike, options: CreateParcelOptions) {
  const [parcel] = await toDb(target)
    .insert(parcels)
    .values({
      name: options.name ?? `Parcelle ${uniqueSuffix()}`,
      userId: options.userId,
      geom: options.geom ?? squarePolygon(2.976, 36.6005, 0.0015),
      crop: options.crop ?? null,
    })
    .returning();
  if (!parcel) throw new Error('createParcel: no row');
  return { parcel };
}

export type CreateIndexResultOptions = Pick<typeof indexResults.$inferInsert, 'userId' | 'parcelId'> &
  Partial<typeof indexResults.$inferInsert>;

/**
 * A delivered index image (an index_results row: history and the charged request record) for `userId`'s
 * `parcelId`. Defaults: NDVI, no subscription, a unique scene id, the August 2025 window, plausible stats;
 * any column can be given instead.
 */
export async function createIndexResult(target: DbLike, options: CreateIndexResultOptions) {
  const db = toDb(target);
  const [indexResult] = await db
    .insert(indexResults)
    .values({
      indexId: options.indexId ?? (await indexIdByCode(db, 'NDVI')),
      sceneId: `S2_TEST_${uniqueSuffix()}`,
      sceneDatetime: new Date('2025-08-15T10:00:00Z'),
      startDate: '2025-08-14',
      endDate: '2025-08-19',
      legendHash: 'h',
      stats: {
        min: 0,
        max: 1,
        mean: 0.5,
        std: 0.1,
        median: 0.5,
        p25: 0.4,
        p75: 0.6,
        count: 10,
        validFraction: 1,
        resolution: 10,
      },
      bounds: [
        [36.6, 2.97],
        [36.61, 2.98],
      ],
      validFraction: 1,
      imageKey: 'k.png',
      ...options,
    })
    .returning();
  if (!indexResult) throw new Error('createIndexResult: no row');
  return { indexResult };
}

export interface CreateSellerPlanOptions {
  name?: string;
  /** null (default) = unlimited. */
  postLimit?: number | null;
  price?: number;
  priority?: number;
}

export async function createSellerPlan(target: DbLike, options: CreateSellerPlanOptions = {}) {
  const postLimit = options.postLimit ?? null;
  const [sellerPlan] = await toDb(target)
    .insert(sellerPlans)
    .values({
      name: options.name ?? `Seller plan ${uniqueSuffix()}`,
      clientName: 'Vendeurs',
      price: options.price ?? 5000,
      isLimited: postLimit !== null,
      postLimit,
      priority: options.priority ?? 1,
    })
    .returning();
  if (!sellerPlan) throw new Error('createSellerPlan: no row');
  return { sellerPlan };
}

export interface CreateSellerSubscriptionOptions {
  userId: number;
  sellerPlanId?: number;
  /** Used when no sellerPlanId is given: the limit of the plan created for it. */
  postLimit?: number | null;
  state?: SubscriptionState;
  postsUsed?: number;
}

export async function createSellerSubscription(target: DbLike, options: CreateSellerSubscriptionOptions) {
  const db = toDb(target);
  const sellerPlanId =
    options.sellerPlanId ?? (await createSellerPlan(db, { postLimit: options.postLimit ?? null })).sellerPlan.id;
  const start = new Date();
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const [sellerSubscription] = await db
    .insert(sellerSubscriptions)
    .values({
      sellerPlanId,
      userId: options.userId,
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
      state: options.state ?? 'actif',
      postsUsed: options.postsUsed ?? 0,
    })
    .returning();
  if (!sellerSubscription) throw new Error('createSellerSubscription: no row');
  return { sellerSubscription };
}

export interface CreatePublicationOptions {
  userId: number;
  sellerSubscriptionId?: number | null;
  productName?: string;
  unitPrice?: number;
  quantity?: number;
  address?: string;
  phone?: string;
  state?: PublicationState;
}

export async function createPublication(target: DbLike, options: CreatePublicationOptions) {
  const [publication] = await toDb(target)
    .insert(publications)
    .values({
      userId: options.userId,
      sellerSubscriptionId: options.sellerSubscriptionId ?? null,
      productName: options.productName ?? `Produit ${uniqueSuffix()}`,
      unitPrice: options.unitPrice ?? 100,
      quantity: options.quantity ?? 10,
      address: options.address ?? 'Blida',
      phone: options.phone ?? '0555000000',
      state: options.state ?? 'DISPO',
    })
    .returning();
  if (!publication) throw new Error('createPublication: no row');
  return { publication };
}
