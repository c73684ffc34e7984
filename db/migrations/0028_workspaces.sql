-- Workspaces: every row a person owned now belongs to a workspace. Each account becomes a
-- personal workspace with the account's own id, so every owner column keeps its values and is
-- only renamed (user_id -> workspace_id, pointing at workspaces); the plan, billing, credit and
-- Stripe state moves from the user to the workspace unchanged, and the calendar feed becomes the
-- owner's membership. Members, invitations and the activity trail (partitioned by month like the
-- deliveries, kept as long) are new. Nothing is lost: ids, history, credits and Stripe ids stay.
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sender_identity" text DEFAULT 'member' NOT NULL,
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
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"auto_recharge_enabled" boolean DEFAULT false NOT NULL,
	"auto_recharge_package_index" integer,
	"auto_recharge_threshold_cents" integer,
	"auto_recharge_error" text,
	"group_holds_until" timestamp with time zone,
	"failure_alert_sent_at" timestamp with time zone,
	"failure_alerts_through" timestamp with time zone,
	"billing_flag" text,
	"billing_flagged_at" timestamp with time zone,
	"payment_issue" text,
	"payment_action_url" text,
	"stripe_subscription_event_at" timestamp with time zone,
	"stripe_invoice_period_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_stripeCustomerId_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "workspaces_sender_identity_check" CHECK ("workspaces"."sender_identity" in ('workspace', 'member')),
	CONSTRAINT "workspaces_plan_type_check" CHECK ("workspaces"."plan_type" in ('trial', 'free', 'personal', 'starter', 'professional', 'business', 'payg')),
	CONSTRAINT "workspaces_subscription_status_check" CHECK ("workspaces"."subscription_status" in ('trial', 'active', 'cancelled', 'expired')),
	CONSTRAINT "workspaces_payment_frequency_check" CHECK ("workspaces"."payment_frequency" is null or "workspaces"."payment_frequency" in ('monthly', 'quarterly', 'biannual', 'annual')),
	CONSTRAINT "workspaces_quota_check" CHECK ("workspaces"."reminders_quota" >= 0),
	CONSTRAINT "workspaces_used_check" CHECK ("workspaces"."reminders_used_current_period" >= 0),
	CONSTRAINT "workspaces_balance_check" CHECK ("workspaces"."payg_credit_balance" >= 0),
	CONSTRAINT "workspaces_extra_seats_check" CHECK ("workspaces"."extra_seats" >= 0),
	CONSTRAINT "workspaces_billing_flag_check" CHECK ("workspaces"."billing_flag" is null or "workspaces"."billing_flag" in ('refund', 'dispute')),
	CONSTRAINT "workspaces_payment_issue_check" CHECK ("workspaces"."payment_issue" is null or "workspaces"."payment_issue" in ('payment_failed', 'action_required')),
	CONSTRAINT "workspaces_auto_recharge_threshold_check" CHECK ("workspaces"."auto_recharge_threshold_cents" is null or "workspaces"."auto_recharge_threshold_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "plan_type", "is_active", "subscription_status", "reminders_quota", "reminders_used_current_period", "trial_end_date", "next_billing_date", "billing_period_start", "billing_period_end", "payment_frequency", "payg_credit_balance", "stripe_customer_id", "stripe_subscription_id", "auto_recharge_enabled", "auto_recharge_package_index", "auto_recharge_threshold_cents", "auto_recharge_error", "group_holds_until", "failure_alert_sent_at", "failure_alerts_through", "billing_flag", "billing_flagged_at", "payment_issue", "payment_action_url", "stripe_subscription_event_at", "stripe_invoice_period_start", "created_at", "updated_at")
  SELECT "id",
    left(coalesce(nullif(btrim(concat_ws(' ', "first_name", "last_name")), ''), nullif(btrim("name"), ''), split_part("email", '@', 1)), 100),
    "plan_type", "is_active", "subscription_status", "reminders_quota", "reminders_used_current_period", "trial_end_date", "next_billing_date", "billing_period_start", "billing_period_end", "payment_frequency", "payg_credit_balance", "stripe_customer_id", "stripe_subscription_id", "auto_recharge_enabled", "auto_recharge_package_index", "auto_recharge_threshold_cents", "auto_recharge_error", "group_holds_until", "failure_alert_sent_at", "failure_alerts_through", "billing_flag", "billing_flagged_at", "payment_issue", "payment_action_url", "stripe_subscription_event_at", "stripe_invoice_period_start", "created_at", "updated_at"
  FROM "users";
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"calendar_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_calendarToken_unique" UNIQUE("calendar_token"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "calendar_token", "created_at")
  SELECT "id", "id", 'owner', "calendar_token", "created_at" FROM "users";
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" varchar(320) NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "workspace_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"actor_id" text,
	"actor_name" varchar(200),
	"api_key_id" text,
	"kind" text NOT NULL,
	"subject_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_events_pkey" PRIMARY KEY("id","created_at"),
	CONSTRAINT "workspace_events_kind_check" CHECK ("workspace_events"."kind" in ('reminder.created', 'reminder.updated', 'reminder.cancelled', 'reminder.restored', 'reminder.sent_now', 'reminder.retried', 'contact.created', 'contact.updated', 'contact.deleted', 'contact.restored', 'contacts.imported', 'group.created', 'group.renamed', 'group.deleted', 'group.members_changed', 'member.invited', 'invitation.resent', 'invitation.revoked', 'member.joined', 'member.removed', 'member.left', 'member.role_changed', 'workspace.ownership_transferred', 'workspace.updated', 'api_key.created', 'api_key.revoked', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rotated', 'billing.checkout_started', 'billing.plan_changed', 'billing.credits_added', 'billing.seats_changed'))
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- This month and the next two, as UTC wall-clock months; the daily job keeps them from then on.
  FOR m IN SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'workspace_events_' || to_char(m, 'YYYY_MM'), 'workspace_events', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "workspace_events_default" PARTITION OF "workspace_events" DEFAULT;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_workspace_id" text;
--> statement-breakpoint
UPDATE "users" SET "current_workspace_id" = "id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan_type";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_active";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_status";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "reminders_quota";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "reminders_used_current_period";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "trial_end_date";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "next_billing_date";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_period_start";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_period_end";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_frequency";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payg_credit_balance";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_customer_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_subscription_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "auto_recharge_enabled";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "auto_recharge_package_index";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "auto_recharge_threshold_cents";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "auto_recharge_error";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "group_holds_until";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failure_alert_sent_at";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failure_alerts_through";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_flag";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_flagged_at";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_issue";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_action_url";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_subscription_event_at";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_invoice_period_start";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "calendar_token";
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_dates" DROP CONSTRAINT "contact_dates_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_dates" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "contact_dates" ADD CONSTRAINT "contact_dates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deleted_contacts" DROP CONSTRAINT "deleted_contacts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deleted_contacts" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "deleted_contacts" ADD CONSTRAINT "deleted_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_replies" DROP CONSTRAINT "delivery_replies_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_replies" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_calls" DROP CONSTRAINT "delivery_calls_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_calls" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "delivery_calls" ADD CONSTRAINT "delivery_calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_monthly_totals" DROP CONSTRAINT "delivery_monthly_totals_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_monthly_totals" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "delivery_monthly_totals" ADD CONSTRAINT "delivery_monthly_totals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_occurrences" DROP CONSTRAINT "group_occurrences_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "group_occurrences" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "group_occurrences" ADD CONSTRAINT "group_occurrences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_groups" DROP CONSTRAINT "contact_groups_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_groups" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_group_members" DROP CONSTRAINT "contact_group_members_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_group_members" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_messages" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "media" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reminders" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_templates" DROP CONSTRAINT "message_templates_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "message_templates" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_monthly_totals" RENAME CONSTRAINT "delivery_monthly_totals_user_id_month_channel_status_pk" TO "delivery_monthly_totals_workspace_id_month_channel_status_pk";
--> statement-breakpoint
ALTER TABLE "stored_objects" DROP CONSTRAINT "stored_objects_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_objects" RENAME COLUMN "owner_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER INDEX "stored_objects_owner_idx" RENAME TO "stored_objects_workspace_idx";
--> statement-breakpoint
ALTER INDEX "credit_ledger_user_id_idx" RENAME TO "credit_ledger_workspace_idx";
--> statement-breakpoint
ALTER INDEX "contacts_user_id_name_idx" RENAME TO "contacts_workspace_name_idx";
--> statement-breakpoint
ALTER INDEX "contact_dates_user_id_idx" RENAME TO "contact_dates_workspace_idx";
--> statement-breakpoint
ALTER INDEX "deleted_contacts_user_id_idx" RENAME TO "deleted_contacts_workspace_idx";
--> statement-breakpoint
ALTER INDEX "deliveries_user_created_idx" RENAME TO "deliveries_workspace_created_idx";
--> statement-breakpoint
ALTER INDEX "deliveries_user_status_created_idx" RENAME TO "deliveries_workspace_status_created_idx";
--> statement-breakpoint
ALTER INDEX "delivery_calls_user_created_idx" RENAME TO "delivery_calls_workspace_created_idx";
--> statement-breakpoint
ALTER INDEX "contact_groups_user_name_key" RENAME TO "contact_groups_workspace_name_key";
--> statement-breakpoint
ALTER INDEX "contact_group_members_user_contact_idx" RENAME TO "contact_group_members_workspace_contact_idx";
--> statement-breakpoint
ALTER INDEX "api_keys_user_idx" RENAME TO "api_keys_workspace_idx";
--> statement-breakpoint
ALTER INDEX "webhook_endpoints_user_idx" RENAME TO "webhook_endpoints_workspace_idx";
--> statement-breakpoint
ALTER INDEX "media_user_created_idx" RENAME TO "media_workspace_created_idx";
--> statement-breakpoint
ALTER INDEX "reminders_user_created_id_idx" RENAME TO "reminders_workspace_created_id_idx";
--> statement-breakpoint
ALTER INDEX "reminders_user_status_created_idx" RENAME TO "reminders_workspace_status_created_idx";
--> statement-breakpoint
ALTER INDEX "reminders_user_contact_live_idx" RENAME TO "reminders_workspace_contact_live_idx";
--> statement-breakpoint
ALTER INDEX "message_templates_user_id_idx" RENAME TO "message_templates_workspace_idx";
--> statement-breakpoint
ALTER INDEX "message_templates_user_name_key" RENAME TO "message_templates_workspace_name_key";
--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "created_by" text;
--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "updated_by" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "created_by" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "updated_by" text;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "reminders" SET "created_by" = "workspace_id";
--> statement-breakpoint
UPDATE "contacts" SET "created_by" = "workspace_id";
--> statement-breakpoint
UPDATE "api_keys" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_events" ADD CONSTRAINT "workspace_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_events" ADD CONSTRAINT "workspace_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_key" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."role" = 'owner';
--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_open_key" ON "workspace_invitations" USING btree ("workspace_id",lower("email")) WHERE "workspace_invitations"."accepted_at" is null and "workspace_invitations"."revoked_at" is null;
--> statement-breakpoint
CREATE INDEX "workspace_events_workspace_created_idx" ON "workspace_events" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "workspace_events_subject_idx" ON "workspace_events" USING btree ("subject_id","created_at" DESC NULLS LAST);
