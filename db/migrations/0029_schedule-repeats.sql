-- Richer schedules: every N days, weeks, months or years counted from a first day, and the first
-- to fourth or last weekday of a month. The three columns are null on every existing reminder,
-- which the recurrence rules read as before (interval 1, no first day, a day of the month), so no
-- schedule changes meaning and nothing is rewritten.
ALTER TABLE "reminders" ADD COLUMN "repeat_interval" smallint;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "anchor_date" date;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "nth_weekday" smallint;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_repeat_interval_check" CHECK ("reminders"."repeat_interval" is null or ("reminders"."repeat_interval" between 2 and 365 and "reminders"."anchor_date" is not null and "reminders"."lead_days" is null));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_anchor_date_check" CHECK ("reminders"."anchor_date" is null or "reminders"."schedule_type" = 'recurring');--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_nth_weekday_check" CHECK ("reminders"."nth_weekday" is null or ("reminders"."nth_weekday" in (1, 2, 3, 4, -1) and "reminders"."frequency" in ('monthly', 'yearly') and coalesce(cardinality("reminders"."days"), 0) = 1 and "reminders"."lead_days" is null));
