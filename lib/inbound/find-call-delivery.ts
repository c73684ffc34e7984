import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, deliveries, deliveryCalls, reminders } from "@/db/schema";
import { compileStatement } from "@/lib/db/compile-statement";
import { pool } from "@/lib/db";
import { c, cd, PEOPLE_JOIN, r, SENDING_COLUMNS, toLeased, type LeasedRow } from "@/lib/delivery/leased-row";
import type { LeasedDelivery } from "@/lib/delivery/types";

/** A call is answered for this long after its delivery was sent (its retries send it again). */
export const CALL_ANSWER_WINDOW_MS = 24 * 3_600_000;

const d = alias(deliveries, "d");
const dc = alias(deliveryCalls, "dc");

const FIND = compileStatement<
  { sid: string; deliveryId: number; since: Date },
  LeasedRow & { answered_by: string | null }
>(
  (
    p,
  ) => sql`select ${d.id} as id, ${d.reminderId} as reminder_id, ${d.workspaceId} as workspace_id, ${d.channel} as channel,
      ${d.occurrenceAt} as occurrence_at, ${d.attemptCount} as attempt_count, ${d.slowedCount} as slowed_count,
      ${d.errorCode} as last_error_code, ${d.createdAt} as created_at, ${SENDING_COLUMNS},
      (${d.occurrenceAt} at time zone ${r.timezone})::date::text as occurrence_local_date,
      ${d.fallbackStep} as fallback_step, false as answered_earlier, ${dc.answeredBy} as answered_by
    from ${deliveryCalls} ${dc}
      join ${deliveries} ${d} on ${d.id} = ${dc.deliveryId} and ${d.occurrenceAt} = ${dc.deliveryOccurrenceAt}
      join ${reminders} ${r} on ${r.id} = ${d.reminderId} ${PEOPLE_JOIN}
      left join ${contactDates} ${cd} on ${cd.id} = ${r.contactDateId}
      join ${contacts} ${c} on ${c.id} = ${d.contactId}
    where ${dc.callSid} = ${p.sid} and ${dc.deliveryId} = ${p.deliveryId} and ${d.channel} = 'call'
      and ${d.status} in ('sent', 'delivered') and ${d.sentAt} > ${p.since}`,
);

export interface CallDelivery {
  /** The delivery as sending reads it: its recipient, message and clip, for the call's script. */
  delivery: LeasedDelivery;
  /** Who answered, as answering-machine detection told an earlier request of this call. */
  answeredBy: string | null;
}

/**
 * The delivery a request made during a call is about: the call (CallSid) must be one placed for
 * the delivery its URL names (`d`), a call delivery sent within CALL_ANSWER_WINDOW_MS. Null for
 * anything else (another delivery's call, an expired one, a made-up SID): the caller hangs up.
 */
export async function findCallDelivery(
  callSid: string,
  deliveryId: number,
  now = new Date(),
): Promise<CallDelivery | null> {
  const { rows } = await FIND.run(pool, {
    sid: callSid,
    deliveryId,
    since: new Date(now.getTime() - CALL_ANSWER_WINDOW_MS),
  });
  const row = rows[0];
  return row ? { delivery: toLeased(row), answeredBy: row.answered_by } : null;
}
