import "server-only";
import { eq } from "drizzle-orm";
import { contactDates } from "@/db/schema";
import { invalidInput } from "@/lib/errors/domain-error";
import type { DbOrTx } from "@/lib/db";
import { usesField } from "@/lib/messages/render-fields";
import { messageFieldsProblem } from "@/lib/validations/message-fields";

/**
 * The server's field check of a reminder's message: unknown fields are refused, and `{age}` only
 * passes when the reminder was made from a contact date with a year (read here, where the
 * reminder's contactDateId is known). Throws a 400 naming the problem; writes nothing.
 */
export async function assertMessageFields(
  tx: DbOrTx,
  message: string | null | undefined,
  contactDateId: string | null,
): Promise<void> {
  if (!message) return;
  const [date] =
    contactDateId && usesField(message, "age")
      ? await tx
          .select({ month: contactDates.month, day: contactDates.day, year: contactDates.year })
          .from(contactDates)
          .where(eq(contactDates.id, contactDateId))
          .limit(1)
      : [];
  const problem = messageFieldsProblem(message, { contactDate: date ?? null });
  if (problem)
    throw invalidInput({ code: problem.code, message: `message: ${problem.message}` }, { field: "message" });
}
