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
}
