import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, desc, eq } from "drizzle-orm";
import {
  contacts,
  outboxMessages,
  reminders,
  users,
  workspaceInvitations,
  workspaceMembers,
} from "@/db/schema";
import { e2eDb, expect, gotoWaitsForStreaming, test } from "./fixtures";
import { localDate } from "./reminder-helpers";
import { en, es } from "./shell-helpers";

const ZONE = "Europe/Madrid";

test.use({ timezoneId: ZONE });

/** A catalogue message with its `{placeholders}` filled, as the page shows it. */
function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** The newest link of the kind `path` e-mailed to `to`, from the dev outbox's table. */
async function mailedLink(to: string, path: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const [sent] = await e2eDb
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, to))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    link = sent?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path)) ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 15_000 });
  return link;
}

/**
 * The workspace switch by keyboard: focus it, open it with Enter, arrow down to `name`, choose it
 * with Enter. At 375 px it sits in the sidebar's sheet, opened first (Enter on its button).
 */
async function switchByKeyboard(page: Page, name: string, toggleLabel: string) {
  // By keyboard from the start: a phone's toasts sit over the header.
  await page.getByRole("button", { name: toggleLabel }).focus();
  await page.keyboard.press("Enter");
  const trigger = page.getByTestId("sidebar-sheet").getByTestId("workspace-switch");
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const target = menu.getByRole("menuitemradio", { name: new RegExp(`^${name}\\b`) });
  for (let step = 0; step < 5 && !(await target.evaluate((el) => el === document.activeElement)); step++)
    await page.keyboard.press("ArrowDown");
  await expect(target).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
}

