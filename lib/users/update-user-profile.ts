import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { db } from "@/lib/db";

/** The person's own settings, as the settings form's schema (lib/validations/user.ts) reads them. */
export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  senderName?: string | null;
  phone?: string | null;
  timezone?: string;
  locale?: string;
}

/** Saves the settings form's personal part; workspace, plan and billing fields are never touched here. */
export async function updateUserProfile(userId: string, input: ProfileInput) {
  const [user] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      senderName: input.senderName === undefined ? undefined : input.senderName || null,
      phone: input.phone,
      timezone: input.timezone,
      locale: input.locale,
    })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
