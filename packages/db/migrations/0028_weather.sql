-- Weather per grid cell of about 0.1° (issue 31 §1): every parcel's point on surface falls in one cell, a cell is
-- fetched once whatever the number of parcels in it. The weather-refresh job fills these tables from the source
-- (Open-Meteo, or the synthetic demo season); the water balance reads them (apps/api/src/lib/weather).
CREATE TABLE "weather_cells" (
	"key" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"elevation" double precision,
	"source" text NOT NULL,
	"refreshed_at" timestamp with time zone,
	"climate_fetched_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "weather_cells_source_check" CHECK ("source" IN ('open-meteo', 'synthetic'))
);
--> statement-breakpoint
-- One day of a cell: observed, or forecast (a later fetch overwrites a forecast day with the observed one).
CREATE TABLE "weather_days" (
	"cell_key" text NOT NULL REFERENCES "weather_cells" ("key") ON DELETE CASCADE,
	"date" date NOT NULL,
	"t_max" double precision NOT NULL,
	"t_min" double precision NOT NULL,
	"rh_max" double precision,
	"rh_min" double precision,
	"dew_point" double precision,
	"wind_10m" double precision NOT NULL,
	"radiation" double precision NOT NULL,
	"rain" double precision NOT NULL,
	"provider_et0" double precision,
	"forecast" boolean NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_days_pk" PRIMARY KEY ("cell_key", "date")
);
--> statement-breakpoint
-- The cell's climatology: daily rain of one year, 366 values by day of a leap year (29 February is 0 in other years).
CREATE TABLE "weather_climate" (
	"cell_key" text NOT NULL REFERENCES "weather_cells" ("key") ON DELETE CASCADE,
	"year" integer NOT NULL,
	"rain" double precision[] NOT NULL,
	CONSTRAINT "weather_climate_pk" PRIMARY KEY ("cell_key", "year"),
	CONSTRAINT "weather_climate_days_check" CHECK (cardinality("rain") = 366)
);
