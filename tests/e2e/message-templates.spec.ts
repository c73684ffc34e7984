import { and, eq } from "drizzle-orm";
import { messageTemplates, reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { ZONE, addContact, localDate, openDialog, submitAndExpectCreated } from "./reminder-helpers";

const LONG = " Have a wonderful day with all the family, see you at the party";

test("a message with a field: live preview per channel, SMS segments, save as template and reuse", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE, senderName: "Sam" });
  // WhatsApp is offered once the contact's opt-in is recorded.
  await addContact(user.id, "Rose Marie Lane", {
    whatsappConsentAt: new Date(),
    whatsappConsentSource: "in_person",
  });
  await page.goto("/reminders");

  let dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Rose Marie Lane" });
  const message = dialog.getByLabel("Message", { exact: true });
  await message.fill("Happy birthday, ");
  // The field goes in at the cursor, and typing carries on after it.
  await dialog.getByRole("button", { name: /^\{first_name\}/ }).click();
  await expect(message).toBeFocused();
  await page.keyboard.type(`!${LONG}`);
  await expect(message).toHaveValue(`Happy birthday, {first_name}!${LONG}`);

  const preview = dialog.getByTestId("message-preview");
  await expect(dialog.getByRole("heading", { name: "Preview: email" })).toBeVisible();
  await expect(preview).toContainText("A reminder from Sam");
  await expect(preview).toContainText("Hello Rose Marie Lane,");
  await expect(preview).toContainText(`Happy birthday, Rose!${LONG}`);
  await expect(preview).toContainText("Sent by Sam via Remindful.");

  await dialog.getByLabel("Delivery method").selectOption("sms");
  await expect(dialog.getByRole("heading", { name: "Preview: SMS" })).toBeVisible();
  await expect(preview).toContainText(`Remindful, from Sam: Happy birthday, Rose!${LONG}`);
  await expect(preview).toContainText("Reply STOP to opt out.");
  await expect(dialog.getByTestId("sms-segments")).toHaveText("1 SMS message");

  // One emoji turns the whole text to UCS-2 (70 units a segment, 67 once split), said in plain words.
  await message.press("End");
  await page.keyboard.type(" 🎂");
  await expect(dialog.getByTestId("sms-segments")).toHaveText(
    "2 SMS messages — some accented letters and emoji make messages shorter",
  );

  await dialog.getByLabel("Delivery method").selectOption("whatsapp");
  await expect(dialog.getByTestId("whatsapp-template")).toHaveText(
    "Sent with WhatsApp's approved English message.",
  );
  await expect(preview).toContainText(`Happy birthday, Rose!${LONG} 🎂`);

  // An unknown field is named, and the reminder is not sent to the server.
  await message.press("End");
  await page.keyboard.type(" {nickname}");
  await expect(dialog.getByTestId("message-fields-problem")).toHaveText(
    "Unknown field: {nickname}. The fields are {first_name}, {name}, {sender}, {age}, {date}.",
  );
  await message.fill(`Happy birthday, {first_name}!${LONG} 🎂`);
  await expect(dialog.getByTestId("message-fields-problem")).toHaveCount(0);

  // Save as template, with a name.
  await dialog.getByRole("button", { name: "Save as template" }).click();
  const save = page.getByRole("dialog", { name: "Save as template" });
  await save.getByLabel("Template name").fill("Rose's birthday");
  await save.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Template saved").last()).toBeVisible();
  await expect(save).toHaveCount(0);
  const [saved] = await e2eDb.select().from(messageTemplates).where(eq(messageTemplates.workspaceId, user.id));
  expect(saved).toMatchObject({
    name: "Rose's birthday",
    body: `Happy birthday, {first_name}!${LONG} 🎂`,
    locale: "en",
  });

  await dialog.getByLabel("Date").fill(localDate(1));
  await submitAndExpectCreated(page);
  const [created] = await e2eDb
    .select({ message: reminders.message })
    .from(reminders)
    .where(and(eq(reminders.workspaceId, user.id), eq(reminders.deliveryMethod, "whatsapp")));
  expect(created.message).toBe(`Happy birthday, {first_name}!${LONG} 🎂`);

  // A new reminder picks the saved template, and a built-in one in the user's language.
  dialog = await openDialog(page);
  const picker = dialog.getByLabel("Templates");
  await expect(picker.locator("optgroup[label='Your templates'] option")).toHaveText(["Rose's birthday"]);
  await picker.selectOption({ label: "Rose's birthday" });
  await expect(dialog.getByLabel("Message", { exact: true })).toHaveValue(
    `Happy birthday, {first_name}!${LONG} 🎂`,
  );
  await picker.selectOption({ label: "Birthday" });
  await expect(dialog.getByLabel("Message", { exact: true })).toHaveValue("Happy birthday, {first_name}!");

  // Rename, then delete, from the management list.
  await dialog.getByRole("button", { name: "Manage templates" }).click();
  const manage = page.getByRole("dialog", { name: "Your message templates" });
  await manage.getByLabel("New name for Rose's birthday").fill("Rose's day");
  await manage.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Template renamed").last()).toBeVisible();
  await expect(manage.getByLabel("New name for Rose's day")).toHaveValue("Rose's day");
  await manage.getByRole("button", { name: "Delete Rose's day" }).click();
  await expect(manage.getByText("No saved templates yet.")).toBeVisible();
  expect(await e2eDb.select().from(messageTemplates).where(eq(messageTemplates.workspaceId, user.id))).toEqual([]);
});
