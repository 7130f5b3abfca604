import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from './client.ts';
import { readMigrations } from './migrate.ts';
import { createScratchDatabase } from './testing/scratch-database.ts';

/**
 * Migration 0010 (bilingual catalogue texts, publication units) on a database that already holds rows written
 * before it: the rows stay, the seeded French texts get their Arabic versions, an administrator's own wording
 * does not, and every existing publication gets a unit.
 */
interface Exec {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
}

const TARGET = '0010_bilingual_catalog_units';

async function migrateAroundTarget(db: Exec): Promise<void> {
  const migrations = await readMigrations();
  const at = migrations.findIndex((m) => m.name === TARGET);
  expect(at).toBeGreaterThan(0);
  for (const m of migrations.slice(0, at)) await db.exec(m.sql);
  // Rows as a database of before 0010 holds them: seeded texts, an edited plan, and publications.
  await db.exec(`
    INSERT INTO functionalities (name, psudo) VALUES ('Statistiques de végétation', 'statistiques'), ('Conseil maison', 'maison');
    INSERT INTO plans (name, client_name, prices) VALUES ('Standard', 'Exploitations de 10 à 50 ha', '40000 DA/an'),
      ('Premium', 'Grandes fermes (texte de l''admin)', '90000 DA/an'), ('Plan maison', 'Tout le monde', '1000 DA');
    INSERT INTO seller_plans (name, client_name, price, description) VALUES
      ('Vendeur Pro', 'Fournisseurs, distributeurs et coopératives', 12000, 'Annonces illimitées, mises en avant dans la marketplace.');
    INSERT INTO roles (id, name) VALUES (6, 'Seller') ON CONFLICT DO NOTHING;
  `);
  const [role] = await db.rows<{ id: number }>(`SELECT id FROM roles WHERE name = 'Seller'`);
  await db.exec(`
    INSERT INTO users (email, password_hash, user_name, role_id)
      VALUES ('seller@demo.filaha.dz', 'x', 'Vendeur', ${role?.id ?? 6}), ('other@example.dz', 'x', 'Autre', ${role?.id ?? 6});
    INSERT INTO publications (user_id, product_name, unit_price, address, phone, quantity)
      SELECT id, 'Huile d''olive extra vierge', 1200, 'Bouira', '0555123456', 300 FROM users WHERE email = 'seller@demo.filaha.dz';
    INSERT INTO publications (user_id, product_name, unit_price, address, phone, quantity)
      SELECT id, 'Huile d''olive extra vierge', 900, 'Tizi Ouzou', '0555123457', 10 FROM users WHERE email = 'other@example.dz';
  `);
  const target = migrations[at];
  if (!target) throw new Error('missing migration');
  await db.exec(target.sql);
}

async function expectMigrated(db: Exec): Promise<void> {
  expect(await db.rows(`SELECT name, name_ar FROM functionalities ORDER BY name`)).toEqual([
    { name: 'Conseil maison', name_ar: '' },
    { name: 'Statistiques de végétation', name_ar: 'إحصائيات الغطاء النباتي' },
  ]);
  expect(await db.rows(`SELECT name, name_ar, client_name, client_name_ar, prices FROM plans ORDER BY name`)).toEqual([
    { name: 'Plan maison', name_ar: '', client_name: 'Tout le monde', client_name_ar: '', prices: '1000 DA' },
    // The admin's own client text is not given the seeded text's translation.
    {
      name: 'Premium',
      name_ar: 'المميّز',
      client_name: "Grandes fermes (texte de l'admin)",
      client_name_ar: '',
      prices: '90000 DA/an',
    },
    {
      name: 'Standard',
      name_ar: 'القياسي',
      client_name: 'Exploitations de 10 à 50 ha',
      client_name_ar: 'المستثمرات من 10 إلى 50 هكتارًا',
      prices: '40000 DA/an',
    },
  ]);
  expect(await db.rows(`SELECT name_ar, client_name_ar, description_ar FROM seller_plans`)).toEqual([
    {
      name_ar: 'البائع المحترف',
      client_name_ar: 'الموردون والموزعون والتعاونيات',
      description_ar: 'إعلانات غير محدودة، مع إبرازها في السوق.',
    },
  ]);
  // Every publication kept, with a unit: the demo seller's oil in litres, anybody else's in the default kg.
  expect(await db.rows(`SELECT address, unit, quantity::float AS quantity FROM publications ORDER BY address`)).toEqual(
    [
      { address: 'Bouira', unit: 'litre', quantity: 300 },
      { address: 'Tizi Ouzou', unit: 'kg', quantity: 10 },
    ],
  );
  // A unit outside the list, or a second plan with the same Arabic name, is refused by the database.
  await expect(db.exec(`UPDATE publications SET unit = 'sack'`)).rejects.toThrow(/publications_unit/);
  await expect(db.exec(`UPDATE plans SET name_ar = 'القياسي' WHERE name = 'Plan maison'`)).rejects.toThrow(
    /plans_name_ar_unique/,
  );
  // Untranslated texts may be many.
  await db.exec(`INSERT INTO plans (name, client_name, prices) VALUES ('Plan deux', 'X', '1 DA')`);
}

// Each engine's case runs in the pass of that engine: the PostgreSQL pass (DATABASE_URL set) does not migrate a PGlite
// from scratch again.
const databaseUrl = process.env.DATABASE_URL;
describe.skipIf(databaseUrl)('migration 0010 on PGlite', () => {
  it('keeps existing rows, translates the seeded texts and gives publications a unit', async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    try {
      const db: Exec = {
        exec: async (sql) => {
          await client.exec(sql);
        },
        rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      };
      await migrateAroundTarget(db);
      await expectMigrated(db);
    } finally {
      await client.close();
    }
    // A fresh PGlite with PostGIS runs every migration from scratch (no cached template can stop before 0010):
    // about 45 s alone, several times that on a loaded 2-core machine.
  }, 300_000);
});

describe.skipIf(!databaseUrl)('migration 0010 on PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps existing rows, translates the seeded texts and gives publications a unit', async () => {
    const scratch = await createScratchDatabase(databaseUrl ?? '', 'filaha_mig10');
    cleanups.push(scratch.drop);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    cleanups.unshift(() => client.end());
    const db: Exec = {
      exec: async (sql) => {
        await client.query(sql);
      },
      rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    };
    await migrateAroundTarget(db);
    await expectMigrated(db);
  }, 120_000);
});
