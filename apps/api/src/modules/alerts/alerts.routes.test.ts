import { ALERT_RULE_DEFAULTS, type AlertList, type AlertSettings, type ParcelAlertRules } from '@filaha/shared';
import { alerts, alertSettings, eq } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { evaluateParcelAlerts } from './alerts.jobs.ts';
import { daysFromToday, farmerWithParcel, insertAlert, sceneOf, storePoints } from './alerts.test-support.ts';

/** The notification centre, a parcel's rules and the e-mail settings over HTTP (issue 15 §3). */
const t = useTestApp();

describe('GET /api/alerts, POST /api/alerts/:id/read, POST /api/alerts/read-all', () => {
  it('lists my alerts newest acquisition first with the unread count; marking one and all read', async () => {
    const app = t.current;
    const { parcel, headers } = await farmerWithParcel(app, 'Blé du Nord');
    const other = await farmerWithParcel(app);
    const [a, b, c] = [daysFromToday(-11), daysFromToday(-6), daysFromToday(-1)];
    await storePoints(app, parcel.id, [
      { date: a, mean: 0.8 },
      { date: b, mean: 0.6 },
      { date: c, mean: 0.4 },
      { date: c, median: -0.2, index: 'NDMI' },
    ]);
    for (const date of [b, c])
      await evaluateParcelAlerts({ database: app.database }, { parcelId: parcel.id, sceneId: sceneOf(date) });
    const othersAlert = await insertAlert(app.database, other.parcel.id);

    const list = await app.inject({ method: 'GET', url: '/api/alerts', headers });
    expect(list.statusCode, list.body).toBe(200);
    const body = json<AlertList>(list);
    expect(body.unread).toBe(5);
    expect(body.alerts.map((x) => `${x.date} ${x.rule}`)).toEqual([
      `${c} WATER_STRESS`,
      `${c} DROP`,
      `${c} NEW_IMAGE`,
      `${b} DROP`,
      `${b} NEW_IMAGE`,
    ]);
    const drop = body.alerts.find((x) => x.rule === 'DROP' && x.date === c)!;
    expect(drop).toMatchObject({ parcelId: parcel.id, parcelName: 'Blé du Nord', index: 'NDVI', read: false });
    expect(drop.value).toBeCloseTo(0.4, 12);
    expect(drop.previous).toBeCloseTo(0.6, 12);
    expect(drop.previousDate).toBe(b);
    expect(body.alerts.some((a) => a.id === othersAlert)).toBe(false);

    const read = await app.inject({ method: 'POST', url: `/api/alerts/${drop.id}/read`, headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(json(read)).toEqual({ id: drop.id, read: true, unread: 4 });
    // Again: still read, nothing else changes.
    expect(json(await app.inject({ method: 'POST', url: `/api/alerts/${drop.id}/read`, headers }))).toMatchObject({
      unread: 4,
    });
    // Another farmer's alert is not found, and stays unread.
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/alerts/${othersAlert}/read`,
      headers: { ...headers, 'accept-language': 'fr' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toMatchObject({ code: 'NOT_FOUND', message: "L'élément demandé est introuvable." });
    const bad = await app.inject({ method: 'POST', url: '/api/alerts/abc/read', headers });
    expect(bad.statusCode).toBe(400);

    const all = await app.inject({ method: 'POST', url: '/api/alerts/read-all', headers });
    expect(json(all)).toEqual({ updated: 4, unread: 0 });
    const after = json<AlertList>(await app.inject({ method: 'GET', url: '/api/alerts?limit=2', headers }));
    expect(after.unread).toBe(0);
    expect(after.alerts).toHaveLength(2);
    expect(after.alerts.every((a) => a.read)).toBe(true);
    const otherList = json<AlertList>(await app.inject({ method: 'GET', url: '/api/alerts', headers: other.headers }));
    expect(otherList).toMatchObject({ unread: 1 });
  });

  it('the first visit records the language of the app for the e-mails', async () => {
    const app = t.current;
    const { user, headers } = await farmerWithParcel(app);
    await app.inject({ method: 'GET', url: '/api/alerts', headers: { ...headers, 'accept-language': 'fr' } });
    await app.inject({ method: 'GET', url: '/api/alerts', headers: { ...headers, 'accept-language': 'ar' } });
    const [row] = await app.database.db.select().from(alertSettings).where(eq(alertSettings.userId, user.id));
    expect(row!.language).toBe('fr');
  });
});

describe('GET/PUT /api/parcelle/:id/alert-rules', () => {
  it('gives the defaults, saves the rules sent, refuses bad thresholds without changing anything', async () => {
    const app = t.current;
    const { parcel, headers } = await farmerWithParcel(app);
    const url = `/api/parcelle/${parcel.id}/alert-rules`;
    const first = json<ParcelAlertRules>(await app.inject({ method: 'GET', url, headers }));
    expect(first).toEqual({ parcelId: parcel.id, rules: Object.values(ALERT_RULE_DEFAULTS) });
    expect(first.rules.find((r) => r.rule === 'WATER_STRESS')).toMatchObject({ threshold: -0.1, index: 'NDMI' });

    const saved = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        rules: [
          { rule: 'DROP', enabled: true, threshold: 0.15 },
          { rule: 'PARTIAL_DROP', enabled: true, threshold: 0.2, share: 0.35 },
          { rule: 'NEW_IMAGE', enabled: false },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rules = json<ParcelAlertRules>(saved).rules;
    expect(rules).toEqual([
      { rule: 'NEW_IMAGE', enabled: false, index: 'NDVI', threshold: null, share: null },
      { rule: 'DROP', enabled: true, index: 'NDVI', threshold: 0.15, share: null },
      ALERT_RULE_DEFAULTS.WATER_STRESS,
      { rule: 'PARTIAL_DROP', enabled: true, index: 'NDVI', threshold: 0.2, share: 0.35 },
    ]);
    expect(json(await app.inject({ method: 'GET', url, headers }))).toEqual({ parcelId: parcel.id, rules });

    for (const payload of [
      { rules: [{ rule: 'DROP', enabled: true, threshold: 0 }] },
      { rules: [{ rule: 'DROP', enabled: true, threshold: 1.5 }] },
      { rules: [{ rule: 'PARTIAL_DROP', enabled: true, threshold: 0.1, share: 0 }] },
      { rules: [{ rule: 'WATER_STRESS', enabled: true, threshold: -2 }] },
      { rules: [{ rule: 'SOMETHING', enabled: true }] },
      {
        rules: [
          { rule: 'DROP', enabled: true, threshold: 0.2 },
          { rule: 'DROP', enabled: false, threshold: 0.2 },
        ],
      },
      { rules: [] },
    ]) {
      const res = await app.inject({ method: 'PUT', url, headers: { ...headers, 'accept-language': 'ar' }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'البيانات المرسلة غير صالحة.' });
    }
    const threshold = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { rules: [{ rule: 'DROP', enabled: true, threshold: 2 }] },
    });
    expect(json<{ issues: Array<{ message: string }> }>(threshold).issues[0]!.message).toBe(
      'validation.alertThreshold',
    );
    expect(json(await app.inject({ method: 'GET', url, headers }))).toEqual({ parcelId: parcel.id, rules });
  });

  it("another farmer's parcel is not found; staff read the rules but do not write them", async () => {
    const app = t.current;
    const { parcel } = await farmerWithParcel(app);
    const other = await farmerWithParcel(app);
    const url = `/api/parcelle/${parcel.id}/alert-rules`;
    const payload = { rules: [{ rule: 'DROP', enabled: false, threshold: 0.1 }] };
    expect((await app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url, headers: other.headers, payload })).statusCode).toBe(404);
    const manager = await app.createUser({ role: 'Manager' });
    expect((await app.inject({ method: 'GET', url, headers: manager.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url, headers: manager.headers, payload })).statusCode).toBe(403);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/parcelle/2000000000/alert-rules',
      headers: other.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET/PUT /api/alerts/settings', () => {
  const BELL_ALL = { NEW_IMAGE: true, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true };
  const SMS_NONE = { NEW_IMAGE: false, DROP: false, WATER_STRESS: false, PARTIAL_DROP: false };

  it('defaults to Arabic, bell for all, e-mail on for the three problems, no SMS; saved settings are read back', async () => {
    const app = t.current;
    const { headers } = await farmerWithParcel(app);
    const defaults = json<AlertSettings>(await app.inject({ method: 'GET', url: '/api/alerts/settings', headers }));
    expect(defaults).toEqual({
      language: 'ar',
      bell: BELL_ALL,
      email: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
      sms: SMS_NONE,
    });
    const wanted = {
      language: 'fr',
      bell: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
      email: { NEW_IMAGE: true, DROP: false, WATER_STRESS: true, PARTIAL_DROP: false },
      sms: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: false },
    };
    const put = await app.inject({ method: 'PUT', url: '/api/alerts/settings', headers, payload: wanted });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toEqual(wanted);
    expect(json(await app.inject({ method: 'GET', url: '/api/alerts/settings', headers }))).toEqual(wanted);
    // A client that knows only the e-mail choices (before issue 31) leaves the bell and SMS as they are.
    const older = await app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers,
      payload: { language: 'fr', email: wanted.email },
    });
    expect(json(older)).toEqual(wanted);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers,
      payload: { language: 'en', email: wanted.email },
    });
    expect(bad.statusCode).toBe(400);
    for (const payload of [
      { language: 'ar', email: { DROP: true } },
      { language: 'ar', email: wanted.email, sms: { DROP: 'yes' } },
    ]) {
      const partial = await app.inject({ method: 'PUT', url: '/api/alerts/settings', headers, payload });
      expect(partial.statusCode).toBe(400);
    }
    expect(json(await app.inject({ method: 'GET', url: '/api/alerts/settings', headers }))).toEqual(wanted);
  });

  it('the bell off for a kind leaves its alerts out of the notification centre and its unread count', async () => {
    const app = t.current;
    const { user, headers, parcel } = await farmerWithParcel(app);
    await app.database.db.insert(alerts).values(
      (['NEW_IMAGE', 'DROP'] as const).map((rule) => ({
        userId: user.id,
        parcelId: parcel.id,
        rule,
        sceneId: `S2_BELL_${rule}`,
        date: '2026-01-28',
        indexCode: 'NDVI',
        details: { value: 0.5, threshold: null },
      })),
    );
    const list = async () => json<AlertList>(await app.inject({ method: 'GET', url: '/api/alerts', headers }));
    expect((await list()).alerts.map((a) => a.rule).sort()).toEqual(['DROP', 'NEW_IMAGE']);
    const settings = json<AlertSettings>(await app.inject({ method: 'GET', url: '/api/alerts/settings', headers }));
    await app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers,
      payload: { ...settings, bell: { ...settings.bell, NEW_IMAGE: false } },
    });
    const after = await list();
    expect(after.alerts.map((a) => a.rule)).toEqual(['DROP']);
    expect(after.unread).toBe(1);
  });
});
