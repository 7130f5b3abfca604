-- Starting prices of the field services (issue 13 §5: "services are priced in DA like everything else — an admin
-- setting"), set in the back office. One row per price group of the services page: 'soil' (soil analysis) and
-- 'other' (the other field services). A row means the administrator has set that price: `amount_da` is a whole
-- amount in DA, or NULL for "on quotation". No row → the deployment's SERVICE_PRICE_SOIL / SERVICE_PRICE_OTHER
-- applies (the initial values).
CREATE TABLE "service_prices" (
	"service" text PRIMARY KEY NOT NULL,
	"amount_da" integer,
	"updated_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_service_check" CHECK ("service" IN ('soil', 'other')),
	CONSTRAINT "service_prices_amount_check" CHECK ("amount_da" IS NULL OR ("amount_da" > 0 AND "amount_da" <= 100000000))
);
