import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Locale } from "@/i18n/locales";
import { db } from "@/lib/db";

/** Remembers the user's interface language (used for e-mails the server sends them). */
export async function updateUserLocale(userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
