import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { noonZone } from "@/tests/support/noon-zone";
import { e2eDb, expect, test } from "./fixtures";
import { addContact, localDate, openDialog, submitAndExpectCreated } from "./reminder-helpers";

// A reminder by phone call, from the dialog: where it is offered and why not, what it costs, what
// the contact will hear; then the whole flow in development, the call answered in the dev outbox.

async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("[role=dialog]")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

const callOption = (dialog: Locator) => dialog.getByLabel("Delivery method").locator("option[value=call]");

test("Phone call in the dialog: offered with its cost and script, refused with the reason and the fix", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await signIn({ timezone: "UTC" });
  await addContact(user.id, "Abuelo", { phone: "+34600000001" });
  await addContact(user.id, "Nora", { phone: null });
  await page.goto("/reminders");
  const dialog = await openDialog(page);
  await dialog.getByLabel("Message").fill("Feliz cumpleaños, abuelo");

  // A contact without a phone: disabled, with the reason and the fix.
  await dialog.getByLabel("Contact").selectOption({ label: "Nora" });
  await expect(callOption(dialog)).toBeDisabled();
  const unavailable = dialog.getByTestId("method-unavailable-phone");
  await expect(unavailable).toHaveText(
    "Nora has no phone number, needed for SMS, WhatsApp, and calls. Add a phone number",
  );
  await expect(unavailable.getByRole("link", { name: "Add a phone number" })).toHaveAttribute(
    "href",
    /^\/contacts\?edit=[0-9a-f-]+&field=phone$/,
  );
  await expect(dialog.getByLabel("Delivery method")).toHaveAttribute(
    "aria-describedby",
    /reminder-method-note-phone/,
  );

  // A contact with one: chosen by keyboard, the cost and the daily cap before scheduling.
  await dialog.getByLabel("Contact").selectOption({ label: "Abuelo" });
  await expect(callOption(dialog)).toBeEnabled();
  await expect(unavailable).toHaveCount(0);
  await dialog.getByLabel("Delivery method").selectOption("call");
  await expect(dialog.getByLabel("Delivery method")).toHaveValue("call");
  const cost = dialog.getByTestId("call-cost");
  await expect(cost).toHaveText(
    "A call counts as 3 reminders of your quota. Up to 10 calls a day on your plan.",
  );
  // Abuelo has a phone but no WhatsApp opt-in: that note, then the call's cost.
  await expect(dialog.getByLabel("Delivery method")).toHaveAttribute(
    "aria-describedby",
    "reminder-method-note-consent reminder-method-call-cost",
  );

  // The preview is the call's script, in the contact's language; asking for confirmation adds 1, 2, 3.
  await expect(dialog.getByRole("heading", { name: "Preview: phone call" })).toBeVisible();
  const script = dialog.getByTestId("call-script").getByRole("listitem");
  await expect(script).toHaveText([
    "A message from Ana Díaz, through Remindful.",
    "Feliz cumpleaños, abuelo",
    "Press 0 to hear the message again, or 9 to stop calls from Ana Díaz. Press 8 to receive a link to choose how you hear from Ana Díaz.",
    "Goodbye.",
  ]);
  const ask = dialog.getByRole("checkbox", { name: "Ask for confirmation" });
  await ask.focus();
  await page.keyboard.press("Space");
  await expect(ask).toBeChecked();
  await expect(dialog.getByText("The contact can press 1 to confirm, 2 to decline or 3")).toBeVisible();
  await expect(script.nth(2)).toHaveText(
    "Press 1 to confirm, 2 to decline, or 3 to be called again in an hour. Press 0 to hear the message again, or 9 to stop calls from Ana Díaz. Press 8 to receive a link to choose how you hear from Ana Díaz.",
  );

  // At 375 px nothing is wider than the screen; axe finds nothing with Phone call chosen.
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);

  // A video is not called: the option is disabled and the line says what to do.
  await dialog.getByRole("tab", { name: "Video" }).click();
  await expect(callOption(dialog)).toBeDisabled();
  await expect(dialog.getByTestId("method-unavailable-video")).toHaveText(
    "Video cannot be sent by phone call: choose Text or Voice to call.",
  );
  await expect(cost).toHaveCount(0);
  await dialog.getByRole("tab", { name: "Text" }).click();
  await expect(cost).toBeVisible();

  await dialog.getByLabel("Date").fill(localDate(3, "UTC"));
  await submitAndExpectCreated(page);
  const [row] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
  expect(row).toMatchObject({
    deliveryMethod: "call",
    askConfirmation: true,
    message: "Feliz cumpleaños, abuelo",
  });
});

