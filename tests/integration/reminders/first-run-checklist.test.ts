import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users, workspaces, type User } from "@/db/schema";
import { db } from "@/lib/db";
import { firstRunChecklist } from "@/lib/dashboard/first-run-checklist";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { hideFirstRunChecklist } from "@/lib/users/hide-first-run-checklist";
import { createUser } from "@/lib/workspaces/create-user";
import { createContact, insertReminder } from "../../support/reminders";
import { ownActor } from "../../support/users";

const reload = async (id: string): Promise<User> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];

/** The checklist the dashboard shows the user now, read from the database as the page reads it. */
async function checklistOf(id: string) {
  const user = await reload(id);
  // A new person's own workspace has their id.
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  const data = await getDashboardData(workspace);
  const steps = firstRunChecklist(user, { contacts: data.totalContacts, reminders: data.recent.length });
  return steps && Object.fromEntries(steps.map((s) => [s.key, s.done]));
}

describe("the first-run checklist from the account's data", () => {
  it("ticks each step as the account gets it and goes once all are done", async () => {
    const user = await createUser({ email: `first-${crypto.randomUUID()}@example.com` });
    expect(await checklistOf(user.id)).toEqual({ profile: false, contact: false, reminder: false });

    const contact = await createContact(user.id);
    expect(await checklistOf(user.id)).toEqual({ profile: false, contact: true, reminder: false });

    // A reminder made and cancelled still counts as the first one.
    const reminder = await insertReminder(user.id, contact.id);
    await cancelReminder(await ownActor(user.id), reminder.id);
    expect(await checklistOf(user.id)).toEqual({ profile: false, contact: true, reminder: true });

    await db.update(users).set({ timezone: "Europe/Madrid", senderName: "Ana" }).where(eq(users.id, user.id));
    expect(await checklistOf(user.id)).toBeNull();
  });

  it("stays hidden once the user hid it", async () => {
    const user = await createUser({ email: `hide-${crypto.randomUUID()}@example.com` });
    await hideFirstRunChecklist(user.id);
    expect(await checklistOf(user.id)).toBeNull();
  });
});
