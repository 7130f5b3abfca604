-- Live-message stream tickets are signed tokens any API process can verify; what makes them one-use across
-- processes is this table: opening a stream inserts the ticket's nonce, and a second insert of the same nonce
-- finds it there. A row is needed only until the ticket would have expired anyway (`expires_at`, with a margin
-- for clock differences); the API deletes older rows (apps/api/src/modules/messaging/stream-tickets.ts).
CREATE TABLE "stream_ticket_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_ticket_uses_expires_at_idx" ON "stream_ticket_uses" ("expires_at");