test("a team shares one account: Ana invites Luis, who joins from the e-mail, works in her contacts, and loses access once removed", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const ana = await signIn({ timezone: ZONE });
  const workspace = "Ana Díaz";
  const luisEmail = `luis-${randomBytes(4).toString("hex")}@example.com`;

  // Ana adds a contact, then opens Settings → Team from the sidebar.
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const contactDialog = page.getByRole("dialog", { name: "Add Contact" });
  await contactDialog.getByLabel("Name", { exact: true }).fill("Carmen Ortega");
  await contactDialog.getByLabel("Email", { exact: true }).fill("carmen@example.com");
  await contactDialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact added")).toBeVisible();
  const [carmen] = await e2eDb.select().from(contacts).where(eq(contacts.workspaceId, ana.id));
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(page.getByTestId("seat-count")).toHaveText("Members: 1 of 3");
  const anaRow = page.getByTestId("member-row").filter({ hasText: ana.email });
  await expect(anaRow.getByTestId("owner-badge")).toHaveText("Owner");

  // She invites Luis as a member; each role says what it may do.
  const invite = page.getByTestId("invite-form");
  await expect(invite.getByText(en.team.roleDescriptions.viewer)).toBeVisible();
  await invite.getByLabel("Email address").fill(luisEmail);
  await expect(invite.getByRole("radio", { name: "Member" })).toBeChecked();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${luisEmail}`)).toBeVisible();
  await expect(page.getByTestId("invitation-row").filter({ hasText: luisEmail })).toContainText("Member");
  await expect(page.getByTestId("seat-count")).toContainText("Plus 1 open invitation");

  // Luis, on his phone in Spanish, opens the e-mailed link from the dev outbox.
  const phone = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 375, height: 812 },
    locale: "es-ES",
    timezoneId: ZONE,
  });
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await phone.addCookies([{ name: "NEXT_LOCALE", value: "es", domain: hostname, path: "/" }]);
  const luis = gotoWaitsForStreaming(await phone.newPage());
  await luis.goto("/dev/outbox");
  const mail = luis.getByTestId("outbox-message").filter({ hasText: luisEmail });
  await expect(mail).toContainText(fill(en.team.invitationEmail.subject, { inviter: workspace, workspace }));
  await mail.getByRole("link").first().click();
  await expect(luis).toHaveURL(/\/invitations\/[\w-]{40,}$/);
  const invitationPath = new URL(luis.url()).pathname;
  await expect(luis.getByTestId("invitation-summary")).toHaveText(
    fill(es.team.invitationPage.invited, {
      inviter: workspace,
      email: luisEmail,
      workspace,
      role: es.team.roles.member,
    }),
  );
  await expect(luis.getByText(fill(es.team.invitationPage.signedOut, { email: luisEmail }))).toBeVisible();
  await expect.poll(() => luis.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // He has no account yet: the magic link creates it and brings him back to the invitation.
  await luis.getByRole("link", { name: es.team.invitationPage.signIn }).click();
  await expect(luis).toHaveURL(
    (url) => url.pathname === "/sign-in" && url.searchParams.get("callbackUrl") === invitationPath,
  );
  await luis.getByLabel(es.auth.emailLabel).fill(luisEmail);
  await luis.getByRole("button", { name: es.auth.sendLink }).click();
  await expect(luis.getByText(es.auth.checkEmailTitle)).toBeVisible();
  await luis.goto(await mailedLink(luisEmail, "/sign-in/confirm"));
  await luis.getByRole("button", { name: es.auth.confirmButton }).click();
  await expect(luis).toHaveURL((url) => url.pathname === invitationPath);
  await luis.getByRole("button", { name: fill(es.team.invitationPage.join, { workspace }) }).click();
  await expect(luis).toHaveURL(/\/$/);
  const [luisUser] = await e2eDb.select().from(users).where(eq(users.email, luisEmail));
  const luisToggle = es.shell.toggleSidebar;

  // He works in Ana's workspace: her contact is there, and he schedules a reminder to it.
  await luis.goto("/contacts");
  await expect(luis.getByTestId("contact-card").filter({ hasText: "Carmen Ortega" })).toBeVisible();
  await luis.goto("/reminders");
  await luis.getByRole("button", { name: es.reminders.newReminder }).first().click();
  const dialog = luis.getByRole("dialog", { name: es.reminderForm.titleCreate });
  await dialog.getByLabel(es.reminderForm.contact, { exact: true }).selectOption({ label: "Carmen Ortega" });
  await dialog.getByLabel(es.reminderForm.message, { exact: true }).fill("Recoger las recetas");
  await dialog.getByLabel(es.reminderForm.date, { exact: true }).fill(localDate(1, ZONE));
  await dialog.getByRole("button", { name: es.reminderForm.submitCreate }).click();
  await expect(luis.getByText(es.reminderForm.created).last()).toBeVisible();
  const [reminder] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, ana.id));
  expect(reminder).toMatchObject({
    contactId: carmen.id,
    createdBy: luisUser.id,
    message: "Recoger las recetas",
  });

  // As a member he sees the team read-only, and neither billing nor the invitation form.
  await luis.getByRole("button", { name: luisToggle }).click();
  const sheet = luis.getByTestId("sidebar-sheet");
  await expect(sheet.getByRole("link", { name: es.shell.nav.billing })).toHaveCount(0);
  await sheet.getByRole("link", { name: es.shell.nav.team }).click();
  await expect(luis.getByRole("heading", { name: es.team.page.title, level: 1 })).toBeVisible();
  await expect(luis.getByTestId("member-row")).toHaveCount(2);
  await expect(luis.getByTestId("team-invite")).toHaveCount(0);
  await expect(luis.getByRole("button", { name: es.team.members.remove })).toHaveCount(0);
  await expect(luis.getByText(es.team.refused.manage_settings)).toBeVisible();
  await expect(luis.getByTestId("team-leave")).toBeVisible();
  await luis.goto("/billing");
  await expect(luis.locator("#main").getByTestId("billing-owner-only")).toBeVisible();
  const refused = await luis.request.post("/api/team/invitations", {
    data: { email: "someone@example.com", role: "viewer" },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("role_forbidden");

  // Made an admin, he gets the form; made a member again before he sends it, the refusal is
  // shown in his language.
  await page.reload();
  const luisRow = page.getByTestId("member-row").filter({ hasText: luisEmail });
  await luisRow.getByLabel(`Role of ${luisEmail}`).selectOption("admin");
  await luisRow.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText(`${luisEmail}'s role is now Admin`)).toBeVisible();
  await luis.goto("/settings/team");
  const luisInvite = luis.getByTestId("invite-form");
  await luisInvite.getByLabel(es.team.invite.email).fill("someone@example.com");
  await luisRow.getByLabel(`Role of ${luisEmail}`).selectOption("member");
  await luisRow.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText(`${luisEmail}'s role is now Member`)).toBeVisible();
  await luisInvite.getByRole("button", { name: es.team.invite.send }).click();
  await expect(luisInvite.getByRole("alert")).toHaveText(es.errors.role_forbidden);

  // The switch, by keyboard on the phone: his own workspace has none of Ana's contacts.
  const own = luisEmail.split("@")[0];
  await luis.goto("/contacts");
  await switchByKeyboard(luis, own, luisToggle);
  await expect(luis.getByText(fill(es.team.switch.switched, { workspace: own }))).toBeVisible();
  await expect(luis.getByTestId("contact-card")).toHaveCount(0);
  await switchByKeyboard(luis, workspace, luisToggle);
  await expect(luis.getByTestId("contact-card").filter({ hasText: "Carmen Ortega" })).toBeVisible();

  // Ana removes him: the dialog says what happens; his next request no longer reaches her data.
  await luisRow.getByRole("button", { name: `Remove ${luisEmail}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Remove ${luisEmail} from ${workspace}?`);
  await expect(confirm).toContainText(en.team.members.removeDescription);
  await confirm.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText(`${luisEmail} was removed`)).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(page.getByTestId("seat-count")).toHaveText("Members: 1 of 3");
  const memberships = await e2eDb
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, ana.id), eq(workspaceMembers.userId, luisUser.id)));
  expect(memberships).toEqual([]);

  await luis.reload();
  await expect(luis.getByTestId("contact-card")).toHaveCount(0);
  const gone = await luis.request.delete(`/api/contacts/${carmen.id}`);
  expect(gone.status()).toBe(404);
  expect(await e2eDb.select().from(contacts).where(eq(contacts.id, carmen.id))).toHaveLength(1);
  // The reminder he made keeps going in Ana's workspace.
  await page.goto("/reminders");
  await expect(page.getByText("Recoger las recetas")).toBeVisible();
  await phone.close();
});

