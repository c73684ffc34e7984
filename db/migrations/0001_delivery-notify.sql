-- Wakes delivery engines when a reminder becomes due sooner than they expect: one NOTIFY per
-- statement carrying the earliest next_run_at (epoch ms) among the rows it wrote.
CREATE OR REPLACE FUNCTION remindful_notify_due() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  earliest timestamptz;
BEGIN
  SELECT min(next_run_at) INTO earliest FROM new_rows WHERE status = 'scheduled' AND next_run_at IS NOT NULL;
  IF earliest IS NOT NULL THEN
    PERFORM pg_notify('remindful_delivery', (floor(extract(epoch FROM earliest) * 1000))::bigint::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reminders_notify_due_insert AFTER INSERT ON reminders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remindful_notify_due();
--> statement-breakpoint
CREATE TRIGGER reminders_notify_due_update AFTER UPDATE ON reminders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remindful_notify_due();
--> statement-breakpoint
-- Retries and held SMS get a wake-up too.
CREATE OR REPLACE FUNCTION remindful_notify_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  earliest timestamptz;
BEGIN
  SELECT min(next_attempt_at) INTO earliest FROM new_rows WHERE status IN ('queued', 'held');
  IF earliest IS NOT NULL THEN
    PERFORM pg_notify('remindful_delivery', (floor(extract(epoch FROM earliest) * 1000))::bigint::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deliveries_notify_pending AFTER UPDATE ON deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remindful_notify_pending();
