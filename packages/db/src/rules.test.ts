import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  farmerSubscriptions,
  indexResults,
  indices,
  legends,
  parcels,
  planIndices,
  plans,
  publicationImages,
  publications,
  sellerSubscriptions,
  serviceRequests,
  subscriptionIndexUsage,
  users,
} from './schema/index.ts';
import { createUsageRows } from './seed/index.ts';
import { factories, getTestDb } from './testing/index.ts';

const {
  createUser,
  createPlan,
  createFarmerSubscription,
  createParcel,
  createSellerSubscription,
  createPublication,
  createIndexResult,
  indexIdByCode,
} = factories;

async function addResult(
  userId: number,
  parcelId: number,
  indexId: number,
  subscriptionId: number | null,
  sceneId = 'S2A_31SDA_20250815',
) {
  const { db } = await getTestDb();
  return (await createIndexResult(db, { userId, parcelId, indexId, subscriptionId, sceneId })).indexResult;
}

const count = async (query: Promise<unknown[]>) => (await query).length;

/** A seller with a subscription and a publication made under it. */
async function sellerWithPublication() {
  const { db } = await getTestDb();
  const { user } = await createUser(db, { role: 'Seller' });
  const { sellerSubscription } = await createSellerSubscription(db, { userId: user.id });
  const { publication } = await createPublication(db, { userId: user.id, sellerSubscriptionId: sellerSubscription.id });
  return { user, sellerSubscription, publication };
}

describe('ON DELETE rules', () => {
  it('deleting a farmer removes their parcels, subscriptions, usage and results; service requests stay anonymous', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const { subscription } = await createFarmerSubscription(db, { userId: user.id });
    const { parcel } = await createParcel(db, { userId: user.id });
    await addResult(user.id, parcel.id, await indexIdByCode(db, 'NDVI'), subscription.id);
    const [request] = await db
      .insert(serviceRequests)
      .values({ userId: user.id, serviceKey: 'soil', name: 'A', email: 'a@b.dz', phone: '0555', message: 'Bonjour' })
      .returning();
    await db.delete(users).where(eq(users.id, user.id));
    expect(await count(db.select().from(parcels).where(eq(parcels.userId, user.id)))).toBe(0);
    expect(await count(db.select().from(farmerSubscriptions).where(eq(farmerSubscriptions.userId, user.id)))).toBe(0);
    expect(
      await count(
        db.select().from(subscriptionIndexUsage).where(eq(subscriptionIndexUsage.subscriptionId, subscription.id)),
      ),
    ).toBe(0);
    expect(await count(db.select().from(indexResults).where(eq(indexResults.userId, user.id)))).toBe(0);
    const [kept] = await db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, request?.id ?? 0));
    expect(kept?.userId).toBeNull();
  });

  it('deleting a seller removes their subscriptions, publications and image rows', async () => {
    const { db } = await getTestDb();
    const { user, publication } = await sellerWithPublication();
    await db.insert(publicationImages).values({ publicationId: publication.id, key: 'p/1.webp' });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await count(db.select().from(sellerSubscriptions).where(eq(sellerSubscriptions.userId, user.id)))).toBe(0);
    expect(await count(db.select().from(publications).where(eq(publications.userId, user.id)))).toBe(0);
    expect(
      await count(db.select().from(publicationImages).where(eq(publicationImages.publicationId, publication.id))),
    ).toBe(0);
  });

  it('refuses to delete a plan in use, deletes an unused one with its index assignments', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const { plan: used } = await createPlan(db);
    await createFarmerSubscription(db, { userId: user.id, planId: used.id, state: 'désactivé' });
    await expect(db.delete(plans).where(eq(plans.id, used.id))).rejects.toThrow();
    const { plan: unused } = await createPlan(db);
    await db.delete(plans).where(eq(plans.id, unused.id));
    expect(await count(db.select().from(planIndices).where(eq(planIndices.planId, unused.id)))).toBe(0);
  });

  it('refuses to delete an index with usage or history; deleting a parcel removes its history', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    await createFarmerSubscription(db, { userId: user.id });
    const ndvi = await indexIdByCode(db, 'NDVI');
    await expect(db.delete(indices).where(eq(indices.id, ndvi))).rejects.toThrow();
    const { parcel } = await createParcel(db, { userId: user.id });
    const result = await addResult(user.id, parcel.id, ndvi, null);
    await db.delete(parcels).where(eq(parcels.id, parcel.id));
    expect(await count(db.select().from(indexResults).where(eq(indexResults.id, result.id)))).toBe(0);
  });

  it('keeps publications when their seller subscription is deleted', async () => {
    const { db } = await getTestDb();
    const { sellerSubscription, publication } = await sellerWithPublication();
    await db.delete(sellerSubscriptions).where(eq(sellerSubscriptions.id, sellerSubscription.id));
    const [kept] = await db.select().from(publications).where(eq(publications.id, publication.id));
    expect(kept?.sellerSubscriptionId).toBeNull();
  });
});

