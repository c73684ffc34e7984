DROP INDEX "reminders_user_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "reminders_user_created_id_idx" ON "reminders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reminders_user_status_created_idx" ON "reminders" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);