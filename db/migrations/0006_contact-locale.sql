ALTER TABLE "contacts" ADD COLUMN "locale" varchar(8);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_locale_check" CHECK ("contacts"."locale" in ('en', 'es', 'fr'));