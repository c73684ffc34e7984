ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_flag" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_issue" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_action_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_subscription_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_invoice_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_billing_flag_check" CHECK ("users"."billing_flag" is null or "users"."billing_flag" in ('refund', 'dispute'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payment_issue_check" CHECK ("users"."payment_issue" is null or "users"."payment_issue" in ('payment_failed', 'action_required'));--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('purchase', 'auto_recharge', 'delivery', 'refund', 'adjustment', 'payment_refund', 'dispute'));