test("the invitation page says plainly when a link is not valid, expired, withdrawn or for another address", async ({
  page,
  signIn,
}) => {
  await page.goto(`/invitations/${randomBytes(32).toString("base64url")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.team.invitationPage.invalidTitle);
  await page.goto("/invitations/short");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.team.invitationPage.invalidTitle);

  // Ana invites two addresses; one invitation runs out, the other is withdrawn.
  const ana = await signIn();
  await page.goto("/settings/team");
  const invite = page.getByTestId("invite-form");
  const links: string[] = [];
  await invite.getByLabel("Email address").fill("late@example.com");
  await invite.getByRole("radio", { name: "Viewer" }).click();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent to late@example.com")).toBeVisible();
  await expect(page.getByTestId("seats-full")).toHaveCount(0);
  // Another admin takes the trial's last seat meanwhile (here, the API behind this page's back):
  // the next invitation from the page is refused, with the way to a seat.
  const second = await page.request.post("/api/team/invitations", {
    data: { email: "withdrawn@example.com", role: "viewer" },
  });
  expect(second.status()).toBe(201);
  links.push(await mailedLink("late@example.com", "/invitations/"));
  links.push(await mailedLink("withdrawn@example.com", "/invitations/"));
  await invite.getByLabel("Email address").fill("third@example.com");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("alert")).toHaveText(en.errors.seat_limit);
  await expect(invite.getByRole("link", { name: en.team.seats.addSeat })).toHaveAttribute("href", "/billing");
  expect(
    await e2eDb
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.email, "third@example.com")),
  ).toEqual([]);
  await page.reload();
  await expect(page.getByTestId("seats-full")).toContainText(en.team.seats.full);
  await expect(page.getByTestId("seat-count")).toContainText("Plus 2 open invitations");

  // An expired invitation holds no seat.
  await e2eDb
    .update(workspaceInvitations)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(workspaceInvitations.email, "late@example.com"));
  await page.reload();
  await expect(page.getByTestId("seat-count")).toContainText("Plus 1 open invitation");
  await expect(page.getByTestId("seats-full")).toHaveCount(0);
  const late = page.getByTestId("invitation-row").filter({ hasText: "late@example.com" });
  await expect(late).toContainText("Expired");
  const withdrawn = page.getByTestId("invitation-row").filter({ hasText: "withdrawn@example.com" });
  await withdrawn.getByRole("button", { name: "Withdraw the invitation to withdrawn@example.com" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Withdraw invitation" }).click();
  await expect(page.getByText("Invitation withdrawn")).toBeVisible();
  await expect(withdrawn).toHaveCount(0);

  // Signed in as Ana, a live link for someone else offers to sign out.
  await late.getByRole("button", { name: "Resend the invitation to late@example.com" }).click();
  await expect(page.getByText("Invitation sent again to late@example.com")).toBeVisible();
  await expect(late).not.toContainText("Expired");
  const resent = await mailedLink("late@example.com", "/invitations/");
  expect(resent).not.toBe(links[0]);
  await page.goto(resent);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.team.invitationPage.otherAccountTitle);
  await expect(page.getByTestId("invitation-page")).toContainText(
    fill(en.team.invitationPage.otherAccount, { email: "late@example.com", current: ana.email }),
  );
  // The old link of a resent invitation no longer works; a withdrawn one says so.
  await page.goto(links[0]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.team.invitationPage.invalidTitle);
  await page.goto(links[1]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.team.invitationPage.revokedTitle);

  await page.goto(resent);
  await page.getByRole("button", { name: en.team.invitationPage.signOut }).click();
  await expect(page.getByRole("link", { name: en.team.invitationPage.signIn })).toBeVisible();
  await expect(page.getByTestId("invitation-summary")).toContainText("late@example.com");

  // Run out: expired, naming the workspace.
  await e2eDb
    .update(workspaceInvitations)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(workspaceInvitations.email, "late@example.com"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.team.invitationPage.expiredTitle);
  await expect(page.getByTestId("invitation-page")).toContainText(
    "Invitations work for 7 days. Ask someone at Ana Díaz to send you a new one.",
  );
});
