-- Where each API process keeps its files when storage is local (issue 28 §1): several processes on one PostgreSQL
-- database with local storage (no S3_*) each see only the files they wrote themselves. Every such process records
-- its folder here at start-up and refreshes `last_seen` while it runs; one that finds a live row of another folder
-- warns (log, /api/health, the back office's jobs page). `storage_id` is read from a marker file in the folder, so
-- processes sharing one folder (the same disk, or a network mount) count as one location. Unused on PGlite.
CREATE TABLE "storage_locations" (
	"storage_id" text NOT NULL,
	"host" text NOT NULL,
	"path" text NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_locations_pk" PRIMARY KEY ("storage_id", "host", "path")
);
--> statement-breakpoint
CREATE INDEX "storage_locations_last_seen_idx" ON "storage_locations" ("last_seen");
