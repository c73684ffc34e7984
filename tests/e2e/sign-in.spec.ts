import { desc, eq } from "drizzle-orm";
import { outboxMessages, users, verificationTokens, workspaces } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";

test("signs in through the real magic link from the dev outbox and out again", async ({ page }) => {
  const email = `magic-${Date.now()}@example.com`;
  await page.goto("/api/login");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\/check-email$/);

  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).first();
  await expect(message).toBeVisible();
  await message.getByRole("link").first().click();

  // The link opens a page; only its button signs in (a mail scanner's GET uses nothing up).
  await expect(page).toHaveURL(/\/sign-in\/confirm\?/);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The menu answers once the page is hydrated (a click before that is lost on a busy machine).
  await expect(async () => {
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("signed-in-email")).toContainText(email, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const [user] = await e2eDb.select().from(users).where(eq(users.email, email));
  // Signing up made the person a workspace of their own, with their id, on the trial.
  const [workspace] = await e2eDb.select().from(workspaces).where(eq(workspaces.id, user.id));
  expect(workspace.planType).toBe("trial");
  expect(workspace.remindersQuota).toBe(50);

  // Opening the log-out address changes nothing (an image or a prefetch may); its button logs out.
  await page.goto("/api/logout");
  await expect(page).toHaveURL(/\/sign-out$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log out?");
  await page.goto("/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.goto("/api/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  // Signed out, the session is gone: the dashboard is out of reach.
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
});

test("/api/login and signed-out redirects stay on the host the browser used (127.0.0.1)", async ({
  page,
}) => {
  const local = `http://127.0.0.1:${process.env.E2E_PORT}`;
  await page.goto(`${local}/api/login?callbackUrl=/contacts`);
  await expect(page).toHaveURL(`${local}/sign-in?callbackUrl=%2Fcontacts`);
  await page.goto(`${local}/reminders`);
  await expect(page).toHaveURL(`${local}/`);
});

test("a reused magic link shows a clear page, not a crash", async ({ page }) => {
  const email = `reuse-${Date.now()}@example.com`;
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  const [sent] = await e2eDb
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const link = /https?:\/\/\S+/.exec(sent.text)?.[0] ?? "";
  expect(link).toContain("/sign-in/confirm?");
  // The link lives 30 minutes.
  const [stored] = await e2eDb
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.identifier, email));
  expect(stored.expires.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  expect(stored.expires.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);
  // A prefetch (mail scanner) of the link and of Auth.js's callback does not use it up.
  expect((await page.request.get(link)).status()).toBe(200);
  const callback = link.replace("/sign-in/confirm", "/api/auth/callback/nodemailer");
  expect((await page.request.get(callback, { maxRedirects: 0 })).status()).toBe(303);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The menu answers once the page is hydrated (a click before that is lost on a busy machine).
  await expect(async () => {
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("signed-in-email")).toContainText(email, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("This sign-in link has expired or was already used")).toBeVisible();
});

test("signed-out visits to signed-in routes go to the landing page", async ({ page }) => {
  for (const route of ["/contacts", "/reminders", "/schedule", "/settings", "/billing", "/checkout"]) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/$/);
  }
});

test("the quick sign-in fixture shows the user's e-mail on the home page", async ({ page, signIn }) => {
  const user = await signIn();
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await expect(page.getByTestId("signed-in-email")).toContainText(user.email);
});

test("an unknown path shows the not-found text", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
