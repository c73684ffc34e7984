CREATE TABLE "accounts" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"refresh_token" text,
	"access_token" text,
	"expires_at" integer,
	"token_type" text,
	"scope" text,
	"id_token" text,
	"session_state" text,
	CONSTRAINT "accounts_provider_provider_account_id_pk" PRIMARY KEY("provider","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"email" varchar(320) NOT NULL,
	"email_verified" timestamp with time zone,
	"image" text,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"sender_name" varchar(100),
	"phone" varchar(32),
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"locale" varchar(8) DEFAULT 'en' NOT NULL,
	"plan_type" text DEFAULT 'trial' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"subscription_status" text DEFAULT 'trial' NOT NULL,
	"reminders_quota" integer DEFAULT 50 NOT NULL,
	"reminders_used_current_period" integer DEFAULT 0 NOT NULL,
	"trial_end_date" timestamp with time zone,
	"next_billing_date" timestamp with time zone,
	"billing_period_start" timestamp with time zone,
	"billing_period_end" timestamp with time zone,
	"payment_frequency" text,
	"payg_credit_balance" integer DEFAULT 0 NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"auto_recharge_enabled" boolean DEFAULT false NOT NULL,
	"auto_recharge_package_index" integer,
	"auto_recharge_threshold_cents" integer,
	"auto_recharge_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_stripeCustomerId_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "users_plan_type_check" CHECK ("users"."plan_type" in ('trial', 'free', 'personal', 'starter', 'professional', 'business', 'payg')),
	CONSTRAINT "users_subscription_status_check" CHECK ("users"."subscription_status" in ('trial', 'active', 'cancelled', 'expired')),
	CONSTRAINT "users_payment_frequency_check" CHECK ("users"."payment_frequency" is null or "users"."payment_frequency" in ('monthly', 'quarterly', 'biannual', 'annual')),
	CONSTRAINT "users_quota_check" CHECK ("users"."reminders_quota" >= 0),
	CONSTRAINT "users_used_check" CHECK ("users"."reminders_used_current_period" >= 0),
	CONSTRAINT "users_balance_check" CHECK ("users"."payg_credit_balance" >= 0),
	CONSTRAINT "users_auto_recharge_threshold_check" CHECK ("users"."auto_recharge_threshold_cents" is null or "users"."auto_recharge_threshold_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"identifier" text NOT NULL,
	"token" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_tokens_identifier_token_pk" PRIMARY KEY("identifier","token")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(320),
	"phone" varchar(32),
	"relationship" varchar(100),
	"avatar_url" text,
	"delivery_method" text DEFAULT 'email' NOT NULL,
	"timezone" text,
	"email_opt_out" boolean DEFAULT false NOT NULL,
	"sms_opt_out" boolean DEFAULT false NOT NULL,
	"whatsapp_opt_out" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_unsubscribeToken_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "contacts_delivery_method_check" CHECK ("contacts"."delivery_method" in ('email', 'sms')),
	CONSTRAINT "contacts_email_or_phone_check" CHECK ("contacts"."email" is not null or "contacts"."phone" is not null),
	CONSTRAINT "contacts_name_check" CHECK (length(btrim("contacts"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"message" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"delivery_method" text NOT NULL,
	"schedule_type" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"frequency" text,
	"time" varchar(5),
	"days" text[],
	"day_of_month" smallint,
	"month" smallint,
	"end_condition" text,
	"end_after_count" integer,
	"end_by_date" date,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"next_run_at" timestamp with time zone,
	"occurrences_sent" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_type_check" CHECK ("reminders"."type" in ('text', 'voice', 'video')),
	CONSTRAINT "reminders_status_check" CHECK ("reminders"."status" in ('scheduled', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "reminders_delivery_method_check" CHECK ("reminders"."delivery_method" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "reminders_schedule_type_check" CHECK ("reminders"."schedule_type" in ('once', 'recurring')),
	CONSTRAINT "reminders_frequency_check" CHECK ("reminders"."frequency" is null or "reminders"."frequency" in ('daily', 'weekly', 'monthly', 'yearly')),
	CONSTRAINT "reminders_end_condition_check" CHECK ("reminders"."end_condition" is null or "reminders"."end_condition" in ('never', 'after', 'by')),
	CONSTRAINT "reminders_days_check" CHECK ("reminders"."days" is null or "reminders"."days" <@ array['Mon','Tue','Wed','Thu','Fri','Sat','Sun']::text[]),
	CONSTRAINT "reminders_time_check" CHECK ("reminders"."time" is null or "reminders"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "reminders_day_of_month_check" CHECK ("reminders"."day_of_month" is null or "reminders"."day_of_month" between 1 and 31),
	CONSTRAINT "reminders_month_check" CHECK ("reminders"."month" is null or "reminders"."month" between 1 and 12),
	CONSTRAINT "reminders_end_after_count_check" CHECK ("reminders"."end_after_count" is null or "reminders"."end_after_count" >= 1),
	CONSTRAINT "reminders_occurrences_sent_check" CHECK ("reminders"."occurrences_sent" >= 0),
	CONSTRAINT "reminders_message_check" CHECK ("reminders"."message" is null or length("reminders"."message") <= 1600),
	CONSTRAINT "reminders_schedule_shape_check" CHECK (("reminders"."schedule_type" = 'once' and "reminders"."scheduled_for" is not null) or ("reminders"."schedule_type" = 'recurring' and "reminders"."frequency" is not null and "reminders"."time" is not null))
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reminder_id" text NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"occurrence_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"error" text,
	"error_code" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"worker_id" text,
	"lease_expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_channel_check" CHECK ("deliveries"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('queued', 'held', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "deliveries_attempt_count_check" CHECK ("deliveries"."attempt_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('purchase', 'auto_recharge', 'delivery', 'refund', 'adjustment')),
	CONSTRAINT "credit_ledger_amount_check" CHECK ("credit_ledger"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text,
	"size" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_objects_key_unique" UNIQUE("key"),
	CONSTRAINT "stored_objects_status_check" CHECK ("stored_objects"."status" in ('pending', 'ready')),
	CONSTRAINT "stored_objects_size_check" CHECK ("stored_objects"."size" is null or "stored_objects"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"from" text,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"headers" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limits_count_check" CHECK ("rate_limits"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_user_id_name_idx" ON "contacts" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "reminders_user_id_created_at_idx" ON "reminders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminders_contact_id_idx" ON "reminders" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("next_run_at") WHERE "reminders"."status" = 'scheduled' and "reminders"."next_run_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_reminder_occurrence_key" ON "deliveries" USING btree ("reminder_id","occurrence_at");--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."status" in ('queued', 'held');--> statement-breakpoint
CREATE INDEX "deliveries_lease_idx" ON "deliveries" USING btree ("lease_expires_at") WHERE "deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "deliveries_contact_created_idx" ON "deliveries" USING btree ("contact_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_provider_message_idx" ON "deliveries" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_id_idx" ON "credit_ledger" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stored_objects_owner_idx" ON "stored_objects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST);