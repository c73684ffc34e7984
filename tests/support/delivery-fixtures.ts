import { randomBytes } from "node:crypto";
import { contacts, reminders, users } from "@/db/schema";
import { db } from "@/lib/db";
import { createUser } from "@/lib/users/create-user";
import { eq } from "drizzle-orm";

export async function createSender(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser({
    email: `sender-${randomBytes(5).toString("hex")}@example.com`,
    name: "Ana",
  });
  const [updated] = await db
    .update(users)
    .set({ senderName: "Ana Pérez", remindersQuota: 1000, ...overrides })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

export async function createContact(userId: string, overrides: Partial<typeof contacts.$inferInsert> = {}) {
  const [contact] = await db
    .insert(contacts)
    .values({ userId, name: "Ben", email: `ben-${randomBytes(4).toString("hex")}@example.org`, ...overrides })
    .returning();
  return contact;
}

/** A one-time reminder due at `at` (the reminders module's shape: status scheduled, nextRunAt). */
export async function createReminder(
  userId: string,
  contactId: string,
  at: Date,
  overrides: Partial<typeof reminders.$inferInsert> = {},
) {
  const [reminder] = await db
    .insert(reminders)
    .values({
      userId,
      contactId,
      type: "text",
      message: "Call grandma",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: at,
      nextRunAt: at,
      ...overrides,
    })
    .returning();
  return reminder;
}
