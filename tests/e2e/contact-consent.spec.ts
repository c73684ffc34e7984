import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";

test("the contact card shows opt-outs per channel and the WhatsApp opt-in, which the form records", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  const [contact] = await e2eDb
    .insert(contacts)
    .values({ workspaceId: user.id, name: "Rosa", phone: "+34600000901", smsOptOut: true, emailOptOut: false })
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
