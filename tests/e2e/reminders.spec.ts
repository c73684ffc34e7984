import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { ZONE, addContact, localDate, openDialog, submitAndExpectCreated } from "./reminder-helpers";

test("create one-time and recurring reminders through the dialog and see them everywhere", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  // WhatsApp is offered once the contact's opt-in is recorded.
  await addContact(user.id, "Rose", { whatsappConsentAt: new Date(), whatsappConsentSource: "in_person" });
  await page.goto("/reminders");
  await expect(page.getByText("No reminders found")).toBeVisible();

  // The validation toasts, in order.
  let dialog = await openDialog(page);
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Please select a contact")).toBeVisible();
  await dialog.getByLabel("Contact").selectOption({ label: "Rose" });
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Please enter a message")).toBeVisible();
  await dialog.getByLabel("Message").fill("Water the plants");
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Please select a date and time")).toBeVisible();

  // One-time, tomorrow at 09:00 (the default time) in Sydney.
  await expect(dialog.getByLabel("Hour")).toHaveValue("09");
  await expect(dialog.getByLabel("Minute")).toHaveValue("00");
  await expect(dialog.getByLabel("Date")).toHaveAttribute("min", localDate(0));
  await dialog.getByLabel("Date").fill(localDate(1));
  await expect(dialog.getByTestId("next-occurrences")).toContainText("Next:");
  await submitAndExpectCreated(page);
  await expect(page.getByTestId("schedule-text").first()).toHaveText("Tomorrow at 9:00 AM");

  // Monthly on the 31st at 09:00, ends after 12 (the done-when case).
  dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Rose" });
  await dialog.getByLabel("Message").fill("Pay rent");
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Please select a frequency")).toBeVisible();
  await dialog.getByLabel("Frequency").selectOption("monthly");
  await dialog.getByLabel("Day of month").selectOption("31");
  await dialog.getByRole("radio", { name: "After" }).click();
  await expect(dialog.getByLabel("Number of times")).toHaveValue("10");
  await dialog.getByLabel("Number of times").fill("12");
  // Three month-end dates at 9:00 AM.
  await expect(dialog.getByTestId("next-occurrences")).toHaveText(/^Next: (.+ 9:00 AM · ){2}.+ 9:00 AM$/);
  await submitAndExpectCreated(page);
  await expect(
    page.getByText("Recurring: 31st of every month at 9:00 AM (ends after 12 times)"),
  ).toBeVisible();

  // Weekly needs a day; ends by a date.
  dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Rose" });
  await dialog.getByLabel("Message").fill("Call Grandpa");
  await dialog.getByLabel("Delivery method").selectOption("whatsapp");
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByLabel("Frequency").selectOption("weekly");
  await dialog.getByRole("radio", { name: "On a date" }).click();
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Please select at least one day")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Wed" }).click();
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Please select an end date")).toBeVisible();
  await dialog.getByLabel("End date").fill("2030-06-30");
  await submitAndExpectCreated(page);
  await expect(page.getByText("Recurring: weekly on Wed at 9:00 AM (ends Jun 30, 2030)")).toBeVisible();

  // Yearly, never ending, at 07:30.
  dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Rose" });
  await dialog.getByLabel("Message").fill("Happy birthday!");
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByLabel("Frequency").selectOption("yearly");
  await dialog.getByLabel("Month", { exact: true }).selectOption({ label: "February" });
  await dialog.getByLabel("Day of month").selectOption("29");
  await dialog.getByLabel("Hour").selectOption("07");
  await dialog.getByLabel("Minute").selectOption("30");
  await submitAndExpectCreated(page);
  await expect(page.getByText("Recurring: Feb 29 every year at 7:30 AM")).toBeVisible();

  // Daily.
  dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Rose" });
  await dialog.getByLabel("Message").fill("Take vitamins");
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByLabel("Frequency").selectOption("daily");
  await submitAndExpectCreated(page);
  await expect(page.getByText("Recurring: daily at 9:00 AM")).toBeVisible();
  await expect(page.getByTestId("reminder-row")).toHaveCount(5);

  const stored = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
  expect(stored).toHaveLength(5);
  expect(stored.every((r) => r.timezone === ZONE && r.status === "scheduled" && r.nextRunAt !== null)).toBe(
    true,
  );

  // Schedule screen: grouped in Sydney's calendar, soonest first.
  await page.goto("/schedule");
  await expect(page.getByTestId("group-tomorrow")).toContainText("Water the plants");
  await expect(page.getByTestId("schedule-item")).toHaveCount(5);
});

