import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { consentRecords, contacts } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";

test("the contact card shows opt-outs per channel and the WhatsApp opt-in, which the form records", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  const [contact] = await e2eDb
    .insert(contacts)
    .values({
      workspaceId: user.id,
      name: "Rosa",
      phone: "+34600000901",
      smsOptOut: true,
      emailOptOut: false,
    })
    .returning();
  await page.goto("/contacts");
  const card = page.getByTestId("contact-card").filter({ hasText: "Rosa" });
  await expect(card.getByTestId("contact-opt-outs")).toHaveText("Opted out of SMS");
  await expect(card.getByTestId("contact-whatsapp-consent")).toHaveText("No WhatsApp opt-in recorded");

  await card.getByRole("button", { name: "Options for Rosa" }).click();
  await page.getByRole("menuitem", { name: "Edit Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Contact" });
  await dialog.getByLabel("WhatsApp opt-in").selectOption({ label: "Signed form" });
  const audit = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact updated")).toBeVisible();
  await expect(card.getByTestId("contact-whatsapp-consent")).toContainText("(signed form)");
  const [saved] = await e2eDb.select().from(contacts).where(eq(contacts.id, contact.id));
  expect(saved.whatsappConsentSource).toBe("written_form");
  expect(saved.whatsappConsentAt).not.toBeNull();

  // The same card in Spanish.
  await page.evaluate(() => localStorage.setItem("locale", "es"));
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: page.url() }]);
  await page.reload();
  await expect(
    page.getByTestId("contact-card").filter({ hasText: "Rosa" }).getByTestId("contact-opt-outs"),
  ).toHaveText("Baja de SMS");
});

test("the card's consent history opens by keyboard, and a request to be forgotten is one click from done, with Undo", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const user = await signIn();
  const [marie] = await e2eDb
    .insert(contacts)
    .values({
      workspaceId: user.id,
      name: "Marie",
      email: "marie.consent@example.org",
      smsOptOut: true,
      forgetRequestedAt: new Date("2031-02-20T10:00:00Z"),
    })
    .returning();
  await e2eDb.insert(consentRecords).values([
    {
      workspaceId: user.id,
      contactId: marie.id,
      channel: "sms",
      change: "opted_out",
      source: "sms_reply",
      wording: "STOP",
      at: new Date("2031-01-05T10:00:00Z"),
    },
    {
      workspaceId: user.id,
      contactId: marie.id,
      channel: null,
      change: "forget_requested",
      source: "preferences_page",
      wording: "Forget me",
      at: new Date("2031-02-20T10:00:00Z"),
    },
  ]);
  await page.goto("/contacts");
  const card = page.getByTestId("contact-card").filter({ hasText: "Marie" });
  await expect(card.getByRole("heading", { name: "Marie asked to be forgotten" })).toBeVisible();

  const history = card.getByTestId("consent-history");
  await history.locator("summary").focus();
  await page.keyboard.press("Enter");
  const records = history.getByTestId("consent-record");
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText("Asked to be forgotten · All channels");
  await expect(records.first()).toContainText("Their preferences page");
  await expect(records.nth(1)).toContainText("Opted out · SMS");
  await expect(records.nth(1)).toContainText("Words shown: “STOP”");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const audit = await new AxeBuilder({ page })
    .include('[data-testid="contact-card"]')
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);

  await card.getByRole("button", { name: "Delete Marie" }).click();
  await expect(page.getByText("Contact deleted")).toBeVisible();
  await expect(page.getByTestId("contact-card").filter({ hasText: "Marie" })).toHaveCount(0);
  await expect
    .poll(async () => (await e2eDb.select().from(contacts).where(eq(contacts.id, marie.id))).length)
    .toBe(0);
});
