-- The territory view's table (issue 30 §3): each parcel an organisation follows with its condition, as the last
-- refresh computed it (CONDITION_RULE, modules/territory), so a map tile or an aggregate reads an indexed table
-- instead of recomputing 100,000 conditions. `organisation_condition_runs`: when each organisation's rows were
-- computed. A read always keeps only the parcels followed at that moment (active grants and its own), so a revoked
-- grant is out at once whatever the refresh's age.
CREATE TABLE "organisation_conditions" (
	"organisation_id" integer NOT NULL REFERENCES "organisations" ("id") ON DELETE CASCADE,
	"parcel_id" integer NOT NULL REFERENCES "parcels" ("id") ON DELETE CASCADE,
	"farmer_id" integer,
	"name" text NOT NULL,
	"area_m2" double precision NOT NULL,
	"crop" text,
	"season" integer,
	"irrigated" boolean,
	"point_date" date,
	"median" double precision,
	"valid_fraction" double precision,
	"reference" text,
	"z" double precision,
	"class" text,
	"geom" geometry(Polygon, 4326) NOT NULL,
	CONSTRAINT "organisation_conditions_pk" PRIMARY KEY ("organisation_id", "parcel_id"),
	CONSTRAINT "organisation_conditions_class_check" CHECK ("class" IS NULL OR "class" IN ('well_below', 'below', 'normal', 'above'))
);
--> statement-breakpoint
CREATE INDEX "organisation_conditions_geom_idx" ON "organisation_conditions" USING gist ("geom");
--> statement-breakpoint
CREATE INDEX "organisation_conditions_class_idx" ON "organisation_conditions" ("organisation_id", "class", "area_m2" DESC);
--> statement-breakpoint
CREATE TABLE "organisation_condition_runs" (
	"organisation_id" integer PRIMARY KEY REFERENCES "organisations" ("id") ON DELETE CASCADE,
	"computed_at" timestamp with time zone NOT NULL,
	"parcels" integer NOT NULL,
	"ms" integer NOT NULL
);
