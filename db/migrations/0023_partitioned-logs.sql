-- The append-only logs become range-partitioned by month (UTC): deliveries and the replies and
-- calls that hang off them (by the delivery's occurrence), webhook messages and their attempts (by
-- the message's creation), and the outbox. Each old table is set aside, a partitioned one made
-- under its name with a partition per month that holds rows (plus this month and the next two)
-- and a DEFAULT partition, the rows copied with their ids, the identity continued, the indexes,
-- keys and trigger made again, and the old table dropped. lib/maintenance/maintain-partitions.ts
-- keeps the months from then on.
CREATE TABLE "delivery_monthly_totals" (
	"user_id" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "delivery_monthly_totals_user_id_month_channel_status_pk" PRIMARY KEY("user_id","month","channel","status"),
	CONSTRAINT "delivery_monthly_totals_count_check" CHECK ("delivery_monthly_totals"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_monthly_totals" ADD CONSTRAINT "delivery_monthly_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deliveries" RENAME TO "deliveries_old";
--> statement-breakpoint
ALTER SEQUENCE "deliveries_id_seq" RENAME TO "deliveries_old_id_seq";
--> statement-breakpoint
ALTER TABLE "deliveries_old" DROP CONSTRAINT "deliveries_pkey" CASCADE;
--> statement-breakpoint
DROP INDEX "deliveries_reminder_occurrence_key", "deliveries_pending_idx", "deliveries_lease_idx", "deliveries_contact_created_idx", "deliveries_provider_message_idx", "deliveries_user_created_idx", "deliveries_user_status_created_idx", "deliveries_created_idx";
--> statement-breakpoint
ALTER TABLE "delivery_replies" RENAME TO "delivery_replies_old";
--> statement-breakpoint
ALTER SEQUENCE "delivery_replies_id_seq" RENAME TO "delivery_replies_old_id_seq";
--> statement-breakpoint
ALTER TABLE "delivery_replies_old" DROP CONSTRAINT "delivery_replies_pkey" CASCADE;
--> statement-breakpoint
ALTER TABLE "delivery_replies_old" DROP CONSTRAINT "delivery_replies_providerMessageId_unique";
--> statement-breakpoint
DROP INDEX "delivery_replies_reminder_idx", "delivery_replies_delivery_idx";
--> statement-breakpoint
ALTER TABLE "delivery_calls" RENAME TO "delivery_calls_old";
--> statement-breakpoint
ALTER TABLE "delivery_calls_old" DROP CONSTRAINT "delivery_calls_pkey" CASCADE;
--> statement-breakpoint
DROP INDEX "delivery_calls_delivery_idx", "delivery_calls_user_created_idx";
--> statement-breakpoint
ALTER TABLE "webhook_messages" RENAME TO "webhook_messages_old";
--> statement-breakpoint
ALTER SEQUENCE "webhook_messages_id_seq" RENAME TO "webhook_messages_old_id_seq";
--> statement-breakpoint
ALTER TABLE "webhook_messages_old" DROP CONSTRAINT "webhook_messages_pkey" CASCADE;
--> statement-breakpoint
ALTER TABLE "webhook_messages_old" DROP CONSTRAINT "webhook_messages_messageId_unique";
--> statement-breakpoint
DROP INDEX "webhook_messages_due_idx", "webhook_messages_endpoint_idx";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_old";
--> statement-breakpoint
ALTER SEQUENCE "webhook_attempts_id_seq" RENAME TO "webhook_attempts_old_id_seq";
--> statement-breakpoint
ALTER TABLE "webhook_attempts_old" DROP CONSTRAINT "webhook_attempts_pkey" CASCADE;
--> statement-breakpoint
DROP INDEX "webhook_attempts_message_idx";
--> statement-breakpoint
ALTER TABLE "outbox_messages" RENAME TO "outbox_messages_old";
--> statement-breakpoint
ALTER SEQUENCE "outbox_messages_id_seq" RENAME TO "outbox_messages_old_id_seq";
--> statement-breakpoint
ALTER TABLE "outbox_messages_old" DROP CONSTRAINT "outbox_messages_pkey" CASCADE;
--> statement-breakpoint
DROP INDEX "outbox_messages_created_idx";
--> statement-breakpoint
DROP TRIGGER "deliveries_notify_pending" ON "deliveries_old";
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"slowed_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"worker_id" text,
	"lease_expires_at" timestamp with time zone,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"confirmation" text,
	"confirmation_at" timestamp with time zone,
	"follow_up_sent_at" timestamp with time zone,
	"snoozed_from_id" bigint,
	"extra" boolean DEFAULT false NOT NULL,
	"played_at" timestamp with time zone,
	"playback_revoked_at" timestamp with time zone,
	"call_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_pkey" PRIMARY KEY("id","occurrence_at"),
	CONSTRAINT "deliveries_channel_check" CHECK ("deliveries"."channel" in ('email', 'sms', 'whatsapp', 'call')),
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('queued', 'held', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "deliveries_attempt_count_check" CHECK ("deliveries"."attempt_count" >= 0),
	CONSTRAINT "deliveries_call_outcome_check" CHECK ("deliveries"."call_outcome" is null or "deliveries"."call_outcome" in ('answered', 'voicemail')),
	CONSTRAINT "deliveries_confirmation_check" CHECK ("deliveries"."confirmation" is null or "deliveries"."confirmation" in ('awaiting', 'confirmed', 'declined', 'snoozed'))
) PARTITION BY RANGE ("occurrence_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Months as UTC wall-clock timestamps, so adding a month never depends on the session's zone.
  FOR m IN
    SELECT DISTINCT date_trunc('month', "occurrence_at" AT TIME ZONE 'UTC') FROM "deliveries_old"
    UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'deliveries_' || to_char(m, 'YYYY_MM'), 'deliveries', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "deliveries_default" PARTITION OF "deliveries" DEFAULT;
--> statement-breakpoint
CREATE TABLE "delivery_replies" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "delivery_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"delivery_occurrence_at" timestamp with time zone NOT NULL,
	"reminder_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"body" varchar(1600) NOT NULL,
	"action" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_replies_pkey" PRIMARY KEY("id","delivery_occurrence_at"),
	CONSTRAINT "delivery_replies_channel_check" CHECK ("delivery_replies"."channel" in ('email', 'sms', 'whatsapp', 'call')),
	CONSTRAINT "delivery_replies_action_check" CHECK ("delivery_replies"."action" in ('confirm', 'decline', 'snooze', 'opt_out', 'opt_in', 'help', 'none'))
) PARTITION BY RANGE ("delivery_occurrence_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Months as UTC wall-clock timestamps, so adding a month never depends on the session's zone.
  FOR m IN
    SELECT DISTINCT date_trunc('month', "occurrence_at" AT TIME ZONE 'UTC') FROM "deliveries_old"
    UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'delivery_replies_' || to_char(m, 'YYYY_MM'), 'delivery_replies', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "delivery_replies_default" PARTITION OF "delivery_replies" DEFAULT;
--> statement-breakpoint
CREATE TABLE "delivery_calls" (
	"call_sid" text NOT NULL,
	"delivery_id" bigint NOT NULL,
	"delivery_occurrence_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"answered_by" text,
	"duration_seconds" integer,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_calls_pkey" PRIMARY KEY("call_sid","delivery_occurrence_at"),
	CONSTRAINT "delivery_calls_status_check" CHECK ("delivery_calls"."status" in ('queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled')),
	CONSTRAINT "delivery_calls_duration_check" CHECK ("delivery_calls"."duration_seconds" is null or "delivery_calls"."duration_seconds" >= 0)
) PARTITION BY RANGE ("delivery_occurrence_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Months as UTC wall-clock timestamps, so adding a month never depends on the session's zone.
  FOR m IN
    SELECT DISTINCT date_trunc('month', "occurrence_at" AT TIME ZONE 'UTC') FROM "deliveries_old"
    UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'delivery_calls_' || to_char(m, 'YYYY_MM'), 'delivery_calls', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "delivery_calls_default" PARTITION OF "delivery_calls" DEFAULT;
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"endpoint_id" text NOT NULL,
	"user_id" text NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_messages_pkey" PRIMARY KEY("id","created_at"),
	CONSTRAINT "webhook_messages_status_check" CHECK ("webhook_messages"."status" in ('pending', 'delivered', 'failed'))
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Months as UTC wall-clock timestamps, so adding a month never depends on the session's zone.
  FOR m IN
    SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC') FROM "webhook_messages_old"
    UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'webhook_messages_' || to_char(m, 'YYYY_MM'), 'webhook_messages', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "webhook_messages_default" PARTITION OF "webhook_messages" DEFAULT;
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"webhook_message_id" bigint NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"response_status" smallint,
	"duration_ms" integer NOT NULL,
	"response_excerpt" varchar(1000),
	"error" text,
	CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY("id","message_created_at")
) PARTITION BY RANGE ("message_created_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Months as UTC wall-clock timestamps, so adding a month never depends on the session's zone.
  FOR m IN
    SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC') FROM "webhook_messages_old"
    UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'webhook_attempts_' || to_char(m, 'YYYY_MM'), 'webhook_attempts', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "webhook_attempts_default" PARTITION OF "webhook_attempts" DEFAULT;
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"from" text,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"headers" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_pkey" PRIMARY KEY("id","created_at"),
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'whatsapp', 'call'))
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Months as UTC wall-clock timestamps, so adding a month never depends on the session's zone.
  FOR m IN
    SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC') FROM "outbox_messages_old"
    UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g) FROM generate_series(0, 2) g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      'outbox_messages_' || to_char(m, 'YYYY_MM'), 'outbox_messages', m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "outbox_messages_default" PARTITION OF "outbox_messages" DEFAULT;
--> statement-breakpoint
INSERT INTO "deliveries" ("id", "reminder_id", "user_id", "contact_id", "occurrence_at", "channel", "status", "provider_message_id", "error", "error_code", "attempt_count", "slowed_count", "next_attempt_at", "worker_id", "lease_expires_at", "first_attempt_at", "last_attempt_at", "sent_at", "delivered_at", "confirmation", "confirmation_at", "follow_up_sent_at", "snoozed_from_id", "extra", "played_at", "playback_revoked_at", "call_outcome", "created_at", "updated_at") OVERRIDING SYSTEM VALUE
  SELECT "id", "reminder_id", "user_id", "contact_id", "occurrence_at", "channel", "status", "provider_message_id", "error", "error_code", "attempt_count", "slowed_count", "next_attempt_at", "worker_id", "lease_expires_at", "first_attempt_at", "last_attempt_at", "sent_at", "delivered_at", "confirmation", "confirmation_at", "follow_up_sent_at", "snoozed_from_id", "extra", "played_at", "playback_revoked_at", "call_outcome", "created_at", "updated_at" FROM "deliveries_old";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"deliveries"', 'id'), last_value, is_called) FROM "deliveries_old_id_seq";
--> statement-breakpoint
INSERT INTO "delivery_replies" ("id", "delivery_id", "delivery_occurrence_at", "reminder_id", "user_id", "channel", "body", "action", "provider_message_id", "received_at") OVERRIDING SYSTEM VALUE
  SELECT o."id", o."delivery_id", p."occurrence_at", o."reminder_id", o."user_id", o."channel", o."body", o."action", o."provider_message_id", o."received_at" FROM "delivery_replies_old" o join "deliveries_old" p on p."id" = o."delivery_id";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"delivery_replies"', 'id'), last_value, is_called) FROM "delivery_replies_old_id_seq";
--> statement-breakpoint
INSERT INTO "delivery_calls" ("call_sid", "delivery_id", "delivery_occurrence_at", "user_id", "status", "answered_by", "duration_seconds", "answered_at", "ended_at", "created_at", "updated_at")
  SELECT o."call_sid", o."delivery_id", p."occurrence_at", o."user_id", o."status", o."answered_by", o."duration_seconds", o."answered_at", o."ended_at", o."created_at", o."updated_at" FROM "delivery_calls_old" o join "deliveries_old" p on p."id" = o."delivery_id";
--> statement-breakpoint
INSERT INTO "webhook_messages" ("id", "endpoint_id", "user_id", "message_id", "event_type", "payload", "occurred_at", "status", "attempt_count", "next_attempt_at", "last_attempt_at", "created_at") OVERRIDING SYSTEM VALUE
  SELECT "id", "endpoint_id", "user_id", "message_id", "event_type", "payload", "occurred_at", "status", "attempt_count", "next_attempt_at", "last_attempt_at", "created_at" FROM "webhook_messages_old";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"webhook_messages"', 'id'), last_value, is_called) FROM "webhook_messages_old_id_seq";
--> statement-breakpoint
INSERT INTO "webhook_attempts" ("id", "webhook_message_id", "message_created_at", "attempted_at", "response_status", "duration_ms", "response_excerpt", "error") OVERRIDING SYSTEM VALUE
  SELECT o."id", o."webhook_message_id", p."created_at", o."attempted_at", o."response_status", o."duration_ms", o."response_excerpt", o."error" FROM "webhook_attempts_old" o join "webhook_messages_old" p on p."id" = o."webhook_message_id";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"webhook_attempts"', 'id'), last_value, is_called) FROM "webhook_attempts_old_id_seq";
--> statement-breakpoint
INSERT INTO "outbox_messages" ("id", "channel", "to", "from", "subject", "text", "html", "headers", "created_at") OVERRIDING SYSTEM VALUE
  SELECT "id", "channel", "to", "from", "subject", "text", "html", "headers", "created_at" FROM "outbox_messages_old";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"outbox_messages"', 'id'), last_value, is_called) FROM "outbox_messages_old_id_seq";
--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_reminder_occurrence_key" ON "deliveries" USING btree ("reminder_id","occurrence_at");
--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."status" in ('queued', 'held');
--> statement-breakpoint
CREATE INDEX "deliveries_lease_idx" ON "deliveries" USING btree ("lease_expires_at") WHERE "deliveries"."status" = 'sending';
--> statement-breakpoint
CREATE INDEX "deliveries_contact_created_idx" ON "deliveries" USING btree ("contact_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "deliveries_provider_message_idx" ON "deliveries" USING btree ("provider_message_id") WHERE "deliveries"."provider_message_id" is not null;
--> statement-breakpoint
CREATE INDEX "deliveries_user_created_idx" ON "deliveries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "deliveries_user_status_created_idx" ON "deliveries" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "deliveries_created_idx" ON "deliveries" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "delivery_replies_provider_message_idx" ON "delivery_replies" USING btree ("provider_message_id");
--> statement-breakpoint
CREATE INDEX "delivery_replies_reminder_idx" ON "delivery_replies" USING btree ("reminder_id","received_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "delivery_replies_delivery_idx" ON "delivery_replies" USING btree ("delivery_id");
--> statement-breakpoint
CREATE INDEX "delivery_calls_delivery_idx" ON "delivery_calls" USING btree ("delivery_id");
--> statement-breakpoint
CREATE INDEX "delivery_calls_user_created_idx" ON "delivery_calls" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_message_id_key" ON "webhook_messages" USING btree ("message_id","created_at");
--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "webhook_messages"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("webhook_message_id","attempted_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_delivery_fk" FOREIGN KEY ("delivery_id","delivery_occurrence_at") REFERENCES "public"."deliveries"("id","occurrence_at") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_calls" ADD CONSTRAINT "delivery_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_calls" ADD CONSTRAINT "delivery_calls_delivery_fk" FOREIGN KEY ("delivery_id","delivery_occurrence_at") REFERENCES "public"."deliveries"("id","occurrence_at") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_fk" FOREIGN KEY ("webhook_message_id","message_created_at") REFERENCES "public"."webhook_messages"("id","created_at") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TRIGGER deliveries_notify_pending AFTER UPDATE ON deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remindful_notify_pending();
--> statement-breakpoint
DROP TABLE "delivery_replies_old";
--> statement-breakpoint
DROP TABLE "delivery_calls_old";
--> statement-breakpoint
DROP TABLE "deliveries_old";
--> statement-breakpoint
DROP TABLE "webhook_attempts_old";
--> statement-breakpoint
DROP TABLE "webhook_messages_old";
--> statement-breakpoint
DROP TABLE "outbox_messages_old";
