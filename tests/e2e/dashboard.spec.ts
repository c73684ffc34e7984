import { creditLedger, reminders } from "@/db/schema";
import { formatInZone, formatNearDate } from "@/lib/reminders/format-in-zone";
import { e2eDb, expect, test } from "./fixtures";
import { ZONE, addContact, localDate, submitAndExpectCreated } from "./reminder-helpers";

test("Sydney, in Spanish: 'monthly on the 31st at 09:00, ends after 12' reads the same next dates everywhere", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  const contact = await addContact(user.workspaceId, "Lucía");
  const url = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", domain: url.hostname, path: "/" }]);
  await page.goto("/reminders");
  const created = await page.request.post("/api/reminders", {
    data: {
      contactId: contact.id,
      type: "text",
      message: "Pagar el alquiler",
      deliveryMethod: "email",
      scheduleType: "recurring",
      frequency: "monthly",
      frequencyConfig: { time: "09:00", dayOfMonth: 31, endCondition: "after", endAfterCount: 12 },
    },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { nextOccurrences: string[] };
  const sydney = (iso: string) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(iso));
  for (const iso of body.nextOccurrences) {
    const [y, m, d] = sydney(iso).split("-").map(Number);
    expect(d).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate());
  }

  await page.reload();
  await expect(page.getByRole("heading", { name: "Recordatorios" })).toBeVisible();
  await expect(page.getByTestId("schedule-text")).toHaveText(
    "Recurrente: el día 31 de cada mes a las 9:00 (termina tras 12 veces)",
  );

  // The schedule screen shows the first of those dates, as Sydney's calendar reads it, in Spanish.
  await page.goto("/schedule");
  await expect(page.getByTestId("schedule-item")).toContainText(
    `${formatNearDate(body.nextOccurrences[0], "dayMonth", ZONE, "es")}${formatInZone(body.nextOccurrences[0], "time", ZONE, "es")}`,
  );

  // The edit dialog's live line lists the same three dates.
  await page.getByRole("button", { name: "Editar el recordatorio para Lucía" }).click();
  await expect(page.getByTestId("next-occurrences")).toHaveText(
    `Próximos: ${body.nextOccurrences.map((iso) => formatInZone(iso, "fullDateTime", ZONE, "es")).join(" · ")}`,
  );
});

test("dashboard: four stat cards, recent reminders with working actions, usage warnings", async ({
  page,
  signIn,
}) => {
  await signIn({ firstName: "Ana", remindersQuota: 10, remindersUsedCurrentPeriod: 8 });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back, Ana!" })).toBeVisible();
  await expect(page.getByTestId("stat-next")).toContainText("None");
  await expect(page.getByTestId("example-reminder")).toBeVisible();
  await expect(page.getByTestId("stat-sent")).toContainText("8");
  await expect(page.getByTestId("stat-sent")).toContainText("2 remaining");
  await expect(page.getByText("You've used 80% of your reminders this month.")).toBeVisible();

  await page.context().clearCookies();
  const user = await signIn({
    firstName: "Ben",
    timezone: "UTC",
    remindersQuota: 10,
    remindersUsedCurrentPeriod: 10,
  });
  const contact = await addContact(user.workspaceId, "Kai");
  const due = new Date(Date.UTC(2031, 4, 6, 14, 5));
  const rows = Array.from({ length: 6 }, (_, i) => ({
    workspaceId: user.workspaceId,
    contactId: contact.id,
    message: `Note ${i}`,
    deliveryMethod: "sms",
    scheduleType: "once",
    scheduledFor: new Date(due.getTime() + i * 86_400_000),
    nextRunAt: new Date(due.getTime() + i * 86_400_000),
    createdAt: new Date(Date.now() - (6 - i) * 1000),
  }));
  await e2eDb.insert(reminders).values(rows);
  await page.goto("/");
  await expect(page.getByTestId("stat-contacts")).toContainText("1");
  await expect(page.getByTestId("stat-active")).toContainText("6");
  await expect(page.getByTestId("stat-next")).toContainText("Scheduled for Kai");
  // Years away, so it says its year.
  await expect(page.getByTestId("stat-next")).toContainText("May 6, 2031, 2:05 PM");
  await expect(page.getByTestId("recent-reminder")).toHaveCount(5);
  await expect(page.getByText("Reminder limit reached")).toBeVisible();

  const newest = page.getByTestId("recent-reminder").filter({ hasText: "Note 5" });
  await newest.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Reminder cancelled")).toBeVisible();
  await expect(page.getByTestId("stat-active")).toContainText("5");
  await expect(newest).toContainText("Cancelled");
});

test("a subscriber past the quota sees the reminders their credits paid for this month", async ({
  page,
  signIn,
}) => {
  const user = await signIn({
    planType: "starter",
    subscriptionStatus: "active",
    remindersQuota: 100,
    remindersUsedCurrentPeriod: 100,
    paygCreditBalance: 1234,
    billingPeriodStart: new Date(Date.now() - 86_400_000),
  });
  await e2eDb.insert(creditLedger).values(
    [1, 2, 3].map((n) => ({
      workspaceId: user.workspaceId,
      amountCents: -1,
      reason: "delivery",
      idempotencyKey: `delivery:${user.id}-${n}:1`,
    })),
  );
  await page.goto("/");
  const panel = page.getByTestId("usage-panel");
  await expect(panel).toContainText("100/100 reminders this month");
  await expect(panel.getByTestId("credits-past-quota")).toContainText(
    "3 reminders past the quota this month, paid with credits",
  );
  await expect(panel.getByTestId("credits-past-quota")).toContainText(
    "Credits left for sends past the quota: $12.34",
  );
});

test("dashboard: New Reminder reads the user's own contacts when it opens, and creates the reminder", async ({
  page,
  signIn,
}) => {
  const other = await signIn({ firstName: "Olga" });
  await addContact(other.workspaceId, "Zed");
  await page.context().clearCookies();
  const user = await signIn({ firstName: "Cleo", timezone: ZONE });
  await addContact(user.workspaceId, "Kai");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back, Cleo!" })).toBeVisible();
  // Added after the dashboard rendered: the picker still lists it, as it is read on opening.
  await addContact(user.workspaceId, "Lina");

  const opener = page.getByRole("button", { name: "New Reminder" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Create New Reminder" });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByLabel("Contact");
  await expect(picker.locator("option")).toHaveText(["Select a contact", "Kai", "Lina"]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await picker.selectOption({ label: "Kai" });
  await dialog.getByLabel("Message").fill("Call the plumber");
  await dialog.getByLabel("Date").fill(localDate(1));
  await submitAndExpectCreated(page);
  await expect(page.getByTestId("stat-active")).toContainText("1");
  await expect(page.getByTestId("recent-reminder")).toContainText("Call the plumber");
});
