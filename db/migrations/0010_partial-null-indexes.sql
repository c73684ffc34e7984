DROP INDEX "reminders_contact_date_id_idx";--> statement-breakpoint
DROP INDEX "deliveries_provider_message_idx";--> statement-breakpoint
CREATE INDEX "reminders_contact_date_id_idx" ON "reminders" USING btree ("contact_date_id") WHERE "reminders"."contact_date_id" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_provider_message_idx" ON "deliveries" USING btree ("provider_message_id") WHERE "deliveries"."provider_message_id" is not null;