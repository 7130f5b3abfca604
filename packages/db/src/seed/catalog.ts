import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  farmerSubscriptions,
  functionalities,
  indices,
  planFunctionalities,
  planIndices,
  plans,
  sellerPlanFunctionalities,
  sellerPlans,
  subscriptionIndexUsage,
} from '../schema/index.ts';
import { SEED_INDICES } from './indices.ts';
import { addLegendIfNone } from './legends.ts';
import { SEED_FUNCTIONALITIES, SEED_PLANS, SEED_SELLER_PLANS } from './plans.ts';

async function idsByName<T extends { id: number; name: string }>(rows: Promise<T[]>): Promise<Map<string, number>> {
  return new Map((await rows).map((r) => [r.name, r.id]));
}

/**
 * Indices, legends, functionalities and plans. Rows are matched by their unique name/code and never
 * overwritten: an administrator's later edits survive restarts. Legends are only added to an index that
 * has none, so a deliberately edited legend is not re-seeded on top.
 */
export async function seedCatalog(db: Db): Promise<void> {
  await db
    .insert(functionalities)
    .values([...SEED_FUNCTIONALITIES])
    .onConflictDoNothing();
  await db
    .insert(indices)
    .values(
      SEED_INDICES.map(({ code, name, description, recommendations }) => ({
        code,
        name,
        description,
        recommendations,
      })),
    )
    .onConflictDoNothing();

  const indexRows = await db.select({ id: indices.id, code: indices.code }).from(indices);
  const indexIds = new Map(indexRows.map((r) => [r.code, r.id]));
  for (const seedIndex of SEED_INDICES) {
    const indexId = indexIds.get(seedIndex.code);
    if (indexId !== undefined) await addLegendIfNone(db, indexId, seedIndex.legends);
  }

  const functionalityIds = await idsByName(
    db.select({ id: functionalities.id, name: functionalities.name }).from(functionalities),
  );

  await db
    .insert(plans)
    .values(
      SEED_PLANS.map(({ name, nameAr, clientName, clientNameAr, prices, descriptionFr, descriptionAr }) => ({
        name,
        nameAr,
        clientName,
        clientNameAr,
        prices,
        descriptionFr,
        descriptionAr,
      })),
    )
    .onConflictDoNothing();
  const planIds = await idsByName(
    db
      .select({ id: plans.id, name: plans.name })
      .from(plans)
      .where(
        inArray(
          plans.name,
          SEED_PLANS.map((p) => p.name),
        ),
      ),
  );
  for (const plan of SEED_PLANS) {
    const planId = planIds.get(plan.name);
    if (planId === undefined) continue;
    const requestRows = Object.entries(plan.requests).flatMap(([code, requestCount]) => {
      const indexId = indexIds.get(code);
      return indexId === undefined || requestCount === undefined ? [] : [{ planId, indexId, requestCount }];
    });
    if (requestRows.length) await db.insert(planIndices).values(requestRows).onConflictDoNothing();
    const links = plan.functionalities.flatMap((name) => {
      const functionalityId = functionalityIds.get(name);
      return functionalityId === undefined ? [] : [{ planId, functionalityId }];
    });
    if (links.length) await db.insert(planFunctionalities).values(links).onConflictDoNothing();
  }

  await db
    .insert(sellerPlans)
    .values(
      SEED_SELLER_PLANS.map(
        ({ name, nameAr, clientName, clientNameAr, price, postLimit, priority, description, descriptionAr }) => ({
          name,
          nameAr,
          clientName,
          clientNameAr,
          price,
          isLimited: postLimit !== null,
          postLimit,
          priority,
          description,
          descriptionAr,
        }),
      ),
    )
    .onConflictDoNothing();
  const sellerPlanIds = await idsByName(
    db
      .select({ id: sellerPlans.id, name: sellerPlans.name })
      .from(sellerPlans)
      .where(
        inArray(
          sellerPlans.name,
          SEED_SELLER_PLANS.map((p) => p.name),
        ),
      ),
  );
  for (const plan of SEED_SELLER_PLANS) {
    const sellerPlanId = sellerPlanIds.get(plan.name);
    if (sellerPlanId === undefined) continue;
    const links = plan.functionalities.flatMap((name) => {
      const functionalityId = functionalityIds.get(name);
      return functionalityId === undefined ? [] : [{ sellerPlanId, functionalityId }];
    });
    if (links.length) await db.insert(sellerPlanFunctionalities).values(links).onConflictDoNothing();
  }
}

/**
 * Creates the per-index usage rows of a farmer subscription from its plan's request counts (what
 * activation does, SPEC §4). Existing rows are kept, so calling it again never resets a quota.
 * Returns the number of rows created.
 */
export async function createUsageRows(db: Db, subscriptionId: number): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO ${subscriptionIndexUsage} (subscription_id, index_id, total, used)
    SELECT ${farmerSubscriptions.id}, ${planIndices.indexId}, ${planIndices.requestCount}, 0
    FROM ${farmerSubscriptions}
    JOIN ${planIndices} ON ${planIndices.planId} = ${farmerSubscriptions.planId}
    WHERE ${farmerSubscriptions.id} = ${subscriptionId}
    ON CONFLICT (subscription_id, index_id) DO NOTHING
    RETURNING id`);
  return result.rows.length;
}
