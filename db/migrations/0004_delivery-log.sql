ALTER TABLE "users" ADD COLUMN "failure_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failure_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failure_alerts_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "first_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_user_created_idx" ON "deliveries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_user_status_created_idx" ON "deliveries" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);