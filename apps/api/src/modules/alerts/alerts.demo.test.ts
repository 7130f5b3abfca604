import {
  DEMO_FARMER_FIELD_KEYS,
  DEMO_FIELDS,
  DEMO_PATCH,
  WATER_STRESS_DEFAULT,
  WATER_STRESS_MIN_NDVI,
  type AlertList,
} from '@filaha/shared';
import { alerts, and, asc, eq, inArray, seriesPoints } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { createImagery, imageryOptionsFromConfig } from '../../lib/imagery/imagery.ts';
import { createFarmer, createParcel } from '../images/test-support/fixtures.ts';
import { alertEngineFrom } from './alerts.engine.ts';
import { evaluateParcelAlerts, sendAlertEmail } from './alerts.jobs.ts';

/**
 * Issue 15 acceptance 2: over the demo season, the demo farm's stored points fire the drop alert once, for the
 * weaker patch of the wheat parcel (DEMO_PATCH), and its e-mail lands in the outbox once. The points are
 * computed by the season-curve route (as a farmer opening the curve, or the job queue, would); the rules read
 * them back, acquisition after acquisition, twice (the second pass creates nothing).
 */
const t = useTestApp({ SERIES_DAILY_LIMIT: '50' });
const SEASON = 'from=2025-02-01&to=2025-10-31';
const FIELDS = DEMO_FIELDS.filter((f) => (DEMO_FARMER_FIELD_KEYS as readonly string[]).includes(f.key));

describe('alerts over the demo season', { timeout: 600_000 }, () => {
  it('the weaker patch of the demo wheat fires the drop alert once, shown in the list and e-mailed once', async () => {
    const app = t.current;
    const farmer = await createFarmer(app, { requests: { NDVI: 3, NDMI: 3 } });
    const parcels = new Map<string, number>();
    const names = new Map<number, string>();
    for (const f of FIELDS) {
      const parcel = await createParcel(app, farmer.userId, { type: 'Polygon', coordinates: [f.ring] });
      parcels.set(f.key, parcel.id);
      names.set(parcel.id, parcel.name);
      for (const index of ['NDVI', 'NDMI']) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/parcelle/${parcel.id}/series?index=${index}&${SEASON}`,
          headers: farmer.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const wheat = parcels.get(DEMO_PATCH.field)!;
    const engine = alertEngineFrom(createImagery(imageryOptionsFromConfig(app.config)));
    const scenes = await app.database.db
      .selectDistinct({ parcelId: seriesPoints.parcelId, sceneId: seriesPoints.sceneId, date: seriesPoints.date })
      .from(seriesPoints)
      .where(inArray(seriesPoints.parcelId, [...parcels.values()]))
      .orderBy(asc(seriesPoints.date));
    expect(scenes.length).toBeGreaterThan(40 * FIELDS.length);

    const created: number[] = [];
    for (const s of scenes) created.push(...(await evaluateParcelAlerts({ database: app.database, engine }, s)));
    for (const s of scenes) expect(await evaluateParcelAlerts({ database: app.database, engine }, s)).toEqual([]);

    const drops = await app.database.db
      .select()
      .from(alerts)
      .where(and(inArray(alerts.parcelId, [...parcels.values()]), eq(alerts.rule, 'DROP')));
    expect(drops.map((d) => ({ parcelId: d.parcelId, date: d.date, previousDate: d.details.previousDate }))).toEqual([
      { parcelId: wheat, date: DEMO_PATCH.date, previousDate: DEMO_PATCH.previousDate },
    ]);
    const drop = drops[0]!;
    expect(drop.details.previous! - drop.details.value!).toBeGreaterThan(0.1);
    // The patch is a part of the field: the pixel-wise rule sees it too, on the same acquisition.
    const partial = await app.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.parcelId, wheat), eq(alerts.rule, 'PARTIAL_DROP')));
    expect(partial.map((p) => p.date)).toEqual([DEMO_PATCH.date]);
    expect(partial[0]!.details.value).toBeGreaterThanOrEqual(0.2);

    // Water stress speaks of a crop: it fires on every acquisition whose NDMI median is under the default
    // threshold, except where the same acquisition's NDVI median shows bare ground (the maize seedbed in May).
    const stored = await app.database.db
      .select()
      .from(seriesPoints)
      .where(and(inArray(seriesPoints.parcelId, [...parcels.values()]), eq(seriesPoints.status, 'point')));
    const key = (p: { parcelId: number; sceneId: string }) => `${p.parcelId}:${p.sceneId}`;
    const ndvi = new Map(stored.filter((p) => p.indexCode === 'NDVI').map((p) => [key(p), p.stats?.median ?? null]));
    const dry = stored.filter(
      (p) => p.indexCode === 'NDMI' && (p.stats?.median ?? Infinity) < WATER_STRESS_DEFAULT - 1e-9,
    );
    const bare = dry.filter((p) => (ndvi.get(key(p)) ?? Infinity) < WATER_STRESS_MIN_NDVI);
    expect(bare.map((p) => p.parcelId)).toContain(parcels.get('maize'));
    const stress = await app.database.db
      .select()
      .from(alerts)
      .where(and(inArray(alerts.parcelId, [...parcels.values()]), eq(alerts.rule, 'WATER_STRESS')));
    expect(stress.map(key).sort()).toEqual(
      dry
        .filter((p) => !bare.includes(p))
        .map(key)
        .sort(),
    );

    // In the notification centre, in the farmer's list.
    const list = json<AlertList>(
      await app.inject({ method: 'GET', url: '/api/alerts?limit=200', headers: farmer.headers }),
    );
    expect(list.alerts.filter((a) => a.rule === 'DROP').map((a) => [a.parcelId, a.date])).toEqual([
      [wheat, DEMO_PATCH.date],
    ]);

    // E-mails: every alert created is sent or skipped per the settings (default: no e-mail for a new image);
    // sending again sends nothing.
    const deps = { database: app.database, mailer: app.app.mailer, publicUrl: 'https://filaha.example' };
    for (const id of created) expect(['sent', 'skipped']).toContain(await sendAlertEmail(deps, id));
    for (const id of created) expect(await sendAlertEmail(deps, id)).toBe('already');
    const outbox = await app.outbox();
    const dropMails = outbox.filter((m) => m.subject.includes('انخفاض المؤشر'));
    expect(dropMails).toHaveLength(1);
    expect(dropMails[0]!.subject).toBe(`فلاحة — انخفاض المؤشر: ${names.get(wheat)} (22 أفريل 2025)`);
    expect(dropMails[0]!.text).toContain(`https://filaha.example/user/ferme-map?parcel=${wheat}`);
    expect(outbox.filter((m) => m.subject.includes('صورة جديدة'))).toEqual([]);
  });
});
