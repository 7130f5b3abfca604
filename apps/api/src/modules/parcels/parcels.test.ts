import { eq, indexResults, parcels } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, kit } from '../plans/test-kit.ts';
import type { Parcel } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

describe('GET /api/parcelle', () => {
  it('shows a farmer only their own parcels', async () => {
    const [farmer, other] = [await k.as('User'), await k.as('User')];
    const { parcel: mine } = await factories.createParcel(db(), { userId: farmer.id, name: 'A moi' });
    await factories.createParcel(db(), { userId: other.id, name: 'Pas a moi' });
    const res = await k.get('/api/parcelle', farmer.headers);
    expect(res.statusCode).toBe(200);
    const list = json<Parcel[]>(res);
    expect(list.map((p) => p.id)).toEqual([mine.id]);
    expect(list[0]).toMatchObject({
      parcelleId: mine.id,
      identifiantU: 'A moi',
      userId: farmer.id,
      bWS: mine.bWS,
      bWN: mine.bWN,
      bES: mine.bES,
      bEN: mine.bEN,
    });
    expect(list[0]?.geom).toEqual(mine.geom);
    expect(list[0]?.areaHa).toBeCloseTo(mine.areaM2 / 10_000, 3);
    // Asking for someone else's list is refused, not silently answered.
    expect((await k.get(`/api/parcelle?userId=${other.id}`, farmer.headers)).statusCode).toBe(403);
    expect(json<Parcel[]>(await k.get(`/api/parcelle?userId=${farmer.id}`, farmer.headers))).toHaveLength(1);
  });

  it('shows admin and manager every parcel, or one user’s with ?userId=', async () => {
    const [a, b] = [await k.as('User'), await k.as('User')];
    const { admin, manager } = await k.cast();
    const { parcel: pa } = await factories.createParcel(db(), { userId: a.id });
    const { parcel: pb } = await factories.createParcel(db(), { userId: b.id });
    for (const caller of [admin, manager]) {
      const all = json<Parcel[]>(await k.get('/api/parcelle', caller.headers)).map((p) => p.id);
      expect(all).toEqual(expect.arrayContaining([pa.id, pb.id]));
      expect(json<Parcel[]>(await k.get(`/api/parcelle?userId=${a.id}`, caller.headers)).map((p) => p.id)).toEqual([
        pa.id,
      ]);
    }
  });

  it('refuses anonymous callers and sellers', async () => {
    expect((await k.get('/api/parcelle')).statusCode).toBe(401);
    expect((await k.get('/api/parcelle', (await k.as('Seller')).headers)).statusCode).toBe(403);
  });
});

describe('GET /api/parcelle/{id}', () => {
  it('answers the owner and staff; another farmer gets 404 and no data', async () => {
    const [owner, other] = [await k.as('User'), await k.as('User')];
    const { admin, manager } = await k.cast();
    const { parcel } = await factories.createParcel(db(), { userId: owner.id, name: 'Verger' });
    for (const caller of [owner, admin, manager]) {
      const res = await k.get(`/api/parcelle/${parcel.id}`, caller.headers);
      expect(res.statusCode).toBe(200);
      expect(json<Parcel>(res).identifiantU).toBe('Verger');
    }
    const res = await k.get(`/api/parcelle/${parcel.id}`, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Verger');
    expect(codeOf(await k.get('/api/parcelle/99999999', admin.headers))).toBe('NOT_FOUND');
  });
});

describe('DELETE /api/parcelle/{id}', () => {
  it('lets the owner delete their parcel; its produced images go with it', async () => {
    const owner = await k.as('User');
    const { parcel } = await factories.createParcel(db(), { userId: owner.id });
    await factories.createIndexResult(db(), { userId: owner.id, parcelId: parcel.id });
    const res = await k.del(`/api/parcelle/${parcel.id}`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(parcels).where(eq(parcels.id, parcel.id))).toEqual([]);
    expect(await db().select().from(indexResults).where(eq(indexResults.parcelId, parcel.id))).toEqual([]);
  });

  it('lets an admin delete any parcel; another farmer and a manager cannot', async () => {
    const [owner, other] = [await k.as('User'), await k.as('User')];
    const { admin, manager } = await k.cast();
    const { parcel } = await factories.createParcel(db(), { userId: owner.id });
    expect((await k.del(`/api/parcelle/${parcel.id}`, other.headers)).statusCode).toBe(404);
    expect((await k.del(`/api/parcelle/${parcel.id}`, manager.headers)).statusCode).toBe(403);
    expect((await k.del(`/api/parcelle/${parcel.id}`)).statusCode).toBe(401);
    expect(await db().select().from(parcels).where(eq(parcels.id, parcel.id))).toHaveLength(1);
    expect((await k.del(`/api/parcelle/${parcel.id}`, admin.headers)).statusCode).toBe(200);
    expect(codeOf(await k.del(`/api/parcelle/${parcel.id}`, admin.headers))).toBe('NOT_FOUND');
  });

  it('removes the parcels of a deleted farmer (no orphans)', async () => {
    const owner = await k.as('User');
    const { admin } = await k.cast();
    const { parcel } = await factories.createParcel(db(), { userId: owner.id });
    expect((await k.del(`/api/users/${owner.id}`, admin.headers)).statusCode).toBe(200);
    expect(await db().select().from(parcels).where(eq(parcels.id, parcel.id))).toEqual([]);
  });
});
