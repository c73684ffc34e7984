import { count, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";

/** How many contacts a user has (the sidebar badge and the limit checks). */
export async function countContacts(userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contacts).where(eq(contacts.userId, userId));
  return row?.value ?? 0;
}
