CREATE TABLE "deleted_contacts" (
	"contact_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"rows" jsonb,
	"avatar_url" text,
	"deleted_at" timestamp with time zone NOT NULL,
	"restorable_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_contacts" ADD CONSTRAINT "deleted_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_contacts_user_id_idx" ON "deleted_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deleted_contacts_restorable_until_idx" ON "deleted_contacts" USING btree ("restorable_until");--> statement-breakpoint
-- An endpoint that follows cancellations hears of their Undo too.
UPDATE "webhook_endpoints" SET "events" = array_append("events", 'reminder.restored') WHERE 'reminder.cancelled' = ANY("events") AND NOT 'reminder.restored' = ANY("events");
