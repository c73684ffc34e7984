import { eq } from "drizzle-orm";
import { deliveries, reminders, users } from "@/db/schema";
import { getPlan } from "@/lib/plans/get-plan";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";
import { MESSAGES } from "./shell-helpers";

/** A one-time e-mail reminder due now: the app's inline engine takes it at once. */
async function dueNow(userId: string, contactId: string, message: string) {
  const now = new Date();
  const [row] = await e2eDb
    .insert(reminders)
    .values({
      workspaceId: userId,
      contactId,
      message,
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: now,
      nextRunAt: now,
    })
    .returning();
  return row;
}

async function settled(reminderId: string) {
  await expect
    .poll(async () => (await e2eDb.select().from(reminders).where(eq(reminders.id, reminderId)))[0].status, {
      timeout: 20_000,
    })
    .not.toBe("scheduled");
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

for (const locale of ["en", "es", "fr"] as const) {
  test(`a reminder to an opted-out contact fails and its history says so (${locale})`, async ({
    page,
    signIn,
  }) => {
    const m = MESSAGES[locale].deliveryLog;
    const user = await signIn({ locale, timezone: "Europe/Paris" });
    const url = new URL(process.env.E2E_BASE_URL ?? "");
    await page
      .context()
      .addCookies([{ name: "NEXT_LOCALE", value: locale, domain: url.hostname, path: "/" }]);
    const contact = await addContact(user.id, "Olga", { emailOptOut: true });
    const reminder = await dueNow(user.id, contact.id, "Water the plants");
    await settled(reminder.id);

    await page.goto("/reminders");
    const row = page.getByTestId("reminder-row").filter({ hasText: "Water the plants" });
    // The row says why in one line, with the raw code beside it.
    await expect(row.getByTestId("failure-reason")).toContainText(
      fill(m.whyFailed, { reason: m.reasons.opted_out }),
    );
    await expect(row.getByTestId("failure-reason")).toContainText("opted_out");

    await row.getByRole("button", { name: m.history }).click();
    const dialog = page.getByRole("dialog", { name: fill(m.historyFor, { name: "Olga" }) });
    const entry = dialog.getByTestId("delivery-entry");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(fill(m.status.skipped, { reason: m.skip.opted_out }));
    await expect(entry).toContainText(fill(m.recipient, { address: "olga@example.com" }));
    await expect(entry).toContainText(m.channels.email);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
}

test("the activity page filters by status and contact; the dashboard asks for attention", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  const ana = await addContact(user.id, "Ana", { emailOptOut: true });
  const ben = await addContact(user.id, "Ben");
  const r1 = await dueNow(user.id, ana.id, "For Ana");
  const r2 = await dueNow(user.id, ben.id, "For Ben");
  await settled(r1.id);
  await settled(r2.id);
  expect((await e2eDb.select().from(deliveries).where(eq(deliveries.workspaceId, user.id))).length).toBe(2);

  await page.goto("/");
  const attention = page.getByTestId("needs-attention");
  await expect(attention).toContainText("Needs attention");
  await expect(attention).toContainText("1 message failed in the last 7 days.");

  await page.getByRole("navigation").getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const entries = page.getByRole("list", { name: "Deliveries" }).getByTestId("delivery-entry");
  await expect(entries).toHaveCount(2);

  await page.getByLabel("Status").selectOption("skipped");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=skipped/);
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("Ana");
  await expect(entries).toContainText("Skipped: opted out");

  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Contact").selectOption({ label: "Ben" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`contactId=${ben.id}`));
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("Ben");
  await expect(entries.getByText("Sent", { exact: true })).toBeVisible();

  await page.getByLabel("Status").selectOption("failed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No deliveries match these filters.")).toBeVisible();
});

test("the sidebar's contact count follows an import without a reload", async ({ page, signIn }) => {
  await signIn();
  const limit = getPlan("trial").contactsLimit;
  await page.goto("/contacts");
  const usage = page.getByTestId("sidebar-usage");
  await expect(usage).toContainText(`0/${limit}`);
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  await dialog.getByLabel("CSV or vCard file", { exact: true }).setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,email,phone,relationship\nAna,ana@example.com,,\nBen,ben@example.com,,\n"),
  });
  await dialog.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(page.getByText("Successfully imported 2 contacts")).toBeVisible();
  await expect(usage).toContainText(`2/${limit}`);
});

test("failure alert e-mails can be turned off in Settings, and the choice is kept", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  await page.goto("/settings");
  const toggle = page.getByRole("switch", { name: "Email me when a reminder cannot be sent" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText("Notification settings saved")).toBeVisible();
  await expect
    .poll(async () => (await e2eDb.select().from(users).where(eq(users.id, user.id)))[0].failureAlerts)
    .toBe(false);
  await page.reload();
  await expect(
    page.getByRole("switch", { name: "Email me when a reminder cannot be sent" }),
  ).not.toBeChecked();
});
