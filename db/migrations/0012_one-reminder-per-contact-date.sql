-- Duplicates made before this rule (the same yearly reminder created twice): the oldest stays,
-- the others are cancelled as DELETE /api/reminders/{id} cancels (their history stays).
UPDATE "reminders" SET "status" = 'cancelled', "cancelled_at" = now(), "next_run_at" = NULL, "updated_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "contact_date_id", "recipient", coalesce("lead_days", 0) ORDER BY "created_at", "id"
    ) AS "n"
    FROM "reminders" WHERE "contact_date_id" IS NOT NULL AND "status" = 'scheduled'
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_one_per_contact_date_idx" ON "reminders" USING btree ("contact_date_id","recipient",coalesce("lead_days", 0)) WHERE "reminders"."contact_date_id" is not null and "reminders"."status" = 'scheduled';
