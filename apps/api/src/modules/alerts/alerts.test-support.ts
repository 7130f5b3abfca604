import { alertRules, alerts, eq, parcels, seriesPoints, type AlertRule, type Database } from '@filaha/db';
import { factories, uniqueSuffix } from '@filaha/db/testing';
import type { TestApp } from '../../../test/helper.ts';

/** Test helpers: a farmer's parcel and stored season points (the input the rules read). */
export const BASIS = 'test-basis';

export async function farmerWithParcel(t: TestApp, name = 'Parcelle Nord') {
  const { user, headers } = await t.createUser({ role: 'User' });
  const { parcel } = await factories.createParcel(t.database, { userId: user.id, name });
  return { user, headers, parcel };
}

export interface PointSpec {
  date: string;
  mean?: number;
  median?: number;
  validFraction?: number;
  status?: 'point' | 'CLOUDY';
  index?: string;
  sceneId?: string;
  basis?: string;
}

export const sceneOf = (date: string) => `S2_TEST_${date.replaceAll('-', '')}`;

/** Stores one season point per spec (as modules/season/season.points.ts stores them). */
export async function storePoints(t: TestApp, parcelId: number, specs: PointSpec[]) {
  await t.database.db
    .insert(seriesPoints)
    .values(
      specs.map((s) => {
        const clear = (s.status ?? 'point') === 'point';
        const mean = s.mean ?? 0.5;
        const median = s.median ?? mean;
        const validFraction = s.validFraction ?? (clear ? 0.95 : 0.1);
        return {
          parcelId,
          indexCode: s.index ?? 'NDVI',
          basis: s.basis ?? BASIS,
          sceneId: s.sceneId ?? sceneOf(s.date),
          date: s.date,
          status: s.status ?? ('point' as const),
          stats: clear
            ? {
                min: mean - 0.2,
                max: mean + 0.2,
                mean,
                std: 0.05,
                median,
                p25: median - 0.05,
                p75: median + 0.05,
                count: 400,
                validFraction,
                resolution: 10,
              }
            : null,
          validFraction,
          tiles: null,
        };
      }),
    )
    .onConflictDoNothing();
}

export async function saveRule(
  t: TestApp,
  parcelId: number,
  rule: AlertRule,
  values: { enabled?: boolean; threshold?: number | null; share?: number | null; index?: string },
) {
  const defaults = { NEW_IMAGE: 'NDVI', DROP: 'NDVI', WATER_STRESS: 'NDMI', PARTIAL_DROP: 'NDVI' } as const;
  await t.database.db
    .insert(alertRules)
    .values({
      parcelId,
      rule,
      enabled: values.enabled ?? true,
      indexCode: values.index ?? defaults[rule],
      threshold: values.threshold ?? null,
      share: values.share ?? null,
    })
    .onConflictDoUpdate({
      target: [alertRules.parcelId, alertRules.rule],
      set: {
        enabled: values.enabled ?? true,
        threshold: values.threshold ?? null,
        share: values.share ?? null,
      },
    });
}

/** Only the rules named stay enabled (the others are switched off), so a test sees one rule at a time. */
export async function onlyRules(t: TestApp, parcelId: number, keep: AlertRule[]) {
  const all: Array<[AlertRule, number | null, number | null]> = [
    ['NEW_IMAGE', null, null],
    ['DROP', 0.1, null],
    ['WATER_STRESS', -0.1, null],
    ['PARTIAL_DROP', 0.1, 0.2],
  ];
  for (const [rule, threshold, share] of all)
    await saveRule(t, parcelId, rule, { enabled: keep.includes(rule), threshold, share });
}

/** A stored alert of the parcel's owner, for a fresh scene (the authorization matrix marks it read). */
export async function insertAlert(database: Database, parcelId: number, rule: AlertRule = 'DROP') {
  const [parcel] = await database.db.select({ userId: parcels.userId }).from(parcels).where(eq(parcels.id, parcelId));
  const [row] = await database.db
    .insert(alerts)
    .values({
      userId: parcel!.userId!,
      parcelId,
      rule,
      sceneId: `S2_AUTHZ_${uniqueSuffix()}`,
      date: '2025-06-15',
      indexCode: 'NDVI',
      details: { value: 0.5, previous: 0.7, previousDate: '2025-06-10', threshold: 0.1 },
    })
    .returning({ id: alerts.id });
  return row!.id;
}

/** A day `offset` days from today (UTC), YYYY-MM-DD: NEW_IMAGE fires for recent acquisitions only. */
export function daysFromToday(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
