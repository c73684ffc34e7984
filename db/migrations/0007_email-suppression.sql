ALTER TABLE "contacts" ADD COLUMN "email_suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_suppressed_reason" text;