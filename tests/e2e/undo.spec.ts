import { eq } from "drizzle-orm";
import { UNDO_TOAST_MS } from "@/config/undo";
import { contacts, reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";
import { en } from "./shell-helpers";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

async function addReminder(userId: string, contactId: string, message: string) {
  const due = inDays(3);
  const [row] = await e2eDb
    .insert(reminders)
    .values({
      workspaceId: userId,
      contactId,
      message,
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: due,
      nextRunAt: due,
    })
    .returning();
  return row;
}

test("a cancelled reminder comes back with Undo, as it was", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  const contact = await addContact(user.id, "Mum");
  const reminder = await addReminder(user.id, contact.id, "Call grandma");

  await page.goto("/reminders");
  const row = page.getByTestId("reminder-row").filter({ hasText: "Call grandma" });
  await row.getByRole("button", { name: en.reminders.cancel }).click();
  await expect(page.getByText(en.reminders.cancelled)).toBeVisible();
  await expect(row).toContainText("Cancelled");

  // The toast is reachable from the keyboard (F8), and its Undo is a button.
  await page.keyboard.press("F8");
  const undo = page.getByRole("button", { name: en.common.undo });
  await undo.focus();
  await expect(undo).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(en.reminders.restored)).toBeVisible();
  await expect(row.getByRole("button", { name: en.reminders.cancel })).toBeVisible();
  const [stored] = await e2eDb.select().from(reminders).where(eq(reminders.id, reminder.id));
  expect(stored.status).toBe("scheduled");
  expect(stored.nextRunAt?.toISOString()).toBe(reminder.nextRunAt?.toISOString());
});

test("a deleted contact comes back with its reminders on Undo; without it, it is gone", async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  const user = await signIn({ timezone: "UTC" });
  const kept = await addContact(user.id, "Rose");
  await addReminder(user.id, kept.id, "Water the roses");
  const gone = await addContact(user.id, "Paul", { email: "paul@example.com", phone: "+61412345679" });

  await page.goto("/contacts");
  const card = (name: string) => page.getByTestId("contact-card").filter({ hasText: name });
  const remove = async (name: string) => {
    await card(name)
      .getByRole("button", { name: en.contacts.menuLabel.replace("{name}", name) })
      .click();
    await page.getByRole("menuitem", { name: en.contacts.deleteContact }).click();
  };

  // No confirmation: the contact goes at once, and the toast offers Undo.
  await remove("Rose");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(card("Rose")).toHaveCount(0);
  await page.getByRole("button", { name: en.common.undo }).click();
  await expect(page.getByText(en.contacts.contactRestored.replace("{name}", "Rose"))).toBeVisible();
  await expect(card("Rose")).toContainText("1 reminder");
  await page.goto("/reminders");
  await expect(page.getByTestId("reminder-row").filter({ hasText: "Water the roses" })).toBeVisible();

  // Left alone, the toast goes and the deletion stays.
  await page.goto("/contacts");
  await remove("Paul");
  const undo = page.getByRole("button", { name: en.common.undo });
  await expect(undo).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(undo).toHaveCount(0, { timeout: UNDO_TOAST_MS + 5_000 });
  await page.reload();
  await expect(card("Paul")).toHaveCount(0);
  expect(await e2eDb.select().from(contacts).where(eq(contacts.id, gone.id))).toEqual([]);
});
