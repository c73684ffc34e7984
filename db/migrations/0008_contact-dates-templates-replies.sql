CREATE TABLE "contact_dates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" varchar(100),
	"month" smallint NOT NULL,
	"day" smallint NOT NULL,
	"year" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_dates_kind_check" CHECK ("contact_dates"."kind" in ('birthday', 'anniversary', 'custom')),
	CONSTRAINT "contact_dates_label_check" CHECK (("contact_dates"."kind" = 'custom') = ("contact_dates"."label" is not null and length(btrim("contact_dates"."label")) > 0)),
	CONSTRAINT "contact_dates_month_check" CHECK ("contact_dates"."month" between 1 and 12),
	CONSTRAINT "contact_dates_day_check" CHECK ("contact_dates"."day" >= 1 and "contact_dates"."day" <= case when "contact_dates"."month" = 2 then (case when "contact_dates"."year" is null or ("contact_dates"."year" % 4 = 0 and ("contact_dates"."year" % 100 <> 0 or "contact_dates"."year" % 400 = 0)) then 29 else 28 end) when "contact_dates"."month" in (4, 6, 9, 11) then 30 else 31 end),
	CONSTRAINT "contact_dates_year_check" CHECK ("contact_dates"."year" is null or "contact_dates"."year" between 1900 and 2100)
);
--> statement-breakpoint
CREATE TABLE "delivery_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"reminder_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"body" varchar(1600) NOT NULL,
	"action" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_replies_providerMessageId_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "delivery_replies_channel_check" CHECK ("delivery_replies"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "delivery_replies_action_check" CHECK ("delivery_replies"."action" in ('confirm', 'decline', 'snooze', 'opt_out', 'opt_in', 'help', 'none'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"locale" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_name_check" CHECK (length(btrim("message_templates"."name")) > 0),
	CONSTRAINT "message_templates_body_check" CHECK (length(btrim("message_templates"."body")) > 0 and length("message_templates"."body") <= 1600),
	CONSTRAINT "message_templates_locale_check" CHECK ("message_templates"."locale" in ('en', 'es', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "contact_date_id" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "recipient" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "lead_days" smallint;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "ask_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "follow_up_minutes" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "confirmation" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "confirmation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "follow_up_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "snoozed_from_id" bigint;--> statement-breakpoint
ALTER TABLE "contact_dates" ADD CONSTRAINT "contact_dates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_dates" ADD CONSTRAINT "contact_dates_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_dates_contact_id_idx" ON "contact_dates" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_dates_user_id_idx" ON "contact_dates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_dates_contact_kind_key" ON "contact_dates" USING btree ("contact_id","kind") WHERE "contact_dates"."kind" <> 'custom';--> statement-breakpoint
CREATE INDEX "delivery_replies_reminder_idx" ON "delivery_replies" USING btree ("reminder_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_replies_delivery_idx" ON "delivery_replies" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "message_templates_user_id_idx" ON "message_templates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_user_name_key" ON "message_templates" USING btree ("user_id","name");--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_contact_date_id_contact_dates_id_fk" FOREIGN KEY ("contact_date_id") REFERENCES "public"."contact_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_snoozed_from_id_deliveries_id_fk" FOREIGN KEY ("snoozed_from_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_contact_date_id_idx" ON "reminders" USING btree ("contact_date_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendarToken_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_recipient_check" CHECK ("reminders"."recipient" in ('contact', 'owner'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_owner_shape_check" CHECK ("reminders"."recipient" = 'contact' or ("reminders"."delivery_method" = 'email' and "reminders"."contact_date_id" is not null and "reminders"."lead_days" is not null));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_lead_days_check" CHECK ("reminders"."lead_days" is null or ("reminders"."lead_days" between 1 and 60 and "reminders"."recipient" = 'owner'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_confirmation_check" CHECK (not "reminders"."ask_confirmation" or ("reminders"."delivery_method" in ('sms', 'whatsapp') and "reminders"."recipient" = 'contact'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_follow_up_check" CHECK ("reminders"."follow_up_minutes" is null or ("reminders"."ask_confirmation" and "reminders"."follow_up_minutes" between 5 and 10080));--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_confirmation_check" CHECK ("deliveries"."confirmation" is null or "deliveries"."confirmation" in ('awaiting', 'confirmed', 'declined', 'snoozed'));