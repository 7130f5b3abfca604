-- Idempotency keys (apps/api/src/plugins/idempotency.ts): a POST, PUT or PATCH sent with an `Idempotency-Key`
-- header by a signed-in user stores its answer here, so the same request sent again (a phone that lost the
-- answer and retries, an offline form replayed when the connection returns) gets the first answer and changes
-- nothing. One row per user and key; `status_code` stays NULL while the first request is running. Rows are kept
-- for 24 hours (`expires_at`); the API deletes older ones.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" ("expires_at");
