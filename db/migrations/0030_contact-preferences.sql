CREATE TABLE "consent_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"contact_id" text,
	"channel" text,
	"change" text NOT NULL,
	"source" text NOT NULL,
	"wording" varchar(1000) NOT NULL,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_channel_check" CHECK ("consent_records"."channel" in ('email', 'sms', 'whatsapp', 'call')),
	CONSTRAINT "consent_records_change_check" CHECK ("consent_records"."change" in ('opted_out', 'opted_in', 'opt_in_requested', 'preferences_changed', 'stopped', 'resumed', 'forget_requested', 'forgotten')),
	CONSTRAINT "consent_records_source_check" CHECK ("consent_records"."source" in ('sms_reply', 'whatsapp_reply', 'call_keypad', 'email_unsubscribe', 'preferences_page', 'sender'))
);
--> statement-breakpoint
CREATE TABLE "consent_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"channel" text NOT NULL,
	"phone" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "consent_requests_channel_check" CHECK ("consent_requests"."channel" in ('email', 'sms', 'whatsapp', 'call'))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "accepted_channels" text[];--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "window_start" smallint;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "window_end" smallint;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "forget_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "preferences_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_contact_idx" ON "consent_records" USING btree ("workspace_id","contact_id","at");--> statement-breakpoint
CREATE INDEX "consent_requests_phone_idx" ON "consent_requests" USING btree ("phone") WHERE "consent_requests"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_accepted_channels_check" CHECK ("contacts"."accepted_channels" <@ array['email', 'sms', 'whatsapp', 'call']::text[] and cardinality("contacts"."accepted_channels") > 0);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_window_check" CHECK (("contacts"."window_start" is null) = ("contacts"."window_end" is null) and ("contacts"."window_start" is null or (0 <= "contacts"."window_start" and "contacts"."window_start" < "contacts"."window_end" and "contacts"."window_end" <= 1440)));