import { eq } from "drizzle-orm";
import { contactDates, contacts } from "@/db/schema";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { e2eDb, expect, test } from "./fixtures";
import { openDialog } from "./reminder-helpers";

// What the screens say about imports, recipients' languages, senders and dates a year away.

const ZONE = "Europe/Madrid";

test("an import brings every contact in and lists each detail it left out, and why", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE, phone: null });
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  await dialog.getByLabel("CSV or vCard file", { exact: true }).setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "name,email,phone,birthday\n" +
        "Tom,tom@example.com,(415) 555-2671,\n" +
        "Eve,eve@example.com,,31/31/1990\n" +
        "Ute,ute@example.com,,25/12/1980\n",
    ),
  });
  // The preview already tells the date it cannot read; the phone is the server's to judge.
  await expect(dialog.getByTestId("import-preview-left-out").getByRole("listitem")).toHaveText([
    "Row 3: Birthday “31/31/1990” left out: not a date that could be read",
  ]);
  await dialog.getByRole("button", { name: "Import 3 contacts" }).click();
  const done = page.locator("[data-sonner-toast]").filter({ hasText: "Import complete" });
  await expect(done).toContainText("Successfully imported 3 contacts; 2 details left out");
  // The dialog stays open on the list: the phone left out by the server, the date by the browser.
  await expect(dialog.getByRole("heading", { name: "Imported without some details" })).toBeVisible();
  await expect(dialog.getByTestId("import-left-out").getByRole("listitem")).toHaveText([
    "Row 2: Phone “(415) 555-2671” left out: not a phone number that could be read (write it with its country code, such as +33)",
    "Row 3: Birthday “31/31/1990” left out: not a date that could be read",
  ]);
  const saved = await e2eDb.select().from(contacts).where(eq(contacts.workspaceId, user.id));
  expect(saved.map((c) => [c.name, c.email, c.phone]).sort()).toEqual([
    ["Eve", "eve@example.com", null],
    ["Tom", "tom@example.com", null],
    ["Ute", "ute@example.com", null],
  ]);
});

test("a French number makes a French contact: the form says so, the yearly greeting and the preview follow", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE, locale: "en" });
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const form = page.getByRole("dialog", { name: "Add Contact" });
  await form.getByLabel("Name", { exact: true }).fill("Camille Martin");
  await form.getByLabel("Email", { exact: true }).fill("camille@example.fr");
  await form.getByLabel("Phone (optional)").fill("+33 6 12 34 56 78");
  // "Automatic" names the language the phone's country gives.
  await expect(form.getByLabel("Message language")).toHaveValue("");
  await expect(form.getByRole("option", { name: "Automatic: Français" })).toBeAttached();
  await form.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact added")).toBeVisible();
  const [camille] = await e2eDb.select().from(contacts).where(eq(contacts.workspaceId, user.id));
  expect(camille.locale).toBe("fr");

  // Her birthday's yearly reminder starts in French, and says so.
  await e2eDb.insert(contactDates).values({
    workspaceId: user.id,
    contactId: camille.id,
    kind: "birthday",
    month: 3,
    day: 3,
    year: null,
  });
  await page.reload();
  await page.getByRole("button", { name: /Create a yearly reminder for Camille Martin/ }).click();
  const yearly = page.getByRole("dialog", { name: "Yearly reminder" });
  await expect(yearly.getByLabel("Message", { exact: true })).toHaveValue(
    "Joyeux anniversaire, {first_name} !",
  );
  await expect(yearly.getByTestId("date-reminder-language")).toHaveText(
    "In French, Camille Martin's language.",
  );
  await yearly.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Yearly reminder created").last()).toBeVisible();

  // The lead reminder goes to the user, and the lists say so.
  await page.goto("/reminders");
  await expect(
    page.getByTestId("reminder-row").filter({ hasText: "You (about Camille Martin)" }),
  ).toHaveCount(1);
  await page.goto("/schedule");
  await expect(
    page.getByTestId("schedule-item").filter({ hasText: "You (about Camille Martin)" }),
  ).toHaveCount(1);

  // The reminder dialog's preview names the language she reads.
  await page.goto("/reminders");
  const dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Camille Martin" });
  await expect(dialog.getByTestId("message-language")).toHaveText("Sent to Camille Martin in French.");
});

test("a reminder next year says its year on the Schedule and in the list", async ({ page, signIn }) => {
  const user = await signIn({ timezone: ZONE });
  const [contact] = await e2eDb
    .insert(contacts)
    .values({ workspaceId: user.id, name: "Rosa", email: "rosa@example.com" })
    .returning();
  const nextYear = new Date().getUTCFullYear() + 1;
  const created = await page.request.post("/api/reminders", {
    data: {
      contactId: contact.id,
      type: "text",
      message: "Renew the passport",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: `${nextYear}-06-15T09:00`,
    },
  });
  expect(created.status()).toBe(201);
  const { scheduledFor } = (await created.json()) as { scheduledFor: string };
  await page.goto("/schedule");
  await expect(page.getByTestId("schedule-item").filter({ hasText: "Rosa" })).toContainText(
    formatInZone(scheduledFor, "fullDate", ZONE, "en"),
  );
  await page.goto("/reminders");
  await expect(page.getByTestId("schedule-text")).toHaveText(`Jun 15, ${nextYear} at 9:00 AM`);
});

test("without a name to sign with, the dashboard asks for one", async ({ page, signIn }) => {
  // Past the first-run checklist (whose first step asks for the name while it shows).
  const user = await signIn({ firstName: null, lastName: null, checklistHiddenAt: new Date() });
  await page.goto("/");
  const prompt = page.getByRole("region", { name: "Sign your reminders" });
  await expect(prompt).toContainText(`Recipients see your reminders come from ${user.email}.`);
  await prompt.getByRole("link", { name: "Add a sender name" }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await signIn();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("sender-name-prompt")).toHaveCount(0);
});
