import { eq, publicationImages, sql, users } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';

const t = useTestApp();

const version = async () => {
  const result = await t.current.database.db.execute<{ version: string }>(
    sql`SELECT version::text AS version FROM marketplace_listing_version`,
  );
  return BigInt(result.rows[0]?.version ?? '-1');
};

interface Page {
  items: Array<{ id: number; nomProduit: string; seller: { wilaya: number | null }; images: unknown[] }>;
  total: number;
}
const search = async (q: string) => {
  const res = await t.current.inject({ method: 'GET', url: `/api/publications/all?q=${q}&page=1&limit=24` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return json<Page>(res);
};

describe('the marketplace listing counter (migration 0006) and the cached listing', () => {
  it('moves with every write the listing reads, not with unrelated ones, and the listing follows at once', async () => {
    const db = t.current.database.db;
    const token = `lv${Date.now().toString(36)}`;
    const { user } = await factories.createUser(t.current.database, { role: 'Seller', sellerRoleId: 2, wilayaId: 16 });

    expect((await search(token)).total).toBe(0);
    const v0 = await version();

    // Written straight into the database (as another API process would): no in-process notice at all.
    const { publication } = await factories.createPublication(db, { userId: user.id, productName: `Tomate ${token}` });
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    const page = await search(token);
    expect(page.items.map((i) => i.id)).toEqual([publication.id]);
    expect(page.items[0]?.seller.wilaya).toBe(16);

    // The seller moves: the cards show the new wilaya on the next request.
    await db.update(users).set({ wilayaId: 9 }).where(eq(users.id, user.id));
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    expect((await search(token)).items[0]?.seller.wilaya).toBe(9);

    // A password change is not the listing's business.
    await db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, user.id));
    expect(await version()).toBe(v2);

    // Photos are part of the cards.
    await db
      .insert(publicationImages)
      .values({ publicationId: publication.id, key: `publications/${token}.webp`, position: 0 });
    expect(await version()).toBeGreaterThan(v2);
    expect((await search(token)).items[0]?.images).toHaveLength(1);
  });
});
