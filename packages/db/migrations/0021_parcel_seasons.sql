-- A parcel's crop per agricultural season (issue 30 §2): `season` is the year the season starts (1 September),
-- one row per parcel × season, so the rows are the parcel's history of crops. An irrigated parcel names its system
-- (and, when known, its flow in m³/h); a rainfed one names neither.
CREATE TABLE "parcel_seasons" (
	"parcel_id" integer NOT NULL REFERENCES "parcels" ("id") ON DELETE CASCADE,
	"season" integer NOT NULL,
	"crop" text NOT NULL,
	"sowing_date" date,
	"irrigated" boolean NOT NULL,
	"irrigation_system" text,
	"flow_rate_m3h" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_seasons_pk" PRIMARY KEY ("parcel_id", "season"),
	CONSTRAINT "parcel_seasons_season_check" CHECK ("season" BETWEEN 2000 AND 2100),
	CONSTRAINT "parcel_seasons_crop_check" CHECK ("crop" IN ('durum_wheat', 'soft_wheat', 'barley', 'oats', 'maize', 'potato', 'tomato', 'onion', 'citrus', 'olive', 'date_palm', 'vine', 'fodder', 'fallow', 'other')),
	CONSTRAINT "parcel_seasons_system_check" CHECK ("irrigation_system" IS NULL OR "irrigation_system" IN ('drip', 'sprinkler', 'centre_pivot', 'furrow', 'flood', 'other')),
	CONSTRAINT "parcel_seasons_irrigation_check" CHECK (("irrigated" AND "irrigation_system" IS NOT NULL) OR (NOT "irrigated" AND "irrigation_system" IS NULL AND "flow_rate_m3h" IS NULL)),
	CONSTRAINT "parcel_seasons_flow_check" CHECK ("flow_rate_m3h" IS NULL OR ("flow_rate_m3h" > 0 AND "flow_rate_m3h" <= 1000)),
	CONSTRAINT "parcel_seasons_sowing_check" CHECK ("sowing_date" IS NULL OR ("sowing_date" >= make_date("season", 9, 1) AND "sowing_date" <= make_date("season" + 1, 8, 31)))
);
