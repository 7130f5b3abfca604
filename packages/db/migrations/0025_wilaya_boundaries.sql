-- The wilayas' outlines (issue 30 §3: the territory's aggregates per wilaya), filled by the seed from the bundled
-- open dataset (packages/shared/geodata/wilaya-boundaries.json: Natural Earth 1:10m Admin 1, public domain — the 48
-- wilayas of the 1984 division), and each followed parcel's wilaya in the territory table (the one holding a point on
-- its surface), set at each refresh.
CREATE TABLE "wilaya_boundaries" (
	"wilaya_id" integer PRIMARY KEY REFERENCES "wilayas" ("id") ON DELETE CASCADE,
	"source" text NOT NULL,
	"geom" geometry(MultiPolygon, 4326) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wilaya_boundaries_geom_idx" ON "wilaya_boundaries" USING gist ("geom");
--> statement-breakpoint
ALTER TABLE "organisation_conditions" ADD COLUMN "wilaya_id" integer;
