ALTER TABLE "deliveries" ADD COLUMN "requested_channel" text;--> statement-breakpoint
-- Unqualified: the constraint is copied to every partition, where "deliveries" names no table.
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_requested_channel_check" CHECK ("requested_channel" is null or "requested_channel" in ('email', 'sms', 'whatsapp', 'call'));
