import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { reminders } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * The scheduled reminders made from a contact date: the yearly one to the contact first, then
 * the lead reminders to the user by days before (at most one each: reminders_one_per_contact_date_idx).
 * `lock`: held until the transaction ends, for an edit.
 */
export async function liveDateReminders(tx: DbOrTx, contactDateId: string, lock = false) {
  const query = tx
    .select()
    .from(reminders)
    .where(and(eq(reminders.contactDateId, contactDateId), eq(reminders.status, "scheduled")))
    .orderBy(sql`${reminders.recipient} <> 'contact'`, asc(reminders.leadDays));
  return lock ? query.for("update") : query;
}
