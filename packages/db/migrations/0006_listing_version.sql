-- A change counter for what the marketplace listing reads (publications, their images, the seller's name,
-- wilaya and role). Statement-level triggers bump it in the writing transaction, so a reader sees the new
-- value exactly when it can see the new rows. The API caches listing pages per value of this counter
-- (apps/api/src/modules/marketplace/listing-cache.ts): one read of this row instead of the page queries.
CREATE TABLE "marketplace_listing_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "marketplace_listing_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION filaha_bump_listing_version() RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  UPDATE marketplace_listing_version SET version = version + 1;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER listing_version_publications AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "publications"
FOR EACH STATEMENT EXECUTE FUNCTION filaha_bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER listing_version_publication_images AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "publication_images"
FOR EACH STATEMENT EXECUTE FUNCTION filaha_bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER listing_version_user_seller_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_seller_roles"
FOR EACH STATEMENT EXECUTE FUNCTION filaha_bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER listing_version_seller_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seller_roles"
FOR EACH STATEMENT EXECUTE FUNCTION filaha_bump_listing_version();
--> statement-breakpoint
-- A new user has no publication yet, and deleting one cascades to the tables above.
CREATE TRIGGER listing_version_users AFTER UPDATE OF "user_name", "wilaya_id", "role_id" ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION filaha_bump_listing_version();
