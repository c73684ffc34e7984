import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import * as schema from "@/db/schema";
import type Messages from "@/messages/en.json";
import { arrangePerson, e2eDb, expect, test } from "./fixtures";
import { e2ePreferencesToken } from "./preferences-link";
import { axeProblems, layoutProblems } from "./screen-checks";

const DAY_MS = 86_400_000;
const messages = (locale: "es" | "fr") =>
  JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as typeof Messages;
const fr = messages("fr");
const CATALOGUES = { es: messages("es"), fr };
const SENDER = "Clínica Sol";
const fill = (text: string, values: Record<string, string | number> = {}) =>
  Object.entries({ sender: SENDER, ...values }).reduce(
    (out, [key, value]) => out.replaceAll(`{${key}}`, String(value)),
    text,
  );

/**
 * A clinic that sends as itself and a patient who got a reminder yesterday: the link of that
 * message. The page speaks the contact's language, else the owner's (`ownerLocale`).
 */
async function seededLink(contactLocale: "es" | null, ownerLocale: "es" | "fr") {
  const owner = await arrangePerson({ locale: ownerLocale, timezone: "Europe/Madrid" });
  await e2eDb
    .update(schema.workspaces)
    .set({ name: SENDER, senderIdentity: "workspace" })
    .where(eq(schema.workspaces.id, owner.workspaceId));
  const [contact] = await e2eDb
    .insert(schema.contacts)
    .values({
      workspaceId: owner.workspaceId,
      name: "Lucía Romero",
      email: `lucia-${Date.now()}@example.org`,
      phone: "+34600123456",
      locale: contactLocale,
    })
    .returning();
  const sentAt = new Date(Date.now() - DAY_MS);
  const [reminder] = await e2eDb
    .insert(schema.reminders)
    .values({
      workspaceId: owner.workspaceId,
      contactId: contact.id,
      type: "text",
      message: "Su cita es mañana a las 10:00",
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: sentAt,
      status: "sent",
      createdBy: owner.id,
    })
    .returning();
  const [delivery] = await e2eDb
    .insert(schema.deliveries)
    .values({
      reminderId: reminder.id,
      workspaceId: owner.workspaceId,
      contactId: contact.id,
      occurrenceAt: sentAt,
      channel: "sms",
      status: "sent",
      sentAt,
      attemptCount: 1,
    })
    .returning();
  return { contact, token: e2ePreferencesToken(delivery.id) };
}

for (const start of [
  { name: "es", contactLocale: "es", ownerLocale: "es" },
  { name: "fr", contactLocale: null, ownerLocale: "fr" },
] as const) {
  test(`at 375 px in ${start.name}: a contact ranks WhatsApp then SMS, not before 10:00, in French, and saves`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { contact, token } = await seededLink(start.contactLocale, start.ownerLocale);
    const m = CATALOGUES[start.ownerLocale].preferencesPage;
    const response = await page.goto(`/prefs/${token}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(m.title));
    await expect(page.getByText(fill(m.channels.consent))).toBeVisible();
    expect([...(await layoutProblems(page)), ...(await axeProblems(page))]).toEqual([]);

    await page.getByRole("checkbox", { name: "WhatsApp" }).check();
    await page.getByRole("checkbox", { name: "SMS" }).check();
    await expect(page.getByTestId("channel-whatsapp")).toContainText(fill(m.channels.rank, { rank: 1 }));
    await expect(page.getByTestId("channel-sms")).toContainText(fill(m.channels.rank, { rank: 2 }));

    // Reordered by keyboard: SMS up, then (focus kept on its buttons) back down.
    const smsUp = page.getByRole("button", { name: fill(m.channels.moveUp, { channel: "SMS" }) });
    const smsDown = page.getByRole("button", { name: fill(m.channels.moveDown, { channel: "SMS" }) });
    await smsUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("channel-sms")).toContainText(fill(m.channels.rank, { rank: 1 }));
    await expect(smsDown).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("channel-whatsapp")).toContainText(fill(m.channels.rank, { rank: 1 }));

    await page.getByLabel(m.window.notBefore, { exact: true }).fill("10:00");

    // French: saved on the contact at once, the page comes back in it, the choices still there.
    const f = fr.preferencesPage;
    await page.getByLabel(m.language.label, { exact: true }).selectOption("fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(f.title));
    await expect(page.getByLabel(f.window.notBefore, { exact: true })).toHaveValue("10:00");
    await expect(page.getByTestId("channel-whatsapp")).toContainText(fill(f.channels.rank, { rank: 1 }));

    await page.getByRole("button", { name: f.save }).click();
    await expect(page.getByRole("status").filter({ hasText: fill(f.saved) })).toBeVisible();
    // The page's title streams in again after the save's refresh, and can go once more before the
    // refresh settles: the page is judged once it has settled with no problem left.
    await expect(page).toHaveTitle(new RegExp(`^${f.metaTitle}`));
    await expect(async () => {
      expect([...(await layoutProblems(page)), ...(await axeProblems(page))]).toEqual([]);
    }).toPass({ timeout: 15_000 });

    const [saved] = await e2eDb.select().from(schema.contacts).where(eq(schema.contacts.id, contact.id));
    expect(saved).toMatchObject({
      acceptedChannels: ["whatsapp", "sms"],
      windowStart: 600,
      windowEnd: 1440,
      locale: "fr",
      whatsappConsentSource: "website",
    });
    const records = await e2eDb
      .select()
      .from(schema.consentRecords)
      .where(eq(schema.consentRecords.contactId, contact.id));
    // The choices' sentences are recorded as the contact read them: in French.
    expect(records.map((record) => record.wording)).toContain(fill(f.channels.consent));
  });
}

test("a forged or altered preferences link is the plain 404 page", async ({ page }) => {
  const { token } = await seededLink("es", "es");
  for (const path of [
    `/prefs/${"A".repeat(33)}`,
    `/prefs/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText(SENDER)).toHaveCount(0);
  }
});
