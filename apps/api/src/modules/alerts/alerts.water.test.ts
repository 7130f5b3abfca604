/**
 * Issue 31 §3, the alerts that mean something: WATER_STRESS fires when the NDMI is low **and** the root zone's
 * balance (modules/water) is short that day — NDMI alone only where the balance cannot be run — and a DROP at the
 * crop's harvest time, after the season's peak, is said to be a likely harvest, not damage. On PGlite and PostgreSQL.
 */
import { alerts, eq, sql } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { seedParcelWeather } from '../water/test-kit.ts';
import { evaluateParcelAlerts } from './alerts.jobs.ts';
import { composeAlertEmail } from './alerts.email.ts';
import { farmerWithParcel, onlyRules, sceneOf, storePoints } from './alerts.test-support.ts';

const t = useTestApp();

const rowsOf = (parcelId: number) =>
  t.current.database.db.select().from(alerts).where(eq(alerts.parcelId, parcelId)).orderBy(alerts.id);
const evaluate = (parcelId: number, date: string) =>
  evaluateParcelAlerts({ database: t.current.database }, { parcelId, sceneId: sceneOf(date) });

/** Durum wheat sown on 20 November 2025, rainfed, on sand; the weather of water/test-kit.ts (dry from 1 April). */
async function wheat(rules: Parameters<typeof onlyRules>[2], soil: string | null = 'sand') {
  const farmer = await farmerWithParcel(t.current);
  const { parcel } = farmer;
  await onlyRules(t.current, parcel.id, rules);
  const db = t.current.database.db;
  await db.execute(sql`
    INSERT INTO parcel_seasons (parcel_id, season, crop, sowing_date, irrigated)
    VALUES (${parcel.id}, 2025, 'durum_wheat', '2025-11-20', false)`);
  await db.execute(sql`UPDATE parcels SET soil_texture = ${soil} WHERE id = ${parcel.id}`);
  await seedParcelWeather(t.current.database, parcel.id, { to: '2026-07-31', observedTo: '2026-07-31' });
  return farmer;
}

describe('WATER_STRESS with the water balance', () => {
  it('a low NDMI on a full root zone (a wet winter) is not stress; in the April dry spell it is, with its figures', async () => {
    const { parcel } = await wheat(['WATER_STRESS']);
    await storePoints(t.current, parcel.id, [
      { date: '2026-02-10', index: 'NDMI', median: -0.2 },
      { date: '2026-04-25', index: 'NDMI', median: -0.2 },
    ]);
    expect(await evaluate(parcel.id, '2026-02-10')).toEqual([]);
    expect(await evaluate(parcel.id, '2026-04-25')).toHaveLength(1);
    const [row] = await rowsOf(parcel.id);
    expect(row).toMatchObject({ rule: 'WATER_STRESS', date: '2026-04-25' });
    expect(row!.details.depletion!).toBeGreaterThan(row!.details.raw!);
    // The e-mail says the balance confirms it, with the millimetres.
    const mail = composeAlertEmail({
      language: 'fr',
      publicUrl: 'http://localhost',
      userName: 'Yacine',
      parcelName: 'Blé',
      parcelId: parcel.id,
      indexId: null,
      rule: 'WATER_STRESS',
      indexCode: 'NDMI',
      date: '2026-04-25',
      details: row!.details,
    });
    expect(mail.text).toContain('Le bilan hydrique le confirme');
  });

  it('without a soil the balance cannot be run: the NDMI alone decides, as before', async () => {
    const { parcel } = await wheat(['WATER_STRESS'], null);
    await storePoints(t.current, parcel.id, [{ date: '2026-02-10', index: 'NDMI', median: -0.2 }]);
    expect(await evaluate(parcel.id, '2026-02-10')).toHaveLength(1);
    const [row] = await rowsOf(parcel.id);
    expect(row!.details).toMatchObject({ depletion: null, raw: null });
  });
});

describe('DROP at harvest time', () => {
  it("after the season's peak in the late stage: a likely harvest; a drop while the crop grows: not", async () => {
    const { parcel } = await wheat(['DROP']);
    await storePoints(t.current, parcel.id, [
      { date: '2026-03-01', mean: 0.6 },
      { date: '2026-03-11', mean: 0.45 }, // development (day 111): a drop that means something
      { date: '2026-04-20', mean: 0.82 }, // the season's peak
      { date: '2026-06-16', mean: 0.78 }, // mid-season's end, near the peak
      { date: '2026-06-26', mean: 0.42 }, // late stage (from day 210, 18 June): the harvest
    ]);
    expect(await evaluate(parcel.id, '2026-03-11')).toHaveLength(1);
    expect(await evaluate(parcel.id, '2026-06-26')).toHaveLength(1);
    const [growing, harvest] = await rowsOf(parcel.id);
    expect(growing!.details.likelyHarvest).toBe(false);
    expect(harvest!.details.likelyHarvest).toBe(true);
    const mail = composeAlertEmail({
      language: 'ar',
      publicUrl: 'http://localhost',
      userName: 'ياسين',
      parcelName: 'قمح',
      parcelId: parcel.id,
      indexId: null,
      rule: 'DROP',
      indexCode: 'NDVI',
      date: '2026-06-26',
      details: harvest!.details,
    });
    expect(mail.subject).toContain('حصاد محتمل');
  });

  it('a parcel without a recorded season: no harvest is assumed', async () => {
    const { parcel } = await farmerWithParcel(t.current);
    await onlyRules(t.current, parcel.id, ['DROP']);
    await storePoints(t.current, parcel.id, [
      { date: '2026-06-16', mean: 0.78 },
      { date: '2026-06-26', mean: 0.42 },
    ]);
    expect(await evaluate(parcel.id, '2026-06-26')).toHaveLength(1);
    expect((await rowsOf(parcel.id))[0]!.details.likelyHarvest).toBe(false);
  });
});
