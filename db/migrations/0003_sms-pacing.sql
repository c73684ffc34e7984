CREATE TABLE "sender_pacing" (
	"sender" text PRIMARY KEY NOT NULL,
	"next_free_at" timestamp with time zone NOT NULL,
	"queue_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "slowed_count" integer DEFAULT 0 NOT NULL;