test("filter tabs, cancel, edit, send-now visibility and retry", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  const contact = await addContact(user.id, "Dad");
  const due = new Date(Date.now() + 3 * 86_400_000);
  await e2eDb.insert(reminders).values([
    {
      workspaceId: user.id,
      contactId: contact.id,
      message: "Scheduled one",
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: due,
      nextRunAt: due,
    },
    {
      workspaceId: user.id,
      contactId: contact.id,
      message: "Sent one",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: due,
      status: "sent",
    },
    {
      workspaceId: user.id,
      contactId: contact.id,
      message: "Failed one",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: due,
      status: "failed",
    },
  ]);
  const [failed] = await e2eDb.select().from(reminders).where(eq(reminders.message, "Failed one"));
  await e2eDb.insert(deliveries).values({
    reminderId: failed.id,
    workspaceId: user.id,
    contactId: contact.id,
    occurrenceAt: due,
    channel: "email",
    status: "failed",
    error: "Mailbox unavailable",
    attemptCount: 3,
  });
  await page.goto("/reminders");
  await expect(page.getByTestId("reminder-row")).toHaveCount(3);
  await page.getByRole("tab", { name: "Sent" }).click();
  await expect(page.getByTestId("reminder-row")).toHaveCount(1);
  await expect(page.getByTestId("reminder-row")).toContainText("Sent one");
  await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Failed" }).click();
  await expect(page.getByTestId("reminder-row")).toContainText("Failed one");
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Retry scheduled")).toBeVisible();
  await expect(page.getByText("No reminders found")).toBeVisible();

  // The engine in the server sends the retried occurrence (to the dev outbox) within moments.
  await expect
    .poll(async () => (await e2eDb.select().from(reminders).where(eq(reminders.id, failed.id)))[0]?.status)
    .toBe("sent");
  await page.getByRole("tab", { name: "Sent" }).click();
  await expect(page.getByTestId("reminder-row").filter({ hasText: "Failed one" })).toHaveCount(1);
  await page.getByRole("tab", { name: "Scheduled" }).click();
  await expect(page.getByTestId("reminder-row")).toHaveCount(1);
  const row = page.getByTestId("reminder-row").filter({ hasText: "Scheduled one" });
  await expect(row.getByRole("button", { name: "Send Now" })).toBeVisible();

  // Edit from the schedule screen.
  await page.goto("/schedule");
  await page.getByRole("button", { name: "Edit the reminder to Dad" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Edit Reminder" });
  await dialog.getByLabel("Message").fill("Edited message");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Reminder updated")).toBeVisible();
  await expect(page.getByText("Edited message")).toBeVisible();

  // Cancel from the reminders screen.
  await page.goto("/reminders");
  const edited = page.getByTestId("reminder-row").filter({ hasText: "Edited message" });
  await edited.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Reminder cancelled")).toBeVisible();
  await expect(edited).toContainText("Cancelled");
  await expect(edited.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});

test("a contact card link opens the dialog with that contact; the limit opens the upgrade dialog", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ remindersQuota: 10, remindersUsedCurrentPeriod: 10, planType: "free" });
  const contact = await addContact(user.id, "Mia");
  await page.goto(`/reminders?new=1&contactId=${contact.id}`);
  const dialog = page.getByRole("dialog", { name: "Create New Reminder" });
  await expect(dialog.getByLabel("Contact")).toHaveValue(contact.id);
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  const upgrade = page.getByRole("dialog", { name: "Reminder Limit Reached" });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toContainText(
    "You've reached your reminder limit on the Free plan. Upgrade to continue growing!",
  );
  await expect(upgrade.getByRole("link", { name: "Upgrade to Personal" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await upgrade.getByRole("button", { name: "Not Now" }).click();
  const stored = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
  expect(stored).toHaveLength(0);
});

test("at the quota, credits bought on a plan let the dialog schedule, and billing says they carry sends", async ({
  page,
  signIn,
}) => {
  const user = await signIn({
    timezone: ZONE,
    planType: "starter",
    subscriptionStatus: "active",
    remindersQuota: 500,
    remindersUsedCurrentPeriod: 500,
    paygCreditBalance: 5250,
  });
  await addContact(user.id, "Lea");
  await page.goto("/reminders");
  const dialog = await openDialog(page);
  await dialog.getByLabel("Contact").selectOption({ label: "Lea" });
  await dialog.getByLabel("Message").fill("Past the quota");
  await dialog.getByLabel("Date").fill(localDate(1));
  await submitAndExpectCreated(page);
  await expect(page.getByRole("dialog", { name: "Reminder Limit Reached" })).toHaveCount(0);

  await page.goto("/billing");
  await expect(
    page.getByText("Reminder limit reached: further reminders use your credits ($52.50 left)."),
  ).toBeVisible();
  await expect(page.locator("#credits")).toContainText(
    "Once your plan's reminders for this period are used up, each further reminder sent uses 1 cent of credit.",
  );
});

test("the schedule screen's empty state", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/schedule");
  await expect(page.getByText("No scheduled reminders")).toBeVisible();
  await page.getByRole("button", { name: "Schedule Your First Reminder" }).click();
  await expect(page.getByRole("dialog", { name: "Create New Reminder" })).toBeVisible();
});

test("the reminder screens and dialog pass axe's accessibility checks", async ({ page, signIn }) => {
  const user = await signIn();
  const contact = await addContact(user.id, "Leo");
  const due = new Date(Date.now() + 86_400_000);
  await e2eDb.insert(reminders).values({
    workspaceId: user.id,
    contactId: contact.id,
    message: "Check the oven",
    deliveryMethod: "sms",
    scheduleType: "once",
    scheduledFor: due,
    nextRunAt: due,
  });
  const check = async () => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  };
  await page.goto("/reminders");
  await expect(page.getByTestId("reminder-row")).toHaveCount(1);
  await check();
  await page.getByRole("button", { name: "New Reminder" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Reminder" });
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByLabel("Frequency").selectOption("weekly");
  await expect(dialog.getByRole("checkbox", { name: "Mon" })).toBeVisible();
  await check();
  await page.keyboard.press("Escape");
  await page.goto("/schedule");
  await expect(page.getByTestId("schedule-item")).toHaveCount(1);
  await check();
});

test("Send Now on a recurring reminder asks first; an extra message leaves the next one and shows in the History", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: "UTC" });
  const contact = await addContact(user.id, "Ana");
  const next = new Date(Date.now() + 3 * 86_400_000);
  next.setUTCHours(9, 0, 0, 0);
  const [reminder] = await e2eDb
    .insert(reminders)
    .values({
      workspaceId: user.id,
      contactId: contact.id,
      message: "Weekly one",
      deliveryMethod: "sms",
      scheduleType: "recurring",
      frequency: "weekly",
      days: [["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][next.getUTCDay()] as "Mon"],
      time: "09:00",
      timezone: "UTC",
      scheduledFor: next,
      nextRunAt: next,
    })
    .returning();
  await page.goto("/reminders");
  const row = page.getByTestId("reminder-row").filter({ hasText: "Weekly one" });

  // The dialog names both choices; Escape leaves without sending.
  await row.getByRole("button", { name: "Send Now" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Send this reminder now?" });
  await expect(dialog.getByRole("button", { name: "Send an extra message now" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Send the message due .+ now$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect(await e2eDb.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id))).toHaveLength(0);

  // Chosen from the keyboard: the extra message is sent, the next occurrence stays.
  await row.getByRole("button", { name: "Send Now" }).click();
  await dialog.getByRole("button", { name: "Send an extra message now" }).focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(async () =>
      (await e2eDb.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id))).map(
        (d) => d.extra,
      ),
    )
    .toEqual([true]);
  const [after] = await e2eDb.select().from(reminders).where(eq(reminders.id, reminder.id));
  expect(after.nextRunAt?.toISOString()).toBe(next.toISOString());
  await row.getByRole("button", { name: "History" }).click();
  await expect(page.getByTestId("delivery-entry").getByText("Extra message")).toBeVisible();
});
