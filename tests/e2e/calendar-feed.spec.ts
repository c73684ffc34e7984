import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest } from "@playwright/test";
import { eq } from "drizzle-orm";
import { contacts, reminders, workspaceMembers } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";

/** Fetches a URL as a calendar app would: no cookies, no session. */
async function fetchAsCalendarApp(url: string) {
  const context = await playwrightRequest.newContext();
  try {
    const res = await context.get(url);
    return { status: res.status(), type: res.headers()["content-type"], text: await res.text() };
  } finally {
    await context.dispose();
  }
}

test("settings creates a calendar feed link whose copied URL serves the reminders as text/calendar; regenerating revokes it", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  const [contact] = await e2eDb
    .insert(contacts)
    .values({ workspaceId: user.id, name: "Ben Ortiz", email: "ben@example.org" })
    .returning();
  const due = new Date(Date.now() + 2 * 86_400_000);
  await e2eDb.insert(reminders).values({
    workspaceId: user.id,
    contactId: contact.id,
    message: "Call the dentist",
    deliveryMethod: "email",
    scheduleType: "once",
    scheduledFor: due,
    nextRunAt: due,
  });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/settings");

  const card = page.getByTestId("calendar-feed");
  await expect(card.getByRole("heading", { name: "Calendar feed" })).toBeVisible();
  await card.getByRole("button", { name: "Create feed link" }).click();
  await expect(page.getByText("Calendar feed link created")).toBeVisible();
  const field = card.getByLabel("Your calendar feed link");
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

  const audit = await new AxeBuilder({ page }).include("[data-testid=calendar-feed]").analyze();
  expect(audit.violations).toEqual([]);

  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());
  const [stored] = await e2eDb.select().from(workspaceMembers).where(eq(workspaceMembers.userId, user.id));
  expect(copied.endsWith(`/api/calendar/${stored.calendarToken}.ics`)).toBe(true);

  const feed = await fetchAsCalendarApp(copied);
  expect(feed.status).toBe(200);
  expect(feed.type).toBe("text/calendar; charset=utf-8");
  expect(feed.text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(feed.text).toContain("SUMMARY:Reminder to Ben Ortiz (email)");
  expect(feed.text).toContain("DESCRIPTION:Call the dentist");

  // Regenerate: asks first, then the old URL stops working at once.
  await card.getByRole("button", { name: "Regenerate link" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("stops working at once");
  await dialog.getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByText("New calendar feed link created")).toBeVisible();
  await expect(field).not.toHaveValue(copied);
  const fresh = await field.inputValue();
  expect((await fetchAsCalendarApp(copied)).status).toBe(404);
  expect((await fetchAsCalendarApp(fresh)).status).toBe(200);

  // The link is shown again on a later visit.
  await page.reload();
  await expect(page.getByTestId("calendar-feed").getByLabel("Your calendar feed link")).toHaveValue(fresh);
  // The long link never widens a phone's page.
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
