CREATE TABLE "delivery_calls" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"answered_by" text,
	"duration_seconds" integer,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_calls_status_check" CHECK ("delivery_calls"."status" in ('queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled')),
	CONSTRAINT "delivery_calls_duration_check" CHECK ("delivery_calls"."duration_seconds" is null or "delivery_calls"."duration_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_delivery_method_check";--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_channel_check";--> statement-breakpoint
ALTER TABLE "delivery_replies" DROP CONSTRAINT "delivery_replies_channel_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_channel_check";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "call_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "call_outcome" text;--> statement-breakpoint
ALTER TABLE "delivery_calls" ADD CONSTRAINT "delivery_calls_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_calls" ADD CONSTRAINT "delivery_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_calls_delivery_idx" ON "delivery_calls" USING btree ("delivery_id");--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_delivery_method_check" CHECK ("reminders"."delivery_method" in ('email', 'sms', 'whatsapp', 'call'));--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_call_outcome_check" CHECK ("deliveries"."call_outcome" is null or "deliveries"."call_outcome" in ('answered', 'voicemail'));--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_channel_check" CHECK ("deliveries"."channel" in ('email', 'sms', 'whatsapp', 'call'));--> statement-breakpoint
ALTER TABLE "delivery_replies" ADD CONSTRAINT "delivery_replies_channel_check" CHECK ("delivery_replies"."channel" in ('email', 'sms', 'whatsapp', 'call'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'whatsapp', 'call'));