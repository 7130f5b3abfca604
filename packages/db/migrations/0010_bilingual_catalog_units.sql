-- Issue 13 §5. Catalogue texts entered in the back office get an Arabic version next to the French one, and
-- publications get a unit.
--
-- The existing columns (`name`, `client_name`, seller plans' `description`) stay the French text: they keep their
-- UNIQUE constraints, the seed matches rows by them, and plans and legends already keep their descriptions as
-- separate `description_fr` / `description_ar` columns. An empty Arabic text means "not translated yet": the screens
-- then show the French one, and the back office marks it.
ALTER TABLE "functionalities" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "client_name_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "seller_plans" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "seller_plans" ADD COLUMN "client_name_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "seller_plans" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Two offers with the same Arabic name would be as confusing as two with the same French one.
CREATE UNIQUE INDEX "functionalities_name_ar_unique" ON "functionalities" ("name_ar") WHERE "name_ar" <> '';
--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_ar_unique" ON "plans" ("name_ar") WHERE "name_ar" <> '';
--> statement-breakpoint
CREATE UNIQUE INDEX "seller_plans_name_ar_unique" ON "seller_plans" ("name_ar") WHERE "name_ar" <> '';
--> statement-breakpoint
-- Arabic versions of the seeded texts, only where the French text is still the seeded one (an administrator's
-- own wording is not given someone else's translation).
UPDATE "functionalities" AS f SET "name_ar" = t.ar FROM (VALUES
	('Imagerie satellitaire des parcelles', 'صور الأقمار الصناعية للقطع الأرضية'),
	('Statistiques de végétation', 'إحصائيات الغطاء النباتي'),
	('Historique des analyses', 'سجل التحاليل'),
	('Recommandations agronomiques', 'توصيات زراعية'),
	('Téléchargement des données brutes', 'تنزيل البيانات الخام'),
	('Support prioritaire', 'دعم ذو أولوية'),
	('Publication de produits', 'نشر المنتجات'),
	('Mise en avant des annonces', 'إبراز الإعلانات')
) AS t(fr, ar) WHERE f."name" = t.fr AND f."name_ar" = '';
--> statement-breakpoint
UPDATE "plans" AS p SET "name_ar" = t.ar FROM (VALUES
	('Basic', 'الأساسي'),
	('Standard', 'القياسي'),
	('Premium', 'المميّز')
) AS t(fr, ar) WHERE p."name" = t.fr AND p."name_ar" = '';
--> statement-breakpoint
UPDATE "plans" AS p SET "client_name_ar" = t.ar FROM (VALUES
	('Exploitations de 1 à 10 ha', 'المستثمرات من 1 إلى 10 هكتارات'),
	('Exploitations de 10 à 50 ha', 'المستثمرات من 10 إلى 50 هكتارًا'),
	('Exploitations de plus de 50 ha', 'المستثمرات التي تفوق 50 هكتارًا')
) AS t(fr, ar) WHERE p."client_name" = t.fr AND p."client_name_ar" = '';
--> statement-breakpoint
UPDATE "seller_plans" AS s SET "name_ar" = t.ar FROM (VALUES
	('Vendeur Essentiel', 'البائع الأساسي'),
	('Vendeur Pro', 'البائع المحترف')
) AS t(fr, ar) WHERE s."name" = t.fr AND s."name_ar" = '';
--> statement-breakpoint
UPDATE "seller_plans" AS s SET "client_name_ar" = t.ar FROM (VALUES
	('Vendeurs occasionnels', 'البائعون العرضيون'),
	('Fournisseurs, distributeurs et coopératives', 'الموردون والموزعون والتعاونيات')
) AS t(fr, ar) WHERE s."client_name" = t.fr AND s."client_name_ar" = '';
--> statement-breakpoint
UPDATE "seller_plans" AS s SET "description_ar" = t.ar FROM (VALUES
	('Jusqu''à 5 annonces par an.', 'حتى 5 إعلانات في السنة.'),
	('Annonces illimitées, mises en avant dans la marketplace.', 'إعلانات غير محدودة، مع إبرازها في السوق.')
) AS t(fr, ar) WHERE s."description" = t.fr AND s."description_ar" = '';
--> statement-breakpoint
-- The unit a publication's price and quantity count in (PUBLICATION_UNITS in @filaha/shared). Existing rows get
-- 'kg': Algerian produce is priced per kilogram far more often than anything else, and the marketplace's own
-- examples (tomatoes at 80 DA) are per-kilogram prices. The demo seller's olive oil and seed wheat get theirs.
ALTER TABLE "publications" ADD COLUMN "unit" text DEFAULT 'kg' NOT NULL;
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_unit" CHECK ("unit" IN ('kg', 'quintal', 'tonne', 'litre', 'piece', 'box', 'bag', 'bunch', 'dozen'));
--> statement-breakpoint
UPDATE "publications" SET "unit" = 'litre' WHERE "product_name" = 'Huile d''olive extra vierge' AND "user_id" IN (SELECT "id" FROM "users" WHERE "email" = 'seller@demo.filaha.dz');
--> statement-breakpoint
UPDATE "publications" SET "unit" = 'quintal' WHERE "product_name" = 'Semences de blé dur certifiées' AND "user_id" IN (SELECT "id" FROM "users" WHERE "email" = 'seller@demo.filaha.dz');
