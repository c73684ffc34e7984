import "server-only";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reminders, users } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import type { Authorship } from "@/lib/users/authorship";
import { authorshipSql } from "@/lib/users/authorship-sql";

const creator = alias(users, "reminder_creator");
const updater = alias(users, "reminder_updater");

/** Who created one reminder and who changed it last (the list reads the same in its own statement). */
export async function reminderAuthorship(client: DbOrTx, reminderId: string): Promise<Authorship | null> {
  const [row] = await client
    .select({ authorship: authorshipSql(reminders, creator, updater) })
    .from(reminders)
    .leftJoin(creator, eq(creator.id, reminders.createdBy))
    .leftJoin(updater, eq(updater.id, reminders.updatedBy))
    .where(eq(reminders.id, reminderId));
  return row?.authorship ?? null;
}