test("a plan without calls offers them as an upgrade; the dialog and pricing speak the user's language", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ planType: "free", timezone: "UTC" });
  await addContact(user.id, "Abuelo", { phone: "+34600000001" });
  await page.goto("/reminders");
  let dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Abuelo" });
  await expect(callOption(dialog)).toBeDisabled();
  await expect(callOption(dialog)).toHaveText("Phone call (Upgrade)");
  const unavailable = dialog.getByTestId("method-unavailable-plan");
  await expect(unavailable).toHaveText("Phone calls are not included in your plan. See plans");
  await expect(unavailable.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");

  await page.goto("/pricing");
  await expect(page.getByTestId("plan-free-monthly").getByTestId("plan-calls")).toHaveText("No phone calls");
  await expect(page.getByTestId("plan-personal-monthly").getByTestId("plan-calls")).toHaveText(
    "Up to 20 reminder calls a day",
  );
  await expect(page.getByTestId("payg-card").getByTestId("plan-calls")).toHaveText(
    "Up to 500 reminder calls a day",
  );
  await expect(page.getByTestId("call-cost-rule")).toHaveText(
    "A phone call counts as 3 reminders of your plan's quota, or costs $0.03 of pay-as-you-go credit.",
  );

  // Spanish: a trial account sees the cost and the cap in its words.
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", domain: url.hostname, path: "/" }]);
  const spanish = await signIn({ timezone: "UTC", locale: "es" });
  await addContact(spanish.id, "Abuelo", { phone: "+34600000001", locale: "es" });
  await page.goto("/reminders");
  await page.getByRole("button", { name: "Nuevo recordatorio" }).first().click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Contacto").selectOption({ label: "Abuelo" });
  await dialog.getByLabel("Método de envío").selectOption("call");
  await expect(dialog.getByTestId("call-cost")).toHaveText(
    "Una llamada cuenta como 3 recordatorios de tu cuota. Hasta 10 llamadas al día con tu plan.",
  );
  await expect(dialog.getByTestId("call-script").getByRole("listitem").first()).toHaveText(
    "Un mensaje de Ana Díaz, a través de Remindful.",
  );
});

test("choose Phone call in the dialog, see the cost, Send now, press 1 on the call in the dev outbox, see Confirmed in the History", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: "UTC" });
  // The contact's clock at noon, so the call is outside quiet hours whatever the hour.
  const number = `+1212555${String(Date.now() % 10_000).padStart(4, "0")}`;
  await addContact(user.id, "Abuelo", { phone: number, timezone: noonZone(Date.now()) });
  await page.goto("/reminders");
  const dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Abuelo" });
  await dialog.getByLabel("Message").fill("Feliz cumpleaños, abuelo");
  await dialog.getByLabel("Delivery method").selectOption("call");
  await expect(dialog.getByTestId("call-cost")).toContainText("A call counts as 3 reminders of your quota.");
  await dialog.getByRole("checkbox", { name: "Ask for confirmation" }).check();
  await dialog.getByLabel("Date").fill(localDate(3, "UTC"));
  await submitAndExpectCreated(page);
  const [reminder] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));

  const row = page.getByTestId("reminder-row").filter({ hasText: "Feliz cumpleaños, abuelo" });
  await row.getByRole("button", { name: "Send Now" }).click();
  await expect(page.getByText("Reminder sent!").last()).toBeVisible();

  // Without Twilio the call lands in the dev outbox with its TwiML; its keypad answers as the contact.
  const call = page
    .getByTestId("outbox-message")
    .filter({ hasText: number })
    .filter({ hasText: "Feliz cumpleaños, abuelo" });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(call).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await call.getByRole("button", { name: /^Press 1/ }).click();
  await expect
    .poll(async () => {
      const [delivery] = await e2eDb.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
      return delivery?.confirmation;
    })
    .toBe("confirmed");

  await page.goto("/reminders");
  await page
    .getByTestId("reminder-row")
    .filter({ hasText: "Feliz cumpleaños, abuelo" })
    .getByRole("button", { name: "History" })
    .click();
  const entry = page
    .getByRole("dialog", { name: "Delivery history for Abuelo" })
    .getByTestId("delivery-entry");
  await expect(entry.getByText("phone call", { exact: true })).toBeVisible();
  await expect(entry.getByTestId("confirmation-badge")).toHaveText("Confirmed");
  await expect(entry.getByTestId("calls-placed")).toContainText("1 call placed");
  await expect(entry.getByTestId("delivery-replies")).toContainText("Pressed 1 (confirmed)");
});
