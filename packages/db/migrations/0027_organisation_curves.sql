-- A crop's season curve over an organisation's territory as one run of its territory table gave it (issue 30 §3):
-- computed on first read, or ahead by the territory-refresh job, and served as one row until the next run.
CREATE TABLE "organisation_curves" (
	"organisation_id" integer NOT NULL REFERENCES "organisations" ("id") ON DELETE CASCADE,
	"crop" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"curve" jsonb NOT NULL,
	CONSTRAINT "organisation_curves_pk" PRIMARY KEY ("organisation_id", "crop")
);
