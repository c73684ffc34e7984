import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";

const r = alias(reminders, "r");
const x = alias(deliveries, "x");

/**
 * The reminders' last error; one with nothing more due ends 'failed' when it was waiting on this
 * occurrence ('scheduled'), or when it had been sent (`from_sent`: a carrier's late failure, a
 * later fallback step) and no step of this occurrence got through after all. The occurrence is
 * matched to the millisecond: a Date drops the microseconds PostgreSQL may hold.
 */
const FAIL = compileStatement<{
  ids: string[];
  occurrences: Date[];
  errors: string[];
  fromSent: boolean[];
  now: Date;
}>(
  (p) => sql`update ${reminders} ${r}
      set ${columnName(r.lastError)} = v.error, ${columnName(r.updatedAt)} = ${p.now},
          ${columnName(r.status)} = case
            when ${r.nextRunAt} is null and (${r.status} = 'scheduled' or (${r.status} = 'sent' and v.from_sent
              and not exists (select 1 from ${deliveries} ${x} where ${x.reminderId} = ${r.id}
                                and ${x.occurrenceAt} >= v.occurrence_at
                                and ${x.occurrenceAt} < v.occurrence_at + interval '1 millisecond'
                                and ${x.status} in ('sent', 'delivered'))))
            then 'failed' else ${r.status} end
     from unnest(${p.ids}::text[], ${p.occurrences}::timestamptz[], ${p.errors}::text[], ${p.fromSent}::boolean[])
       as v(id, occurrence_at, error, from_sent)
    where ${r.id} = v.id and ${r.id} = any(${p.ids}::text[])`,
);

/**
 * The reminders of deliveries whose chain ended in a failure (continueChain found no next step):
 * their last error, and 'failed' once nothing of theirs is due or got through (see FAIL).
 */
export async function failReminders(
  client: Queryable,
  rows: { reminderId: string; occurrenceAt: Date; error: string; fromSent: boolean }[],
  now: Date,
) {
  if (rows.length === 0) return;
  await FAIL.run(client, {
    ids: rows.map((row) => row.reminderId),
    occurrences: rows.map((row) => row.occurrenceAt),
    errors: rows.map((row) => row.error),
    fromSent: rows.map((row) => row.fromSent),
    now,
  });
}
