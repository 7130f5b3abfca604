import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, kit } from '../plans/test-kit.ts';
import type { IndexConfig } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;
const url = (userId: number) => `/api/indice/${userId}/indices`;

describe('GET /api/indice/{userId}/indices', () => {
  it("answers the active plan's indices with legends and only the farmer's parcels", async () => {
    const [farmer, neighbour] = [await k.as('User'), await k.as('User')];
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 6, NDMI: 2 } });
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, planId: plan.id });
    const { parcel } = await factories.createParcel(db(), { userId: farmer.id, name: 'Champ nord' });
    await factories.createParcel(db(), { userId: neighbour.id });
    const res = await k.get(url(farmer.id), { ...farmer.headers, 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    const config = json<IndexConfig[]>(res);
    expect(config.map((c) => [c.indiceName, c.code, c.nbreq_total, c.nbreq_restante])).toEqual([
      ['Indice NDVI', 'NDVI', 6, 6],
      ['Indice NDMI', 'NDMI', 2, 2],
    ]);
    const ndvi = config[0];
    expect(ndvi?.abonnementUserId).toBe(subscription.id);
    expect(JSON.parse(ndvi?.description ?? '{}')).toEqual({
      ar: expect.any(String),
      fr: expect.stringContaining('NDVI'),
    });
    expect(ndvi?.legende.length).toBeGreaterThanOrEqual(4);
    expect(ndvi?.legende.every((l) => l.indiceId === ndvi.indiceId && l.intervalDeb < l.intervalFin)).toBe(true);
    expect(ndvi?.legende[0]?.descriptionLeg).toMatch(/[A-Za-z]/); // French asked
    expect(ndvi?.parcelles).toEqual([
      expect.objectContaining({
        id: parcel.id,
        identifiantU: 'Champ nord',
        userId: farmer.id,
        bWS: parcel.bWS,
        bEN: parcel.bEN,
      }),
    ]);
    expect(ndvi?.parcelles[0]?.geom.type).toBe('Polygon');
  });

  it('answers 403 SUBSCRIPTION_REQUIRED without a subscription and SUBSCRIPTION_INACTIVE while pending', async () => {
    const farmer = await k.as('User');
    const none = await k.get(url(farmer.id), farmer.headers);
    expect(none.statusCode).toBe(403);
    expect(codeOf(none)).toBe('SUBSCRIPTION_REQUIRED');
    await factories.createFarmerSubscription(db(), { userId: farmer.id, state: 'désactivé' });
    const pending = await k.get(url(farmer.id), farmer.headers);
    expect(pending.statusCode).toBe(403);
    expect(codeOf(pending)).toBe('SUBSCRIPTION_INACTIVE');
  });

  it("refuses another farmer's configuration (403, no data); admin and manager may read it", async () => {
    const [farmer, other] = [await k.as('User'), await k.as('User')];
    const { admin, manager } = await k.cast();
    await factories.createFarmerSubscription(db(), { userId: other.id });
    await factories.createParcel(db(), { userId: other.id, name: 'Secret' });
    const res = await k.get(url(other.id), farmer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Secret');
    for (const caller of [admin, manager]) {
      const ok = await k.get(url(other.id), caller.headers);
      expect(ok.statusCode).toBe(200);
      expect(json<IndexConfig[]>(ok)[0]?.parcelles[0]?.identifiantU).toBe('Secret');
    }
    expect((await k.get(url(other.id))).statusCode).toBe(401);
  });
});
