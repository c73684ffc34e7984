import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { reminders, sessions, users, workspaceEvents, workspaceMembers, workspaces } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { trialPlanState } from "@/lib/workspaces/plan-state";
import { e2eDb, expect, gotoWaitsForStreaming, test } from "./fixtures";
import { addContact, localDate, openDialog, submitAndExpectCreated } from "./reminder-helpers";
import { MESSAGES } from "./shell-helpers";

/**
 * Another person, a member of `workspaceId` with `role` and acting in it (their own workspace
 * beside it, as everyone has), signed in: their session token.
 */
async function addMember(
  workspaceId: string,
  role: WorkspaceRole,
  person: Partial<typeof users.$inferInsert>,
): Promise<{ id: string; sessionToken: string }> {
  const [user] = await e2eDb
    .insert(users)
    .values({ email: `member-${randomBytes(5).toString("hex")}@example.com`, ...person })
    .returning();
  await e2eDb.insert(workspaces).values({ id: user.id, name: user.email, ...trialPlanState(new Date()) });
  await e2eDb.insert(workspaceMembers).values([
    { workspaceId: user.id, userId: user.id, role: "owner" },
    { workspaceId, userId: user.id, role },
  ]);
  await e2eDb.update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, user.id));
  const sessionToken = randomBytes(24).toString("hex");
  await e2eDb
    .insert(sessions)
    .values({ sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
  return { id: user.id, sessionToken };
}

/** `context` acts as the person of `sessionToken` from its next request. */
async function actAs(context: BrowserContext, sessionToken: string) {
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await context.addCookies([
    {
      name: "authjs.session-token",
      value: sessionToken,
      domain: hostname,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** A same-origin call from the page itself, as the app's own scripts make it. */
function callFromPage(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { code?: string; message?: string } };
    },
    { method, path, body },
  );
}

test("a member's reminder says who made it, and the owner reads, filters and exports the trail", async ({
  page,
  browser,
  signIn,
}) => {
  const owner = await signIn({ firstName: "Ana", lastName: "Ruiz", timezone: "UTC" });
  await addContact(owner.id, "María");
  const luis = await addMember(owner.id, "member", { firstName: "Luis", lastName: "Gómez", timezone: "UTC" });

  // Luis, in his own browser, creates a reminder to María and cancels it.
  const luisContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await actAs(luisContext, luis.sessionToken);
  const luisPage = gotoWaitsForStreaming(await luisContext.newPage());
  await luisPage.goto("/reminders");
  const dialog = await openDialog(luisPage);
  await dialog.getByLabel("Contact").selectOption({ label: "María" });
  await dialog.getByLabel("Message").fill("Dentist on Friday");
  await dialog.getByLabel("Date").fill(localDate(2, "UTC"));
  await submitAndExpectCreated(luisPage);
  const row = luisPage.getByTestId("reminder-row").filter({ hasText: "Dentist on Friday" });
  await expect(row.getByTestId("authorship")).toHaveText("Created by Luis Gómez");
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(luisPage.getByText("Reminder cancelled")).toBeVisible();
  await luisContext.close();

  // Ana adds a contact from her page: a line of her own.
  await page.goto("/contacts");
  expect(
    await callFromPage(page, "POST", "/api/contacts", { name: "Pedro", email: "pedro@example.com" }),
  ).toMatchObject({
    status: 201,
  });

  // Ana sees who made the reminder, on its row and in its History.
  await page.goto("/reminders");
  const seen = page.getByTestId("reminder-row").filter({ hasText: "Dentist on Friday" });
  await expect(seen.getByTestId("authorship")).toHaveText("Created by Luis Gómez");
  await seen.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("dialog").getByTestId("authorship")).toHaveText("Created by Luis Gómez");
  await page.keyboard.press("Escape");

  // The trail, from Settings.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Open the activity trail" }).click();
  await expect(page).toHaveURL(/\/settings\/team\/activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "Activity trail" })).toBeVisible();
  const lines = page.getByTestId("trail-line");
  await expect(lines).toHaveText([
    /Ana Ruiz added the contact Pedro$/,
    /Luis Gómez cancelled the reminder to María$/,
    /Luis Gómez created a reminder to María$/,
  ]);
  // Each line's time in the viewer's zone, with its instant for machines.
  const created = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, owner.id));
  expect(created).toHaveLength(1);
  await expect(lines.last().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);

  // Filtered by person, then by kind: the address keeps the filters.
  await page.getByLabel("Person").selectOption({ label: "Luis Gómez" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`actorId=${luis.id}`));
  await expect(lines).toHaveText([
    /Luis Gómez cancelled the reminder to María$/,
    /Luis Gómez created a reminder to María$/,
  ]);
  await page.getByLabel("Person").selectOption({ label: "Everyone" });
  await page.getByLabel("Kind").selectOption({ label: "Contacts" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(lines).toHaveText([/Ana Ruiz added the contact Pedro$/]);

  // The export: every line of the filter, in words, with UTC times.
  await page.getByLabel("Kind").selectOption({ label: "Reminders" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(lines).toHaveCount(2);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n");
  expect(csv[0]).toBe('"Time (UTC)","Person","Kind","Activity","API key"');
  expect(csv.slice(1, 3)).toEqual([
    expect.stringMatching(
      /^"\d{4}-\d{2}-\d{2}T[\d:.]+Z","Luis Gómez","Reminders","Luis Gómez cancelled the reminder to María",""$/,
    ),
    expect.stringMatching(
      /^"\d{4}-\d{2}-\d{2}T[\d:.]+Z","Luis Gómez","Reminders","Luis Gómez created a reminder to María",""$/,
    ),
  ]);
  expect(csv.slice(3)).toEqual([""]);
});

test("a viewer, in French on a phone, reads everything and sees no control that changes anything", async ({
  page,
  signIn,
}) => {
  const fr = MESSAGES.fr;
  const owner = await signIn({ firstName: "Ana", lastName: "Ruiz", timezone: "UTC" });
  const marie = await addContact(owner.id, "Marie", { phone: "+33612345678" });
  const due = new Date(Date.now() + 3 * 86_400_000);
  await e2eDb.insert(reminders).values([
    {
      workspaceId: owner.id,
      contactId: marie.id,
      message: "Rendez-vous chez le dentiste",
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: due,
      nextRunAt: due,
      createdBy: owner.id,
      updatedBy: owner.id,
    },
    {
      workspaceId: owner.id,
      contactId: marie.id,
      message: "Appeler la pharmacie",
      deliveryMethod: "email",
      scheduleType: "once",
      status: "failed",
      scheduledFor: new Date(Date.now() - 86_400_000),
      lastError: "Mailbox unavailable",
      createdBy: owner.id,
      updatedBy: owner.id,
    },
  ]);
  await e2eDb.insert(workspaceEvents).values({
    workspaceId: owner.id,
    actorId: owner.id,
    actorName: "Ana Ruiz",
    kind: "contact.created",
    details: { name: "Marie" },
  });
  const viewer = await addMember(owner.id, "viewer", { firstName: "Vera", locale: "fr", timezone: "UTC" });
  await actAs(page.context(), viewer.sessionToken);
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", domain: hostname, path: "/" }]);
  await page.setViewportSize({ width: 375, height: 812 });

  // Reminders: the rows and their History, nothing that creates, edits, sends, cancels or retries.
  await page.goto("/reminders");
  await expect(page.getByTestId("reminder-row")).toHaveCount(2);
  await expect(page.getByTestId("authorship").first()).toHaveText(
    fr.authorship.createdBy.replace("{name}", "Ana Ruiz"),
  );
  await expect(page.getByRole("button", { name: fr.deliveryLog.history })).toHaveCount(2);
  for (const name of [
    fr.reminders.newReminder,
    fr.reminders.edit,
    fr.reminders.cancel,
    fr.reminders.sendNow,
    fr.reminders.retry,
  ])
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
  // ?new=1 opens no dialog either.
  await page.goto(`/reminders?new=1&contactId=${marie.id}`);
  await expect(page.getByTestId("reminder-row").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A direct call is refused by the server with its translated reason.
  const refused = await callFromPage(page, "POST", "/api/reminders", {
    contactId: marie.id,
    type: "text",
    message: "Bonjour",
    deliveryMethod: "email",
    scheduleType: "once",
    scheduledFor: due.toISOString(),
  });
  expect(refused).toMatchObject({ status: 403, json: { code: "role_forbidden" } });
  expect(await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, owner.id))).toHaveLength(2);

  // Contacts: the card, without its menu or Send Reminder, and no add, import, groups or select.
  await page.goto("/contacts");
  const card = page.getByTestId("contact-card").filter({ hasText: "Marie" });
  await expect(card).toBeVisible();
  await expect(
    card.getByRole("button", { name: fr.contacts.menuLabel.replace("{name}", "Marie") }),
  ).toHaveCount(0);
  await expect(card.getByRole("link", { name: fr.contacts.sendReminder })).toHaveCount(0);
  for (const name of [fr.contacts.addContact, fr.contacts.importContacts, fr.groups.manage, fr.groups.select])
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);

  // Schedule: the reminder is listed, with nothing to edit.
  await page.goto("/schedule?view=list");
  await expect(page.getByTestId("schedule-item")).toHaveCount(1);
  await expect(page.getByRole("button", { name: fr.schedule.edit })).toHaveCount(0);
  await expect(page.getByRole("button", { name: fr.schedule.newReminder })).toHaveCount(0);

  // Developers: why, instead of key and webhook controls.
  // Looked up in the main region: while the page streams in, its content may also sit in React's
  // hidden holder for a moment, and a strict lookup would see two.
  await page.goto("/settings/developers");
  const main = page.locator("#main");
  await expect(main.getByTestId("developers-refused")).toHaveText(fr.team.refused.manage_integrations);
  await expect(main.getByTestId("api-keys")).toHaveCount(0);

  // The trail reads in French, within the phone's width.
  await page.goto("/settings/team/activity");
  await expect(page.getByRole("heading", { level: 1, name: fr.trail.title })).toBeVisible();
  await expect(page.getByTestId("trail-line")).toHaveText([/Ana Ruiz a ajouté le contact Marie$/]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