describe('constraints', () => {
  it('usage CHECK refuses overspending; a guarded update spends exactly what remains under concurrency', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const { plan } = await createPlan(db, { requests: { NDVI: 5 } });
    const { usage } = await createFarmerSubscription(db, { userId: user.id, planId: plan.id });
    const row = usage[0];
    if (!row) throw new Error('no usage row');
    await expect(
      db.update(subscriptionIndexUsage).set({ used: 6 }).where(eq(subscriptionIndexUsage.id, row.id)),
    ).rejects.toThrow();
    await expect(
      db.update(subscriptionIndexUsage).set({ used: -1 }).where(eq(subscriptionIndexUsage.id, row.id)),
    ).rejects.toThrow();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.execute<{ id: number }>(
          sql`UPDATE subscription_index_usage SET used = used + 1 WHERE id = ${row.id} AND used < total RETURNING id`,
        ),
      ),
    );
    expect(attempts.filter((r) => r.rows.length === 1)).toHaveLength(5);
    expect(await createUsageRows(db, row.subscriptionId)).toBe(0);
  });

  it('keeps plan names, index results and usage rows unique', async () => {
    const { db } = await getTestDb();
    const { plan } = await createPlan(db, { requests: {} });
    await expect(createPlan(db, { name: plan.name })).rejects.toThrow();
    const { user } = await createUser(db);
    const { subscription } = await createFarmerSubscription(db, { userId: user.id });
    const ndvi = await indexIdByCode(db, 'NDVI');
    await expect(
      db.insert(subscriptionIndexUsage).values({ subscriptionId: subscription.id, indexId: ndvi, total: 1 }),
    ).rejects.toThrow();
    const { parcel } = await createParcel(db, { userId: user.id });
    await addResult(user.id, parcel.id, ndvi, subscription.id, 'scene-1');
    await expect(addResult(user.id, parcel.id, ndvi, subscription.id, 'scene-1')).rejects.toThrow();
    await addResult(user.id, parcel.id, ndvi, subscription.id, 'scene-2');
  });

  it('allows only one active seller subscription per seller', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db, { role: 'Seller' });
    await createSellerSubscription(db, { userId: user.id });
    await createSellerSubscription(db, { userId: user.id, state: 'désactivé' });
    await expect(createSellerSubscription(db, { userId: user.id })).rejects.toThrow();
  });

  it('refuses overlapping legend intervals at commit but accepts touching ones', async () => {
    const { db } = await getTestDb();
    const [index] = await db
      .insert(indices)
      .values({
        code: `T${Date.now()}${process.pid}`,
        name: `Indice test ${Date.now()} ${process.pid}`,
        description: { ar: 'أ', fr: 'a' },
      })
      .returning();
    const indexId = index?.id ?? 0;
    const legend = (start: number, end: number) => ({
      indexId,
      intervalStart: start,
      intervalEnd: end,
      color: 'rgb(0, 0, 0)',
      descriptionFr: 'x',
      descriptionAr: 'س',
    });
    await db.insert(legends).values([legend(-1, 0), legend(0, 0.5)]);
    await expect(db.insert(legends).values(legend(0.4, 1))).rejects.toThrow();
    await expect(db.insert(legends).values({ ...legend(0.5, 1), color: 'red' })).rejects.toThrow();
    await expect(db.insert(legends).values(legend(0.8, 0.6))).rejects.toThrow();
    // Shifting two intervals inside one transaction passes because the check waits for the commit.
    await db.transaction(async (tx) => {
      await tx
        .update(legends)
        .set({ intervalEnd: 0.3 })
        .where(sql`${legends.indexId} = ${indexId} AND ${legends.intervalStart} = 0`);
      await tx.insert(legends).values(legend(0.3, 1));
    });
    expect(await count(db.select().from(legends).where(eq(legends.indexId, indexId)))).toBe(3);
  });

  it('normalises product names for accent- and diacritic-insensitive search', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db, { role: 'Seller' });
    const { publication } = await createPublication(db, {
      userId: user.id,
      productName: 'Pommes de terre ÉLEVÉES — أَرُزّ مُمتاز',
    });
    expect(publication.searchText).toBe('pommes de terre elevees - ارز ممتاز');
    const { rows } = await db.execute<{ id: number }>(
      sql`SELECT id FROM publications WHERE search_text LIKE '%' || filaha_search_normalize(${'Élevées'}) || '%' AND id = ${publication.id}`,
    );
    expect(rows).toHaveLength(1);
    const folded = await db.execute<{ v: string }>(sql`SELECT filaha_search_normalize(${'إِبْرَاهِيمُ مكتبة'}) AS v`);
    expect(folded.rows[0]?.v).toBe('ابراهيم مكتبه');
  });
});
