import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { ROLE_IDS, WILAYAS } from '@filaha/shared';
import type { Db } from '../client.ts';
import { roles, sellerRoles, wilayas } from '../schema/index.ts';

/** Role rows with their fixed ids (the earlier product's clients send 2 for farmers and 6 for sellers). */
export const ROLE_ROWS = [
  { id: ROLE_IDS.admin, name: 'Admin' },
  { id: ROLE_IDS.user, name: 'User' },
  { id: ROLE_IDS.manager, name: 'Manager' },
  { id: ROLE_IDS.investor, name: 'Investor' },
  { id: ROLE_IDS.seller, name: 'Seller' },
] as const;

export const SELLER_ROLE_ROWS = [
  { id: 1, nameFr: 'Agriculteur', nameAr: 'فلاح' },
  { id: 2, nameFr: "Fournisseur d'intrants", nameAr: 'مورد المدخلات الزراعية' },
  { id: 3, nameFr: 'Fournisseur de matériel', nameAr: 'مورد المعدات الفلاحية' },
  { id: 4, nameFr: 'Distributeur', nameAr: 'موزع' },
  { id: 5, nameFr: 'Coopérative', nameAr: 'تعاونية' },
  { id: 6, nameFr: 'Entreprise', nameAr: 'مؤسسة' },
] as const;

/**
 * Rows inserted with explicit ids leave identity sequences behind; move each sequence past the
 * highest id so the next insert without an id does not collide.
 */
export async function syncIdentity(db: Db, table: string): Promise<void> {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT max(id) FROM ${sql.identifier(table)}), 1))`,
  );
}

export async function seedReference(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values([...ROLE_ROWS])
    .onConflictDoNothing();
  await syncIdentity(db, 'roles');
  await db
    .insert(sellerRoles)
    .values([...SELLER_ROLE_ROWS])
    .onConflictDoNothing();
  await syncIdentity(db, 'seller_roles');
  await db
    .insert(wilayas)
    .values(WILAYAS.map((w) => ({ id: w.id, nameFr: w.fr, nameAr: w.ar })))
    .onConflictDoNothing();
  await seedWilayaBoundaries(db);
}

/** The wilayas' outlines the seed loads (wilaya_boundaries): the file the web map draws too. */
const BOUNDARIES_FILE = '@filaha/shared/geodata/wilaya-boundaries.json';

/** A name folded for matching (accents, case, spaces and apostrophes dropped). */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Natural Earth's spellings that differ from the official list (WILAYAS). */
const ALIASES: Record<string, string> = { tamanghasset: 'tamanrasset' };

/**
 * The wilayas' outlines, once (while the table is empty): each feature of the bundled file matched to its wilaya by
 * name. A feature that matches none stops the seed: a boundary is never attached to the wrong wilaya.
 */
export async function seedWilayaBoundaries(db: Db): Promise<void> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM wilaya_boundaries`);
  if ((rows[0]?.n ?? 0) > 0) return;
  const file = createRequire(import.meta.url).resolve(BOUNDARIES_FILE);
  const collection = JSON.parse(await readFile(file, 'utf8')) as {
    attribution?: string;
    features: Array<{ properties: { name: string }; geometry: unknown }>;
  };
  const idOf = new Map(WILAYAS.map((w) => [fold(w.fr), w.id]));
  const source = collection.attribution ?? 'geoBoundaries (OpenStreetMap, ODbL)';
  const features = collection.features.map((f) => {
    const folded = fold(f.properties.name);
    const id = idOf.get(ALIASES[folded] ?? folded);
    if (id === undefined) throw new Error(`${BOUNDARIES_FILE}: no wilaya named ${f.properties.name}`);
    return { id, geom: JSON.stringify(f.geometry) };
  });
  await db.execute(sql`
    INSERT INTO wilaya_boundaries (wilaya_id, source, geom)
    SELECT f.id, ${source}, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(f.geom), 4326)), 3))
      FROM jsonb_to_recordset(${JSON.stringify(features)}::jsonb) AS f(id int, geom text)
    ON CONFLICT (wilaya_id) DO NOTHING`);
}
