import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";
import { MESSAGES } from "./shell-helpers";

const m = MESSAGES.en.dashboard.checklist;

test("a new account sees the first-run checklist, ticked from its data, gone once done", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: "UTC" });
  await page.goto("/");
  const checklist = page.getByRole("region", { name: m.title });
  await expect(checklist).toContainText(m.progress.replace("{done}", "0").replace("{total}", "3"));
  for (const key of ["profile", "contact", "reminder"] as const) {
    await expect(checklist.getByTestId(`checklist-${key}`)).toHaveAttribute("data-done", "false");
  }

  // Each step links to where it is done.
  await checklist.getByRole("link", { name: new RegExp(m.contact.title) }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  await addContact(user.id, "Mum");
  await page.goto("/");
  await expect(checklist.getByTestId("checklist-contact")).toHaveAttribute("data-done", "true");
  await expect(checklist).toContainText(m.progress.replace("{done}", "1").replace("{total}", "3"));
  await expect(checklist.getByTestId("checklist-contact")).toContainText(m.done);

  const reminderStep = checklist.getByRole("link", { name: new RegExp(m.reminder.title) });
  await expect(reminderStep).toHaveAttribute("href", "/reminders?new=1");
  await reminderStep.click();
  // The reminders page opens its dialog for ?new=1 and takes the parameter off the URL.
  await expect(page).toHaveURL(/\/reminders$/);
  await expect(page.getByRole("dialog", { name: "Create New Reminder" })).toBeVisible();
  await page.getByRole("dialog").getByLabel("Contact").selectOption({ label: "Mum" });
  await page.getByRole("dialog").getByLabel("Message").fill("Call grandma");
  await page
    .getByRole("dialog")
    .getByLabel("Date")
    .fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Create Reminder" }).click();
  await expect(page.getByText("Reminder created").last()).toBeVisible();

  await page.goto("/");
  await expect(checklist.getByTestId("checklist-reminder")).toHaveAttribute("data-done", "true");
  await e2eDb.update(users).set({ timezone: "Europe/Madrid" }).where(eq(users.id, user.id));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("first-run-checklist")).toHaveCount(0);
});

test("the checklist can be hidden for good", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  await page.goto("/");
  const checklist = page.getByRole("region", { name: m.title });
  await checklist.getByRole("button", { name: m.hide }).click();
  await expect(page.getByTestId("first-run-checklist")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("first-run-checklist")).toHaveCount(0);
  const [row] = await e2eDb.select().from(users).where(eq(users.id, user.id));
  expect(row.checklistHiddenAt).not.toBeNull();
});
