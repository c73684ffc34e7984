import { reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { ZONE, addContact, localDate, openDialog } from "./reminder-helpers";

// The reminder dialog offers what can work, says why the rest cannot and how to fix it, and
// speaks without provider jargon; the lists show messages as the contact will read them.

const JARGON = [/TWILIO_/, /_SID/, /UCS-2/, /GSM-7/, /UTF-16/, /septet/i, /template:/i, /\{\{\d\}\}/];

test("channels a contact cannot receive are disabled with the reason and the fix, at the right field", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  await addContact(user.id, "Nora", { phone: null });
  await addContact(user.id, "Abuelo", { phone: "+34600000001" });
  await page.goto("/reminders");
  let dialog = await openDialog(page);
  const method = dialog.getByLabel("Delivery method");

  // No phone: SMS, WhatsApp and calls disabled, one reason with its fix; e-mail still offered.
  await dialog.getByLabel("Contact").selectOption({ label: "Nora" });
  for (const value of ["sms", "whatsapp", "call"]) {
    await expect(method.locator(`option[value=${value}]`)).toBeDisabled();
  }
  await expect(method.locator("option[value=email]")).toBeEnabled();
  const noPhone = dialog.getByTestId("method-unavailable-phone");
  await expect(noPhone).toHaveText(
    "Nora has no phone number, needed for SMS, WhatsApp, and calls. Add a phone number",
  );
  await expect(method).toHaveAttribute("aria-describedby", /reminder-method-note-phone/);
  await noPhone.getByRole("link", { name: "Add a phone number" }).click();
  let form = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Nora");
  await expect(form.getByLabel("Phone (optional)")).toBeFocused();

  // A phone but no WhatsApp opt-in: SMS and calls offered, WhatsApp waits for the consent.
  await page.goto("/reminders");
  dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Abuelo" });
  await expect(method.locator("option[value=sms]")).toBeEnabled();
  await expect(method.locator("option[value=call]")).toBeEnabled();
  await expect(method.locator("option[value=whatsapp]")).toBeDisabled();
  await expect(dialog.getByTestId("method-unavailable-phone")).toHaveCount(0);
  const noConsent = dialog.getByTestId("method-unavailable-consent");
  await expect(noConsent).toHaveText("No WhatsApp opt-in is recorded for Abuelo. Record WhatsApp consent");
  await noConsent.getByRole("link", { name: "Record WhatsApp consent" }).click();
  form = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Abuelo");
  await expect(form.getByLabel("WhatsApp opt-in")).toBeFocused();

  // Recorded, WhatsApp is offered.
  await form.getByLabel("WhatsApp opt-in").selectOption("in_person");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toHaveCount(0);
  await page.goto("/reminders");
  dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Abuelo" });
  await expect(method.locator("option[value=whatsapp]")).toBeEnabled();
  await expect(dialog.getByTestId("method-unavailable")).toHaveCount(0);
});

test("the dialog's preview speaks plainly, and the lists show messages with their fields filled", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE, senderName: "Sam" });
  const rose = await addContact(user.id, "Rose Marie Lane", {
    whatsappConsentAt: new Date(),
    whatsappConsentSource: "in_person",
  });
  const due = new Date(Date.now() + 3 * 86_400_000);
  await e2eDb.insert(reminders).values({
    workspaceId: user.id,
    contactId: rose.id,
    type: "text",
    message: "Happy birthday, {first_name}! From {sender}",
    deliveryMethod: "email",
    scheduleType: "once",
    scheduledFor: due,
    nextRunAt: due,
    timezone: ZONE,
  });
  await page.goto("/reminders");
  const row = page.getByTestId("reminder-row");
  await expect(row).toContainText("Happy birthday, Rose! From Sam");
  await expect(row).not.toContainText("{first_name}");

  const dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Rose Marie Lane" });
  await dialog.getByLabel("Message", { exact: true }).fill("¡Hola, {first_name}! Nos vemos mañana 🎂");
  await dialog.getByLabel("Date").fill(localDate(1));
  await dialog.getByLabel("Delivery method").selectOption("sms");
  // The text sent is the sender's line, the message and the opt-out line: past one message's 70
  // characters once an emoji is in it.
  await expect(dialog.getByTestId("sms-segments")).toHaveText(
    "2 SMS messages — some accented letters and emoji make messages shorter",
  );
  for (const word of JARGON) await expect(dialog).not.toContainText(word);
  await dialog.getByLabel("Delivery method").selectOption("whatsapp");
  await expect(dialog.getByTestId("whatsapp-template")).toHaveText(
    "Sent with WhatsApp's approved English message.",
  );
  await expect(dialog.getByTestId("message-preview")).toContainText("¡Hola, Rose! Nos vemos mañana 🎂");
  for (const word of JARGON) await expect(dialog).not.toContainText(word);
});
