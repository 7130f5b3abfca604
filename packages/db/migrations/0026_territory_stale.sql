-- A territory table whose parcels got new season points (a tile pass stored them) is marked stale: its reads go on
-- serving the rows they have while a queued job (territory-refresh) recomputes them.
ALTER TABLE "organisation_condition_runs" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;
