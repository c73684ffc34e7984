import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "@/db/schema";
import { db } from "@/lib/db";
import type { updateUserSchema } from "@/lib/validations/user";
import { toPublicUser } from "./to-public-user";

/** Saves the settings form; plan and billing fields are never touched here. */
export async function updateUserProfile(userId: string, input: z.output<typeof updateUserSchema>) {
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
  return toPublicUser(user);
}
