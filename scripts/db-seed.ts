import { eq } from "drizzle-orm";
import { contacts, reminders, users } from "@/db/schema";
import { firstOccurrence, formatCivilDateTime, utcToLocal } from "@/lib/recurrence";
import { ensureDatabase } from "@/lib/db/connection";
import { db, pool } from "@/lib/db";
import { createUser } from "@/lib/workspaces/create-user";

// A demo account to look around with: sign in as demo@remindful.local through the dev outbox. Its
// contacts and reminders are its own workspace's (the workspace has the person's id, as at sign-up).
const DEMO_EMAIL = "demo@remindful.local";

await ensureDatabase();
const [existing] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
const user = existing ?? (await createUser({ email: DEMO_EMAIL, name: "Demo User" }));
if (!existing) {
  const [ana, louis, sam] = await db
    .insert(contacts)
    .values([
      {
        workspaceId: user.id,
        createdBy: user.id,
        name: "Ana García",
        email: "ana@example.com",
        relationship: "Friend",
        deliveryMethod: "email",
      },
      {
        workspaceId: user.id,
        createdBy: user.id,
        name: "Louis Martin",
        phone: "+33612345678",
        relationship: "Family",
        deliveryMethod: "sms",
      },
      {
        workspaceId: user.id,
        createdBy: user.id,
        name: "Sam Lee",
        email: "sam@example.com",
        phone: "+14155550123",
        relationship: "Colleague",
        deliveryMethod: "email",
      },
    ])
    .returning();
  const now = new Date();
  const timezone = user.timezone;
  // Tomorrow at 09:00 in the demo user's zone.
  const tomorrow = utcToLocal(now.getTime() + 86_400_000, timezone);
  const localDateTime = formatCivilDateTime({ ...tomorrow, hour: 9, minute: 0 });
  const once = { scheduleType: "once" as const, localDateTime, timezone };
  const weekly = {
    scheduleType: "recurring" as const,
    frequency: "weekly" as const,
    time: "08:30",
    days: ["Mon" as const],
    timezone,
  };
  const yearly = {
    scheduleType: "recurring" as const,
    frequency: "yearly" as const,
    time: "10:00",
    month: 3,
    dayOfMonth: 14,
    timezone,
  };
  await db.insert(reminders).values([
    {
      workspaceId: user.id,
      createdBy: user.id,
      contactId: ana.id,
      message: "Coffee tomorrow?",
      deliveryMethod: "email",
      ...once,
      scheduledFor: firstOccurrence(once, now),
      nextRunAt: firstOccurrence(once, now),
    },
    {
      workspaceId: user.id,
      createdBy: user.id,
      contactId: louis.id,
      message: "Weekly call with Mum and Dad",
      deliveryMethod: "sms",
      ...weekly,
      scheduledFor: firstOccurrence(weekly, now),
      nextRunAt: firstOccurrence(weekly, now),
    },
    {
      workspaceId: user.id,
      createdBy: user.id,
      contactId: sam.id,
      message: "Happy birthday, Sam!",
      deliveryMethod: "email",
      ...yearly,
      scheduledFor: firstOccurrence(yearly, now),
      nextRunAt: firstOccurrence(yearly, now),
    },
  ]);
}
console.log(
  existing ? `${DEMO_EMAIL} already exists` : `Seeded ${DEMO_EMAIL} with 3 contacts and 3 reminders`,
);
await pool.end();
process.exit(0);
