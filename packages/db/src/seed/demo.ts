import { and, eq, sql } from 'drizzle-orm';
import { DEMO_FARMER_FIELD_KEYS, DEMO_FIELDS } from '@filaha/shared';
import type { Db } from '../client.ts';
import {
  farmerSubscriptions,
  parcels,
  plans,
  publications,
  sellerPlans,
  sellerSubscriptions,
  users,
} from '../schema/index.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { createUsageRows } from './catalog.ts';
import { DEMO_FARMER_PLAN, DEMO_SELLER_PLAN } from './plans.ts';

async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`Demo account ${email} is missing`);
  return row.id;
}

const demoEmail = (role: (typeof DEMO_ACCOUNTS)[number]['role']) => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo ${role}`);
  return account.email;
};

/** YYYY-MM-DD in UTC, `years` years from today. */
function isoDate(years = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** Demo farmer: an active subscription with its usage rows, and two parcels in the Mitidja plain. */
async function seedDemoFarmer(db: Db): Promise<void> {
  const farmerId = await userId(db, demoEmail('User'));
  const [existing] = await db
    .select({ id: farmerSubscriptions.id })
    .from(farmerSubscriptions)
    .where(eq(farmerSubscriptions.userId, farmerId));
  if (!existing) {
    const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, DEMO_FARMER_PLAN));
    if (!plan) throw new Error(`Demo plan ${DEMO_FARMER_PLAN} is missing`);
    const now = new Date();
    const [subscription] = await db
      .insert(farmerSubscriptions)
      .values({ planId: plan.id, userId: farmerId, subscribedAt: now, state: 'actif', activatedAt: now })
      .returning({ id: farmerSubscriptions.id });
    if (subscription) await createUsageRows(db, subscription.id);
  }
  for (const key of DEMO_FARMER_FIELD_KEYS) {
    const field = DEMO_FIELDS.find((f) => f.key === key);
    if (!field) throw new Error(`Demo field ${key} is missing from DEMO_FIELDS`);
    const [present] = await db
      .select({ id: parcels.id })
      .from(parcels)
      .where(and(eq(parcels.userId, farmerId), eq(parcels.name, field.nameFr)));
    if (present) continue;
    await db.insert(parcels).values({
      name: field.nameFr,
      userId: farmerId,
      geom: { type: 'Polygon', coordinates: [field.ring.map(([lon, lat]) => [lon, lat] as [number, number])] },
      crop: field.crop,
    });
  }
  await seedDemoFarmerWater(db, farmerId);
}

/**
 * The demo farmer's fields for the water advice (issue 31 §2): their crops of the seasons 2024–25 to 2026–27 (as
 * the demo imagery paints them: the orchard under drip, the maize under a pivot sown in April, the durum wheat
 * rainfed and sown in November, with a well for a supplemental irrigation) and a soil. A season the farmer
 * recorded, and a soil they chose, are never replaced.
 */
/** Every 7 days over each [from, to] window (inclusive), `depthMm` each time. */
function weekly(windows: Array<[string, string]>, depthMm: number): Array<{ date: string; depthMm: number }> {
  const out: Array<{ date: string; depthMm: number }> = [];
  for (const [from, to] of windows)
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 7 * 86_400_000)
      out.push({ date: new Date(t).toISOString().slice(0, 10), depthMm });
  return out;
}

export const DEMO_FARMER_WATER: Record<
  (typeof DEMO_FARMER_FIELD_KEYS)[number],
  {
    soil: string;
    waterSource: boolean;
    seasons: Array<{ season: number; crop: string; sowing: string | null; system: string | null; flow: number | null }>;
    /** The irrigations the demo farmer "recorded" (a weekly round in the dry months), added while the field has none. */
    irrigations?: Array<{ date: string; depthMm: number }>;
  }
> = {
  citrus: {
    soil: 'loam',
    waterSource: true,
    seasons: [2024, 2025, 2026].map((season) => ({ season, crop: 'citrus', sowing: null, system: 'drip', flow: 45 })),
    irrigations: weekly(
      [
        ['2025-05-02', '2025-10-10'],
        ['2026-05-01', '2026-10-09'],
      ],
      30,
    ),
  },
  maize: {
    soil: 'silt_loam',
    waterSource: true,
    seasons: [
      { season: 2024, crop: 'maize', sowing: '2025-04-10', system: 'centre_pivot', flow: 90 },
      { season: 2025, crop: 'maize', sowing: '2026-04-12', system: 'centre_pivot', flow: 90 },
    ],
    irrigations: weekly(
      [
        ['2025-05-20', '2025-08-26'],
        ['2026-05-19', '2026-08-25'],
      ],
      35,
    ),
  },
  wheat: {
    soil: 'clay',
    waterSource: true,
    seasons: [
      { season: 2024, crop: 'durum_wheat', sowing: '2024-11-20', system: null, flow: null },
      { season: 2025, crop: 'durum_wheat', sowing: '2025-11-18', system: null, flow: null },
      { season: 2026, crop: 'durum_wheat', sowing: '2026-11-16', system: null, flow: null },
    ],
  },
};

async function seedDemoFarmerWater(db: Db, farmerId: number): Promise<void> {
  for (const key of DEMO_FARMER_FIELD_KEYS) {
    const field = DEMO_FIELDS.find((f) => f.key === key)!;
    const water = DEMO_FARMER_WATER[key];
    const [parcel] = await db
      .select({ id: parcels.id })
      .from(parcels)
      .where(and(eq(parcels.userId, farmerId), eq(parcels.name, field.nameFr)));
    if (!parcel) continue;
    await db.execute(sql`
      UPDATE parcels SET soil_texture = ${water.soil}, water_source = ${water.waterSource}
       WHERE id = ${parcel.id} AND soil_texture IS NULL`);
    const rows = water.seasons.map((s) => ({ ...s, parcel: parcel.id, irrigated: s.system !== null }));
    await db.execute(sql`
      INSERT INTO parcel_seasons (parcel_id, season, crop, sowing_date, irrigated, irrigation_system, flow_rate_m3h)
      SELECT s.parcel, s.season, s.crop, s.sowing, s.irrigated, s.system, s.flow
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS s(parcel int, season int, crop text, sowing date, irrigated boolean, system text, flow float8)
      ON CONFLICT (parcel_id, season) DO NOTHING`);
    if (water.irrigations?.length) {
      await db.execute(sql`
        INSERT INTO parcel_irrigations (parcel_id, date, depth_mm, created_by)
        SELECT ${parcel.id}, i.date, i.depth, ${farmerId}
          FROM jsonb_to_recordset(${JSON.stringify(water.irrigations.map((i) => ({ date: i.date, depth: i.depthMm })))}::jsonb)
            AS i(date date, depth float8)
         WHERE NOT EXISTS (SELECT 1 FROM parcel_irrigations WHERE parcel_id = ${parcel.id})`);
    }
  }
}

const DEMO_PUBLICATIONS = [
  {
    productName: 'Tomates fraîches de plein champ',
    unitPrice: 80,
    quantity: 2000,
    unit: 'kg',
    address: 'Boufarik, Blida',
  },
  { productName: "Huile d'olive extra vierge", unitPrice: 1200, quantity: 300, unit: 'litre', address: 'Bouira' },
  { productName: 'Semences de blé dur certifiées', unitPrice: 9500, quantity: 50, unit: 'quintal', address: 'Sétif' },
] as const;

/** Demo seller: an active seller subscription (unlimited plan) and a few publications without images. */
async function seedDemoSeller(db: Db): Promise<void> {
  const sellerId = await userId(db, demoEmail('Seller'));
  let [subscription] = await db
    .select({ id: sellerSubscriptions.id })
    .from(sellerSubscriptions)
    .where(eq(sellerSubscriptions.userId, sellerId));
  if (!subscription) {
    const [plan] = await db
      .select({ id: sellerPlans.id })
      .from(sellerPlans)
      .where(eq(sellerPlans.name, DEMO_SELLER_PLAN));
    if (!plan) throw new Error(`Demo seller plan ${DEMO_SELLER_PLAN} is missing`);
    [subscription] = await db
      .insert(sellerSubscriptions)
      .values({ sellerPlanId: plan.id, userId: sellerId, startDate: isoDate(), endDate: isoDate(1), state: 'actif' })
      .returning({ id: sellerSubscriptions.id });
  }
  if (!subscription) return;
  const [anyPublication] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(eq(publications.userId, sellerId))
    .limit(1);
  if (anyPublication) return;
  await db.insert(publications).values(
    DEMO_PUBLICATIONS.map((p) => ({
      ...p,
      userId: sellerId,
      sellerSubscriptionId: subscription.id,
      phone: '0555123456',
      state: 'DISPO' as const,
    })),
  );
  await db
    .update(sellerSubscriptions)
    .set({ postsUsed: DEMO_PUBLICATIONS.length })
    .where(eq(sellerSubscriptions.id, subscription.id));
}

/** The demo cooperative (issue 30 §5): synthetic, and named so. Its access code is fixed so the README can name it. */
export const DEMO_COOPERATIVE = { name: 'Coopérative de la Mitidja (démo, fictive)', accessCode: 'MTDJ2526' } as const;

/** One parcel of the demo cooperative's own (made by @filaha/imagery's demoTerritoryParcels from the demo imagery's layout). */
export interface DemoTerritoryParcelSeed {
  name: string;
  ring: Array<[number, number]>;
  crop: string;
  sowingDate: { 2024: string | null; 2025: string | null };
  irrigated: boolean;
  irrigationSystem: string | null;
  flowRateM3h: number | null;
  farmerContact: string;
}

/**
 * The demo cooperative, with the demo farmer as its admin (so one account shows both sides: the farmer's consent
 * and the organisation's view) and the farmer's consent to all their parcels. The consent is given once, when the
 * cooperative is first made: a farmer who revoked it is never granted again by a restart. Its own parcels (issue 30
 * §5: the demo area's generated fields, with their crops of the seasons 2024–25 and 2025–26) are added while it
 * holds none.
 */
async function seedDemoCooperative(db: Db, territory: ReadonlyArray<DemoTerritoryParcelSeed>): Promise<void> {
  const farmerId = await userId(db, demoEmail('User'));
  const created = await db.execute<{ id: number }>(sql`
    INSERT INTO organisations (name, type, access_code)
    VALUES (${DEMO_COOPERATIVE.name}, 'cooperative', ${DEMO_COOPERATIVE.accessCode})
    ON CONFLICT DO NOTHING RETURNING id`);
  const id = created.rows[0]?.id;
  if (id !== undefined) {
    await db.execute(sql`
      INSERT INTO organisation_members (organisation_id, user_id, role) VALUES (${id}, ${farmerId}, 'admin')
      ON CONFLICT DO NOTHING`);
    await db.execute(
      sql`INSERT INTO parcel_grants (organisation_id, farmer_id, parcel_id) VALUES (${id}, ${farmerId}, NULL)`,
    );
  }
  if (territory.length > 0) await seedDemoTerritory(db, territory);
}

/** The cooperative's own parcels and their seasons, in two statements, while it holds none. */
async function seedDemoTerritory(db: Db, territory: ReadonlyArray<DemoTerritoryParcelSeed>): Promise<void> {
  const { rows } = await db.execute<{ id: number; holds: boolean }>(sql`
    SELECT o.id, EXISTS (SELECT 1 FROM parcels p WHERE p.organisation_id = o.id) AS holds
      FROM organisations o WHERE o.access_code = ${DEMO_COOPERATIVE.accessCode}`);
  const org = rows[0];
  if (!org || org.holds) return;
  const features = territory.map((p) => ({
    name: p.name,
    contact: p.farmerContact,
    crop: p.crop,
    geom: JSON.stringify({ type: 'Polygon', coordinates: [p.ring] }),
  }));
  // `crop` on the parcel as an import writes it (the organisation's parcel list shows it), and per season below.
  const inserted = await db.execute<{ id: number; name: string }>(sql`
    INSERT INTO parcels (name, organisation_id, farmer_contact, crop, geom)
    SELECT f.name, ${org.id}, f.contact, f.crop, ST_SetSRID(ST_GeomFromGeoJSON(f.geom), 4326)
      FROM jsonb_to_recordset(${JSON.stringify(features)}::jsonb) AS f(name text, contact text, crop text, geom text)
    RETURNING id, name`);
  const idOf = new Map(inserted.rows.map((r) => [r.name, r.id]));
  const seasons = territory.flatMap((p) =>
    ([2024, 2025] as const).map((season) => ({
      parcel: idOf.get(p.name)!,
      season,
      crop: p.crop,
      sowing: p.sowingDate[season],
      irrigated: p.irrigated,
      system: p.irrigationSystem,
      flow: p.flowRateM3h,
    })),
  );
  await db.execute(sql`
    INSERT INTO parcel_seasons (parcel_id, season, crop, sowing_date, irrigated, irrigation_system, flow_rate_m3h)
    SELECT s.parcel, s.season, s.crop, s.sowing, s.irrigated, s.system, s.flow
      FROM jsonb_to_recordset(${JSON.stringify(seasons)}::jsonb)
        AS s(parcel int, season int, crop text, sowing date, irrigated boolean, system text, flow float8)`);
}

export async function seedDemoData(db: Db, territory: ReadonlyArray<DemoTerritoryParcelSeed> = []): Promise<void> {
  await seedDemoFarmer(db);
  await seedDemoSeller(db);
  await seedDemoCooperative(db, territory);
}
