import "server-only";
import { asc, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import type { ContactOption } from "./types";

/** The user's contacts for the reminder dialog's picker, by name. */
export async function listContactOptions(userId: string): Promise<ContactOption[]> {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      locale: contacts.locale,
    })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.name));
}
