import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FARMER_FIELD_KEYS, DEMO_FIELDS } from '@filaha/shared';
import type { Database } from './client.ts';
import { verifyPassword } from './password.ts';
import {
  farmerSubscriptions,
  indices,
  legends,
  parcels,
  planIndices,
  publications,
  sellerSubscriptions,
  subscriptionIndexUsage,
  users,
} from './schema/index.ts';
import { DEMO_ACCOUNTS, seed } from './seed/index.ts';
import { DEMO_COOPERATIVE } from './seed/demo.ts';
import { createTestDatabase } from './testing/index.ts';

const TABLES = [
  'users',
  'roles',
  'seller_roles',
  'wilayas',
  'wilaya_boundaries',
  'user_seller_roles',
  'functionalities',
  'plans',
  'plan_functionalities',
  'indices',
  'legends',
  'plan_indices',
  'farmer_subscriptions',
  'subscription_index_usage',
  'parcels',
  'seller_plans',
  'seller_plan_functionalities',
  'seller_subscriptions',
  'publications',
  'organisations',
  'organisation_members',
  'parcel_grants',
];

async function counts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    );
    out[table] = rows[0]?.n ?? -1;
  }
  return out;
}

describe('seed', () => {
  let database: Database;
  const admin = { email: 'Chef@Filaha.DZ', password: 'admin-password-1' };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is idempotent: a second and third run change no row count', async () => {
    const first = await seed(database, { admin, demo: true });
    const afterFirst = await counts(database);
    const second = await seed(database, { admin, demo: true });
    await seed(database, { demo: false });
    expect(await counts(database)).toEqual(afterFirst);
    expect(second.accounts).toEqual(first.accounts);
    expect(afterFirst.wilayas).toBe(58);
    // The 48 wilayas of Natural Earth's outlines (the 1984 division), each matched to its wilaya by name.
    expect(afterFirst.wilaya_boundaries).toBe(48);
    const at = async (lon: number, lat: number) =>
      (
        await database.db.execute<{ name: string }>(sql`
          SELECT w.name_fr AS name FROM wilaya_boundaries b JOIN wilayas w ON w.id = b.wilaya_id
           WHERE ST_Contains(b.geom, ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326))`)
      ).rows.map((r) => r.name);
    expect(await at(2.83, 36.48)).toEqual(['Blida']);
    expect(await at(-0.63, 35.7)).toEqual(['Oran']);
    expect(await at(5.41, 36.19)).toEqual(['Sétif']);
    expect(await at(5.53, 22.79)).toEqual(['Tamanrasset']);
    expect(afterFirst.indices).toBe(5);
    expect(afterFirst.users).toBe(1 + DEMO_ACCOUNTS.length);
  });

  it('stores the admin lower-case with a working password, and returns every account', async () => {
    const result = await seed(database, { admin, demo: true });
    expect(result.accounts.map((a) => a.role).sort()).toEqual([
      'Admin',
      'Admin',
      'Investor',
      'Manager',
      'Seller',
      'User',
    ]);
    for (const account of result.accounts) {
      const [row] = await database.db.select().from(users).where(eq(users.email, account.email));
      expect(row, account.email).toBeDefined();
      await expect(verifyPassword(account.password, row?.passwordHash ?? '')).resolves.toBe(true);
    }
    expect(result.accounts[0]?.email).toBe('chef@filaha.dz');
  });

  it('seeds the five indices with bilingual texts and ordered, non-overlapping legends', async () => {
    const rows = await database.db.select().from(indices).orderBy(indices.id);
    expect(rows.map((r) => r.code)).toEqual(['NDVI', 'NDMI', 'NDWI', 'NDRE', 'MSAVI']);
    for (const index of rows) {
      expect(index.name).toBe(`Indice ${index.code}`);
      expect(index.description.ar.length).toBeGreaterThan(20);
      expect(index.description.fr.length).toBeGreaterThan(20);
      expect(index.recommendations.length).toBeGreaterThanOrEqual(3);
      const legend = await database.db
        .select()
        .from(legends)
        .where(eq(legends.indexId, index.id))
        .orderBy(legends.position);
      expect(legend[0]?.intervalStart).toBe(-1);
      expect(legend.at(-1)?.intervalEnd).toBe(1);
      legend.slice(1).forEach((l, i) => expect(l.intervalStart).toBe(legend[i]?.intervalEnd));
    }
  });

  it('gives the demo farmer an active subscription with usage from the plan, and the two demo parcels', async () => {
    const farmer = DEMO_ACCOUNTS.find((a) => a.role === 'User');
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, farmer?.email ?? ''));
    const subs = await database.db
      .select()
      .from(farmerSubscriptions)
      .where(eq(farmerSubscriptions.userId, user?.id ?? 0));
    expect(subs).toHaveLength(1);
    expect(subs[0]?.state).toBe('actif');
    const usage = await database.db
      .select()
      .from(subscriptionIndexUsage)
      .where(eq(subscriptionIndexUsage.subscriptionId, subs[0]?.id ?? 0));
    const granted = await database.db
      .select()
      .from(planIndices)
      .where(eq(planIndices.planId, subs[0]?.planId ?? 0));
    expect(usage).toHaveLength(5);
    expect(usage.map((u) => [u.indexId, u.total, u.used]).sort()).toEqual(
      granted.map((g) => [g.indexId, g.requestCount, 0]).sort(),
    );
    const fields = await database.db
      .select()
      .from(parcels)
      .where(eq(parcels.userId, user?.id ?? 0));
    const expected = DEMO_FARMER_FIELD_KEYS.map((k) => DEMO_FIELDS.find((f) => f.key === k)?.nameFr);
    expect(fields.map((f) => f.name).sort()).toEqual([...expected].sort());
  });

  it('gives the demo seller an active subscription and a few publications', async () => {
    const seller = DEMO_ACCOUNTS.find((a) => a.role === 'Seller');
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, seller?.email ?? ''));
    const [sub] = await database.db
      .select()
      .from(sellerSubscriptions)
      .where(eq(sellerSubscriptions.userId, user?.id ?? 0));
    expect(sub?.state).toBe('actif');
    const pubs = await database.db
      .select()
      .from(publications)
      .where(eq(publications.userId, user?.id ?? 0));
    expect(pubs.length).toBeGreaterThanOrEqual(2);
    expect(sub?.postsUsed).toBe(pubs.length);
  });

  it("gives the demo cooperative the demo farmer's consent once: a revoked consent is not given again", async () => {
    const farmer = DEMO_ACCOUNTS.find((a) => a.role === 'User')!;
    const grants = async () =>
      (
        await database.db.execute<{ active: number; revoked: number }>(sql`
          SELECT count(*) FILTER (WHERE g.revoked_at IS NULL)::int AS active,
                 count(*) FILTER (WHERE g.revoked_at IS NOT NULL)::int AS revoked
            FROM parcel_grants g JOIN organisations o ON o.id = g.organisation_id
            JOIN users u ON u.id = g.farmer_id
           WHERE o.access_code = ${DEMO_COOPERATIVE.accessCode} AND u.email = ${farmer.email} AND g.parcel_id IS NULL`)
      ).rows[0];
    await seed(database, { demo: true });
    expect(await grants()).toEqual({ active: 1, revoked: 0 });
    await database.db.execute(sql`UPDATE parcel_grants SET revoked_at = now()`);
    await seed(database, { demo: true });
    expect(await grants()).toEqual({ active: 0, revoked: 1 });
  });

  it("adds the demo cooperative's own parcels with their two seasons while it holds none, once", async () => {
    const square = (x: number, y: number): Array<[number, number]> => [
      [x, y],
      [x + 0.002, y],
      [x + 0.002, y + 0.002],
      [x, y + 0.002],
      [x, y],
    ];
    const territory = [
      { crop: 'durum_wheat', sowing: '2024-11-20', irrigated: false },
      { crop: 'citrus', sowing: null, irrigated: true },
    ].map(({ crop, sowing, irrigated }, i) => ({
      name: `MTJ-000${i + 1}-1`,
      ring: square(2.97 + i * 0.003, 36.62),
      crop,
      sowingDate: { 2024: sowing, 2025: sowing && '2025-11-20' },
      irrigated,
      irrigationSystem: irrigated ? 'drip' : null,
      flowRateM3h: irrigated ? 12 : null,
      farmerContact: `fellah.10${i}@demo.filaha.dz`,
    }));
    const held = async () =>
      (
        await database.db.execute<{ name: string; contact: string; crop: string; seasons: string }>(sql`
          SELECT p.name, p.farmer_contact AS contact, p.crop,
                 string_agg(s.season || ':' || s.crop || ':' || coalesce(s.sowing_date::text, '-') || ':' ||
                            s.irrigated, ' ' ORDER BY s.season) AS seasons
            FROM parcels p JOIN organisations o ON o.id = p.organisation_id
            LEFT JOIN parcel_seasons s ON s.parcel_id = p.id
           WHERE o.access_code = ${DEMO_COOPERATIVE.accessCode} AND p.user_id IS NULL
           GROUP BY p.name, p.farmer_contact, p.crop ORDER BY p.name`)
      ).rows;
    await seed(database, { demo: true, territory });
    const expected = [
      {
        name: 'MTJ-0001-1',
        contact: 'fellah.100@demo.filaha.dz',
        crop: 'durum_wheat',
        seasons: '2024:durum_wheat:2024-11-20:false 2025:durum_wheat:2025-11-20:false',
      },
      {
        name: 'MTJ-0002-1',
        contact: 'fellah.101@demo.filaha.dz',
        crop: 'citrus',
        seasons: '2024:citrus:-:true 2025:citrus:-:true',
      },
    ];
    expect(await held()).toEqual(expected);
    // Seeded again, or with another list: nothing added while it holds parcels.
    await seed(database, { demo: true, territory: territory.map((p) => ({ ...p, name: `${p.name}b` })) });
    expect(await held()).toEqual(expected);
  });
});
