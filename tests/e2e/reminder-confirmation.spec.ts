import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { deliveries, deliveryReplies, reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { ZONE, addContact, localDate, openDialog, submitAndExpectCreated } from "./reminder-helpers";

test("ask for confirmation in the dialog (SMS and WhatsApp only), by keyboard, and see replies in the history", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  await addContact(user.id, "Nora");
  await page.goto("/reminders");

  const dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Nora" });
  await dialog.getByLabel("Message").fill("Dentist at 10");
  await dialog.getByLabel("Date").fill(localDate(3));
  // E-mail: no confirmation fields.
  await expect(dialog.getByLabel("Ask for confirmation")).toHaveCount(0);
  await dialog.getByLabel("Delivery method").selectOption("sms");
  const ask = dialog.getByRole("checkbox", { name: "Ask for confirmation" });
  await ask.focus();
  await page.keyboard.press("Space");
  await expect(ask).toBeChecked();
  await dialog.getByLabel("Tell me if not confirmed after").selectOption({ label: "3 hours" });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await submitAndExpectCreated(page);

  const [row] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
  expect(row).toMatchObject({ deliveryMethod: "sms", askConfirmation: true, followUpMinutes: 180 });

  // A sent occurrence that the contact confirmed, as the inbound webhook records it.
  const sentAt = new Date(Date.now() - 3_600_000);
  const [delivery] = await e2eDb
    .insert(deliveries)
    .values({
      reminderId: row.id,
      workspaceId: user.id,
      contactId: row.contactId ?? "",
      occurrenceAt: sentAt,
      channel: "sms",
      status: "sent",
      sentAt,
      confirmation: "confirmed",
      confirmationAt: new Date(),
    })
    .returning();
  await e2eDb.insert(deliveryReplies).values({
    deliveryId: delivery.id,
    deliveryOccurrenceAt: delivery.occurrenceAt,
    reminderId: row.id,
    workspaceId: user.id,
    channel: "sms",
    body: "Sí",
    action: "confirm",
    providerMessageId: `SM${delivery.id.toString().padStart(32, "0")}`,
  });
  await page.reload();
  const reminderRow = page.getByTestId("reminder-row").filter({ hasText: "Dentist at 10" });
  await reminderRow.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "Delivery history for Nora" });
  const entry = history.getByTestId("delivery-entry");
  await expect(entry.getByTestId("confirmation-badge")).toHaveText("Confirmed");
  await expect(entry.getByTestId("delivery-replies")).toContainText("“Sí” (confirmed)");
});
