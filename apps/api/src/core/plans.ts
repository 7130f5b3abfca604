import {
  asc,
  eq,
  functionalities,
  inArray,
  planFunctionalities,
  plans,
  sellerPlanFunctionalities,
  sellerPlans,
  type Db,
} from '@filaha/db';
import { orInUse, type DuplicateName } from '../lib/sql-state.ts';
import { conflict } from './errors.ts';

/**
 * What farmer plans (SPEC "Abonnement") and seller plans ("sellerAbonnement") share: their names in two
 * languages, the 409 for a name already taken, the delete refused while subscriptions use the plan, and the
 * functionalities listed with each plan.
 */

/** A plan's names, with their internal (English) names. */
export interface PlanNames {
  name: string;
  nameAr: string;
  clientName: string;
  clientNameAr: string;
}

/** The names as the clients send them (SPEC field names); the Arabic ones are optional. */
export interface PlanNamesInput {
  nameAbonnement: string;
  nameAbonnementAr?: string;
  nameClient: string;
  nameClientAr?: string;
}

/** A new plan's names: an absent Arabic name is '' (not translated yet). */
export function newPlanNames(input: PlanNamesInput): PlanNames {
  return {
    name: input.nameAbonnement,
    nameAr: input.nameAbonnementAr ?? '',
    clientName: input.nameClient,
    clientNameAr: input.nameClientAr ?? '',
  };
}

/** An edited plan's names (PUT): an absent Arabic name is left as it is. */
export function editedPlanNames(input: PlanNamesInput): Pick<PlanNames, 'name' | 'clientName'> & Partial<PlanNames> {
  return {
    name: input.nameAbonnement,
    clientName: input.nameClient,
    ...(input.nameAbonnementAr === undefined ? {} : { nameAr: input.nameAbonnementAr }),
    ...(input.nameClientAr === undefined ? {} : { clientNameAr: input.nameClientAr }),
  };
}

/** The contract's names of a plan (ARCHITECTURE §4). */
export function presentPlanNames(plan: PlanNames) {
  return {
    nameAbonnement: plan.name,
    nameAbonnementAr: plan.nameAr,
    nameClient: plan.clientName,
    nameClientAr: plan.clientNameAr,
  };
}

export function presentTimestamps(row: { createdAt: Date; updatedAt: Date }) {
  return { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** 409 CONFLICT naming the field whose name is taken (the French or the Arabic one). */
export function assertNameFree<T>(outcome: T | DuplicateName): asserts outcome is T {
  if (outcome === 'duplicate') throw conflict('duplicate', 'nameAbonnement');
  if (outcome === 'duplicate_ar') throw conflict('duplicate', 'nameAbonnementAr');
}

export type PlanTable = typeof plans | typeof sellerPlans;

/**
 * Deletes a plan; its functionality links (and a farmer plan's request counts) go with it (CASCADE), while
 * subscriptions RESTRICT the delete: a subscription and its history must not lose their plan.
 */
export async function removePlan(db: Db, table: PlanTable, id: number): Promise<'deleted' | 'not_found' | 'in_use'> {
  return orInUse(async () => {
    const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    return deleted.length > 0 ? 'deleted' : 'not_found';
  });
}

export interface PlanFunctionality {
  id: number;
  name: string;
  nameAr: string;
  psudo: string;
}

/** The functionalities linked to each of the given plans (by plan id), in functionality id order; one query. */
export async function functionalitiesByPlan(
  db: Db,
  kind: 'farmer' | 'seller',
  planIds: number[],
): Promise<Map<number, PlanFunctionality[]>> {
  const link =
    kind === 'farmer'
      ? { table: planFunctionalities, planId: planFunctionalities.planId }
      : { table: sellerPlanFunctionalities, planId: sellerPlanFunctionalities.sellerPlanId };
  const rows = await db
    .select({
      planId: link.planId,
      id: functionalities.id,
      name: functionalities.name,
      nameAr: functionalities.nameAr,
      psudo: functionalities.psudo,
    })
    .from(link.table)
    .innerJoin(functionalities, eq(functionalities.id, link.table.functionalityId))
    .where(inArray(link.planId, planIds))
    .orderBy(asc(functionalities.id));
  const byPlan = groupBy(rows, (row) => row.planId);
  return new Map([...byPlan].map(([planId, list]) => [planId, list.map(({ planId: _planId, ...f }) => f)]));
}

/** Rows grouped by a numeric key (a plan id), in their order. */
export function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
