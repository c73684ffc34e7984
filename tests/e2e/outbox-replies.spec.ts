import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { noonZone } from "@/tests/support/noon-zone";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";

// A newcomer without a Twilio account tries the whole confirmation flow: the SMS lands in the
// dev outbox, they answer it there as the contact, and the reminder's occurrence is confirmed.

test("an SMS asking for confirmation is answered from the dev outbox", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  // The contact's clock at noon, so the send is outside SMS quiet hours whatever the hour.
  const number = `+1212555${String(Date.now() % 10_000).padStart(4, "0")}`;
  const contact = await addContact(user.id, "Nora", { phone: number, timezone: noonZone(Date.now()) });
  const due = new Date(Date.now() + 1_000);
  const [reminder] = await e2eDb
    .insert(reminders)
    .values({
      workspaceId: user.id,
      contactId: contact.id,
      message: "Dentist at 10",
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: due,
      nextRunAt: due,
      askConfirmation: true,
    })
    .returning();

  // The engine sends it into the outbox.
  const message = page
    .getByTestId("outbox-message")
    .filter({ hasText: number })
    .filter({ hasText: "Dentist at 10" });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(message).toContainText("Reply YES to confirm, NO to cancel, LATER for 1 hour.");

  const replies = message.getByRole("group", { name: `Reply as ${number}` });
  await expect(replies).toHaveAttribute("data-testid", "outbox-reply");
  await replies.getByRole("button", { name: "YES", exact: true }).click();
  await expect(replies.getByTestId("outbox-reply-result")).toHaveText(
    "Replied “YES”.Answer: Thank you, confirmed.",
  );
  const [delivery] = await e2eDb.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
  expect(delivery.confirmation).toBe("confirmed");
  // The app's answer is in the outbox too, as it would reach the phone (from our number).
  const answer = page
    .getByTestId("outbox-message")
    .filter({ hasText: number })
    .filter({ hasNotText: "Dentist at 10" });
  await expect(answer.locator("pre")).toHaveText("Thank you, confirmed.");
  await expect(answer).toContainText("+15555550100");
});
