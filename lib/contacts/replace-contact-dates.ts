import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import { contactDates } from "@/db/schema";
import { invalidInput } from "@/lib/errors/domain-error";
import type { DbOrTx } from "@/lib/db";
import { followMovedDate } from "@/lib/contacts/follow-moved-date";
import type { ContactDateInput } from "@/lib/validations/contact-date";

/**
 * Makes the contact's dates exactly `dates`, in the caller's transaction: a date sent with its
 * id is updated in place (the reminders made from it stay, and move with it), one without an id is added, and
 * a stored date left out is deleted together with the reminders made from it (ON DELETE CASCADE).
 * An id that is not one of this contact's dates is a 400 and, the transaction rolling back,
 * changes nothing.
 */
export async function replaceContactDates(
  tx: DbOrTx,
  workspaceId: string,
  contactId: string,
  dates: ContactDateInput[],
): Promise<void> {
  const own = and(eq(contactDates.workspaceId, workspaceId), eq(contactDates.contactId, contactId));
  const stored = await tx
    .select({ id: contactDates.id, month: contactDates.month, day: contactDates.day })
    .from(contactDates)
    .where(own);
  const storedById = new Map(stored.map((d) => [d.id, d]));
  const kept = dates.filter((d) => d.id !== undefined).map((d) => d.id!);
  if (kept.some((id) => !storedById.has(id)) || new Set(kept).size !== kept.length)
    throw invalidInput({ code: "contact_date_not_found", message: "dates: Unknown date id" });
  await tx.delete(contactDates).where(kept.length > 0 ? and(own, notInArray(contactDates.id, kept)) : own);
  const now = new Date();
  for (const date of dates.filter((d) => d.id !== undefined)) {
    await tx
      .update(contactDates)
      .set({
        kind: date.kind,
        label: date.label,
        month: date.month,
        day: date.day,
        year: date.year,
        updatedAt: now,
      })
      .where(and(own, eq(contactDates.id, date.id!)));
    const before = storedById.get(date.id!)!;
    if (before.month !== date.month || before.day !== date.day)
      await followMovedDate(tx, date.id!, date, now);
  }
  const added = dates.filter((d) => d.id === undefined);
  if (added.length > 0)
    await tx.insert(contactDates).values(added.map((d) => newDateRow(workspaceId, contactId, d)));
}

/** The row of a new date of the contact. */
export function newDateRow(workspaceId: string, contactId: string, date: ContactDateInput) {
  return {
    workspaceId,
    contactId,
    kind: date.kind,
    label: date.label,
    month: date.month,
    day: date.day,
    year: date.year,
  };
}
