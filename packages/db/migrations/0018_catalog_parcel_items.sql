-- Issue 29 §1 (acceptance 1): acquisitions are accounted for per item (one MGRS tile of one pass), per parcel.
-- Before, an acquisition (platform × UTC day) fanned out its jobs once, at the first poll that saw any of its tiles:
-- a tile of the same pass published later (Earth Search publishes a pass's tiles over several hours) gave no job,
-- and a parcel created after the acquisitions were recorded got none either.
--
-- catalog_parcel_items: the parcel's job for the item's acquisition was queued with this item known. The poll queues
-- a parcel × acquisition job for every covered parcel that overlaps an item it has no row for (a late tile, a new
-- parcel, a redrawn one: its rows are dropped with its geometry), and inserts the rows in the same transaction as the
-- jobs, so an item reaches each parcel exactly once whatever the number of polls or workers. Rows go with the parcel.
CREATE TABLE "catalog_parcel_items" (
	"parcel_id" integer NOT NULL REFERENCES "parcels" ("id") ON DELETE CASCADE,
	"item_id" text NOT NULL,
	"acquisition_key" text NOT NULL,
	"poll_id" integer REFERENCES "catalog_polls" ("id") ON DELETE SET NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_parcel_items_pkey" PRIMARY KEY ("parcel_id", "item_id")
);
--> statement-breakpoint
CREATE INDEX "catalog_parcel_items_acquisition_idx" ON "catalog_parcel_items" ("acquisition_key");
