import { and, eq, indexResults, subscriptionIndexUsage, type PolygonGeometry } from '@filaha/db';
import { factories, squarePolygon, type IndexCode } from '@filaha/db/testing';
import type { SubscriptionState } from '@filaha/shared';
import type { GenerateImageAnswer } from '@filaha/shared/contracts';
import { json, type TestApp } from '../../../../test/helper.ts';

export const WINDOW = { startDate: '2025-08-14', endDate: '2025-08-19' } as const;

export interface Farmer {
  userId: number;
  headers: Record<string, string>;
  subscriptionId: number | null;
}

/**
 * A farmer (role User) with, unless `subscription: false`, a plan granting `requests` per index and a
 * subscription in `state` ('actif' creates the usage rows, as activation does).
 */
export async function createFarmer(
  t: TestApp,
  options: { requests?: Partial<Record<IndexCode, number>>; state?: SubscriptionState; subscription?: boolean } = {},
): Promise<Farmer> {
  const { user, headers } = await t.createUser({ role: 'User' });
  if (options.subscription === false) return { userId: user.id, headers, subscriptionId: null };
  const { plan } = await factories.createPlan(t.database, { requests: options.requests });
  const { subscription } = await factories.createFarmerSubscription(t.database, {
    userId: user.id,
    planId: plan.id,
    state: options.state ?? 'actif',
  });
  return { userId: user.id, headers, subscriptionId: subscription.id };
}

export async function createParcel(
  t: TestApp,
  userId: number,
  geom: PolygonGeometry = squarePolygon(2.976, 36.6005, 0.0015),
) {
  return (await factories.createParcel(t.database, { userId, geom })).parcel;
}

/** A ~1.5 ha square in a 5×4 grid inside the demo area, one per `n`, so parallel requests never share a result. */
export function gridParcel(n: number): PolygonGeometry {
  return squarePolygon(2.962 + (n % 5) * 0.011, 36.582 + Math.floor(n / 5) * 0.011, 0.0012);
}

export async function usageOf(t: TestApp, subscriptionId: number, code: IndexCode) {
  const indexId = await factories.indexIdByCode(t.database, code);
  const [row] = await t.database.db
    .select({ used: subscriptionIndexUsage.used, total: subscriptionIndexUsage.total })
    .from(subscriptionIndexUsage)
    .where(and(eq(subscriptionIndexUsage.subscriptionId, subscriptionId), eq(subscriptionIndexUsage.indexId, indexId)));
  if (!row) throw new Error(`no usage row for ${code}`);
  return row;
}

export async function setUsed(t: TestApp, subscriptionId: number, code: IndexCode, used: number) {
  const indexId = await factories.indexIdByCode(t.database, code);
  await t.database.db
    .update(subscriptionIndexUsage)
    .set({ used })
    .where(and(eq(subscriptionIndexUsage.subscriptionId, subscriptionId), eq(subscriptionIndexUsage.indexId, indexId)));
}

export async function resultCount(t: TestApp, userId: number): Promise<number> {
  return (await t.database.db.select({ id: indexResults.id }).from(indexResults).where(eq(indexResults.userId, userId)))
    .length;
}

export function generate(
  t: TestApp,
  farmer: Pick<Farmer, 'headers'>,
  indexName: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.inject({
    method: 'POST',
    url: `/api/images/${indexName}`,
    headers: { ...farmer.headers, ...headers },
    payload: { width: 2048, height: 2048, ...WINDOW, ...body },
  });
}

/** Fetches a signed URL through the app WITHOUT any Authorization header, as an `<img>` tag would. */
export function fetchSigned(t: TestApp, url: string) {
  return t.inject({ method: 'GET', url });
}

/** The image answer (contract), with the values and download URLs a fresh result always has. */
export type ImageAnswer = GenerateImageAnswer & { valuesUrl: string; downloadUrl: string };

export const answerOf = (res: { body: string }) => json<ImageAnswer>(res);
export const codeOf = (res: { body: string }) => json<{ code: string }>(res).code;
