CREATE TABLE "contact_group_members" (
	"group_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_group_members_pkey" PRIMARY KEY("group_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_occurrences" (
	"reminder_id" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"members" integer NOT NULL,
	"units_held" integer NOT NULL,
	"units_drawn" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_occurrences_pkey" PRIMARY KEY("reminder_id","occurrence_key"),
	CONSTRAINT "group_occurrences_status_check" CHECK ("group_occurrences"."status" in ('covered', 'refused')),
	CONSTRAINT "group_occurrences_units_check" CHECK ("group_occurrences"."units_drawn" >= 0 and "group_occurrences"."members" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_recipient_check";--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_owner_shape_check";--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_confirmation_check";--> statement-breakpoint
ALTER TABLE "reminders" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "parent_reminder_id" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "group_timing" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "fallback_channels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "fallback_wait_minutes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "fallback_step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_occurrences" ADD CONSTRAINT "group_occurrences_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_occurrences" ADD CONSTRAINT "group_occurrences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_group_members_contact_idx" ON "contact_group_members" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_user_name_key" ON "contact_groups" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "group_occurrences_open_idx" ON "group_occurrences" USING btree ("user_id","expires_at") WHERE "group_occurrences"."status" = 'covered' and "group_occurrences"."units_drawn" < "group_occurrences"."units_held";--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_parent_reminder_id_reminders_id_fk" FOREIGN KEY ("parent_reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_group_id_idx" ON "reminders" USING btree ("group_id") WHERE "reminders"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_parent_contact_key" ON "reminders" USING btree ("parent_reminder_id","contact_id") WHERE "reminders"."parent_reminder_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_reminder_occurrence_step_key" ON "deliveries" USING btree ("reminder_id","occurrence_at","fallback_step");--> statement-breakpoint
DROP INDEX "deliveries_reminder_occurrence_key";--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_group_shape_check" CHECK (("reminders"."recipient" = 'group') = ("reminders"."contact_id" is null) and ("reminders"."recipient" = 'group') = ("reminders"."group_id" is not null) and ("reminders"."recipient" = 'group') = ("reminders"."group_timing" is not null));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_group_timing_check" CHECK ("reminders"."group_timing" is null or "reminders"."group_timing" in ('local_time', 'same_instant'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_parent_check" CHECK ("reminders"."parent_reminder_id" is null or ("reminders"."recipient" = 'contact' and "reminders"."contact_date_id" is null));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_fallback_check" CHECK (cardinality("reminders"."fallback_channels") = cardinality("reminders"."fallback_wait_minutes") and cardinality("reminders"."fallback_channels") <= 3 and "reminders"."fallback_channels" <@ array['email','sms','whatsapp','call']::text[] and not ("reminders"."delivery_method" = any("reminders"."fallback_channels")) and 0 <= all("reminders"."fallback_wait_minutes") and 10080 >= all("reminders"."fallback_wait_minutes"));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_recipient_check" CHECK ("reminders"."recipient" in ('contact', 'owner', 'group'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_owner_shape_check" CHECK ("reminders"."recipient" <> 'owner' or ("reminders"."delivery_method" = 'email' and "reminders"."contact_date_id" is not null and "reminders"."lead_days" is not null));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_confirmation_check" CHECK (not "reminders"."ask_confirmation" or ("reminders"."delivery_method" in ('sms', 'whatsapp', 'call') and "reminders"."recipient" <> 'owner'));