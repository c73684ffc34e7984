ALTER TABLE "users" ADD COLUMN "group_holds_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "fallback_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_fallback_due_idx" ON "deliveries" USING btree ("fallback_due_at") WHERE "deliveries"."fallback_due_at" is not null;