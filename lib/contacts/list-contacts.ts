import { asc, eq, sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { contactSelect } from "./contact-select";
import { withEmailDisplay } from "./email-display";

export type ContactDto = Awaited<ReturnType<typeof listContacts>>[number];

/** A user's contacts by name, each with its reminder count and last reminder. */
export async function listContacts(userId: string) {
  const rows = await db
    .select(contactSelect)
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.createdAt));
  return rows.map(withEmailDisplay);
}
